#include "session/localsandboxescontroller.h"

#include "api/apicall.h"
#include "api/klavislocalsandboxservice.h"
#include "models/localsandboxfilterproxy.h"
#include "models/localsandboxtreemodel.h"
#include "session/appsession.h"
#include "session/bulkaction.h"

#include <utility>

using namespace Qt::StringLiterals;

LocalSandboxesController::LocalSandboxesController(AppSession *session, QObject *parent)
    : SandboxListController(session, parent), m_store(session->localStore()),
      m_model(new LocalSandboxTreeModel(this)), m_proxy(new LocalSandboxFilterProxy(this)),
      m_recorder(LedgerAccess(session->ledger()), this)
{
    m_model->setStore(m_store);
    m_proxy->setSourceModel(m_model);
}

LocalSandboxesController::~LocalSandboxesController()
{
    // As in SandboxesController: the dying model must not make the proxy report counts to the page.
    m_proxy->blockSignals(true);
}

void LocalSandboxesController::clear()
{
    if (m_refreshCall)
        m_refreshCall->abort();
    m_refreshAgain = false;
    m_store->clear();
    forgetRefreshed();
}

void LocalSandboxesController::refresh()
{
    // Without a key (first run, before the Welcome dialog is answered) a list would only earn a red
    // banner behind that dialog: nothing is asked of the API until there is a key to ask with.
    if (!session()->hasKey())
        return;
    if (m_refreshCall) {
        // Asked for after the list in flight was requested (an acquire, say): it may miss the news.
        m_refreshAgain = true;
        return;
    }
    m_refreshCall =
        session()->localSandboxes()->list(this, [this](const ApiResult<LocalSandboxList> &result) {
            m_refreshCall = nullptr;
            if (!result) {
                m_refreshAgain = false; // the scheduler tries again; a failure is not repeated at once
                if (result.error().kind() != ApiError::Kind::Cancelled)
                    emit refreshFailed(result.error());
                return;
            }
            // A handful of sandboxes: published at once, and the tree follows in the same turn.
            m_store->publishNow(result->localSandboxes);
            announceRefreshed();
            if (!m_pendingSelection.isEmpty() && m_model->sandboxById(m_pendingSelection)) {
                emit acquiredSandboxListed(m_pendingSelection);
                m_pendingSelection.clear();
            }
            if (std::exchange(m_refreshAgain, false))
                refresh();
        });
}

void LocalSandboxesController::loadDetails(const QString &localSandboxId)
{
    if (m_detailsCall)
        m_detailsCall->abort();
    m_detailsCall = session()->localSandboxes()->details(
        localSandboxId, this, [this](const ApiResult<LocalSandbox> &result) {
            if (result) {
                m_store->replace(result.value());
                emit detailsLoaded(result.value());
            } else if (result.error().kind() != ApiError::Kind::Cancelled) {
                emit detailsFailed(result.error());
            }
        });
}

void LocalSandboxesController::acquire(const LocalAcquireRequest &request, QObject *context,
                                       ResultHandler<LocalSandbox> done)
{
    const qint64 ttl = request.ttlSeconds.value_or(0);
    m_recorder.setProfile(session()->profileName());
    m_recorder.begin(
        LedgerOperationKind::Acquire, LedgerProvider::KlavisLocal,
        request.allServers ? QStringList{u"ALL"_s} : request.serverNames, {}, {}, request.benchmark, {}, ttl,
        [this, request, ttl, caller = QPointer<QObject>(context), done = std::move(done)](qint64 intent) {
            // The answer comes here, not to the caller: a dialog closed meanwhile must not leave the intent
            // open, as if the app had crashed.
            session()->localSandboxes()->acquire(
                request, this,
                [this, request, ttl, intent, caller, done](const ApiResult<LocalSandbox> &result) {
                    m_recorder.finish(intent, result.error(), result ? result->localSandboxId : QString());
                    if (result) {
                        m_recorder.acquiredLocal(result.value(), {}, request.benchmark, ttl);
                        m_pendingSelection = result->localSandboxId;
                        refresh();
                    }
                    if (caller)
                        done(result);
                });
        });
}

void LocalSandboxesController::runBulk(Bulk kind, const QStringList &ids)
{
    for (const auto &id : ids)
        m_store->setBusy(id, true);
    m_recorder.setProfile(session()->profileName());
    // Each item is sent once its intent is written; the calls answer this controller, which records them.
    auto starter = [this, ids, kind](int index, QObject *context,
                                     ResultHandler<SandboxActionResult> done) -> ApiCall * {
        const QString &id = ids[index];
        const bool release = kind == Bulk::Release;
        m_recorder.begin(
            release ? LedgerOperationKind::Release : LedgerOperationKind::Reset, LedgerProvider::KlavisLocal,
            {}, id,
            [this, id, release, caller = QPointer<QObject>(context), done = std::move(done)](qint64 intent) {
                auto recorded = [this, id, release, intent, caller,
                                 done](const ApiResult<SandboxActionResult> &result) {
                    m_recorder.finish(intent, result.error(), id);
                    if (result && release)
                        m_recorder.released(LedgerProvider::KlavisLocal, id);
                    if (caller)
                        done(result);
                };
                auto *service = session()->localSandboxes();
                if (release)
                    service->release(id, this, recorded);
                else
                    service->reset(id, this, recorded);
            });
        return nullptr;
    };
    auto *action = new BulkAction(kind == Bulk::Release ? BulkAction::Verb::Release : BulkAction::Verb::Reset,
                                  ids, starter, this);
    connect(action, &BulkAction::itemFinished, this,
            [this, ids](int index, bool) { m_store->setBusy(ids[index], false); });
    connect(action, &BulkAction::finished, this, [this, action] {
        emit bulkFinished(action->summary(), action->failures());
        action->deleteLater();
        refresh();
    });
    action->start();
}
