#include "session/sandboxescontroller.h"

#include "api/apicall.h"
#include "api/klavissandboxservice.h"
#include "models/sandboxfilterproxy.h"
#include "models/sandboxlistmodel.h"
#include "session/appsession.h"
#include "session/bulkaction.h"

#include <utility>

using namespace Qt::StringLiterals;

SandboxesController::SandboxesController(AppSession *session, QObject *parent)
    : SandboxListController(session, parent), m_store(session->klavisStore()),
      m_model(new SandboxListModel(this)), m_proxy(new SandboxFilterProxy(this)),
      m_recorder(LedgerAccess(session->ledger()), this)
{
    m_model->setStore(m_store);
    m_proxy->setSourceModel(m_model);
    connect(m_model, &SandboxListModel::snapshotApplied, this, &SandboxesController::onSnapshotApplied);
}

SandboxesController::~SandboxesController()
{
    // The model dies with this object's children, and the proxy would announce the counts of the dying model
    // to pages that then ask this half-destroyed controller for it (UBSan: dynamic-type-mismatch).
    m_proxy->blockSignals(true);
}

void SandboxesController::clear()
{
    m_refresh.abort();
    m_publishQueued = false; // a list answered for the account before is not published
    m_store->clear();
    forgetRefreshed();
}

bool SandboxesController::isRefreshing() const
{
    return m_refresh.isRunning() || m_publishQueued || m_store->isPublishing() || m_model->isApplying();
}

void SandboxesController::refresh()
{
    // Without a key (first run, before the Welcome dialog is answered) a list would only earn a red
    // banner behind that dialog: nothing is asked of the API until there is a key to ask with.
    if (!session()->hasKey())
        return;
    // The whole account, never a server-side filter: the store is what every view of it reads (the leak
    // count must not follow this page's filters).
    m_refresh.start<SandboxList>(
        [this](ResultHandler<SandboxList> handler) {
            return session()->sandboxes()->listDecodedOffThread({}, this, std::move(handler));
        },
        [this] { refresh(); },
        // The model follows the store in steps: 100,000 rows at once would hold the GUI thread. Published on
        // the next turn of the event loop, once the call's own result is gone: the store then has the only
        // reference to the list and shares its texts with the last one in place, without copying it first.
        [this](const SandboxList &list) {
            m_publishQueued = true;
            QMetaObject::invokeMethod(
                this,
                [this, sandboxes = list.sandboxes]() mutable {
                    if (std::exchange(m_publishQueued, false))
                        m_store->publish(std::move(sandboxes));
                },
                Qt::QueuedConnection);
        },
        [this](const ApiError &error) { emit refreshFailed(error); });
}

void SandboxesController::onSnapshotApplied()
{
    announceRefreshed();
    if (!m_pendingSelection.sandboxId.isEmpty() &&
        m_model->rowOf(m_pendingSelection.serverName, m_pendingSelection.sandboxId) >= 0) {
        emit acquiredSandboxListed(m_pendingSelection.serverName, m_pendingSelection.sandboxId);
        m_pendingSelection = {};
    }
}

void SandboxesController::loadDetails(const SandboxKey &key)
{
    if (m_detailsCall)
        m_detailsCall->abort(); // only the latest selection matters
    m_detailsCall = session()->sandboxes()->details(
        key.serverName, key.sandboxId, this, [this](const ApiResult<SandboxDetails> &result) {
            if (result)
                emit detailsLoaded(result.value());
            else if (result.error().kind() != ApiError::Kind::Cancelled)
                emit detailsFailed(result.error());
        });
}

ApiCall *SandboxesController::fetchDetails(const SandboxKey &key, QObject *context,
                                           ResultHandler<SandboxDetails> done)
{
    return session()->sandboxes()->details(key.serverName, key.sandboxId, context, std::move(done));
}

void SandboxesController::acquire(const AcquireRequest &request, QObject *context,
                                  ResultHandler<AcquiredSandbox> done)
{
    const QStringList tags = request.tag.isEmpty() ? QStringList() : QStringList{request.tag};
    const qint64 ttl = request.ttlSeconds.value_or(0);
    m_recorder.setProfile(session()->profileName());
    m_recorder.begin(
        LedgerOperationKind::Acquire, LedgerProvider::Klavis, {request.serverName}, {}, {}, request.benchmark,
        tags, ttl,
        [this, request, tags, ttl, caller = QPointer<QObject>(context),
         done = std::move(done)](qint64 intent) {
            // The answer comes to this controller, not the caller: a dialog closed meanwhile must not leave
            // the intent open, as if the app had crashed.
            session()->sandboxes()->acquire(
                request, this,
                [this, request, tags, ttl, intent, caller, done](const ApiResult<AcquiredSandbox> &result) {
                    m_recorder.finish(intent, result.error(), result ? result->sandboxId : QString());
                    if (result) {
                        m_recorder.acquired(LedgerProvider::Klavis, result->sandboxId, {request.serverName},
                                            {}, request.benchmark, tags, ttl, result->serverUrls.values());
                        m_pendingSelection = {result->serverName, result->sandboxId};
                        refresh();
                    }
                    if (caller)
                        done(result);
                });
        });
}

void SandboxesController::runBulk(Bulk kind, const QList<SandboxKey> &keys)
{
    QStringList labels;
    for (const auto &key : keys) {
        labels << key.label();
        m_store->setBusy(key, true);
    }
    m_recorder.setProfile(session()->profileName());
    // Each item is sent once its intent is written; the calls answer this controller, which records them.
    auto starter = [this, keys, kind](int index, QObject *context,
                                      ResultHandler<SandboxActionResult> done) -> ApiCall * {
        const SandboxKey &key = keys[index];
        const bool release = kind == Bulk::Release;
        m_recorder.begin(
            release ? LedgerOperationKind::Release : LedgerOperationKind::Reset, LedgerProvider::Klavis,
            {key.serverName}, key.sandboxId,
            [this, key, release, caller = QPointer<QObject>(context), done = std::move(done)](qint64 intent) {
                auto recorded = [this, key, release, intent, caller,
                                 done](const ApiResult<SandboxActionResult> &result) {
                    m_recorder.finish(intent, result.error(), key.sandboxId);
                    if (result && release)
                        m_recorder.released(LedgerProvider::Klavis, key.sandboxId);
                    if (caller)
                        done(result);
                };
                auto *service = session()->sandboxes();
                if (release)
                    service->release(key.serverName, key.sandboxId, this, recorded);
                else
                    service->reset(key.serverName, key.sandboxId, this, recorded);
            });
        return nullptr;
    };
    auto *action = new BulkAction(kind == Bulk::Release ? BulkAction::Verb::Release : BulkAction::Verb::Reset,
                                  labels, starter, this);
    connect(action, &BulkAction::itemFinished, this,
            [this, keys](int index, bool) { m_store->setBusy(keys[index], false); });
    connect(action, &BulkAction::finished, this, [this, action] {
        emit bulkFinished(action->summary(), action->failures());
        action->deleteLater();
        refresh();
    });
    action->start();
}
