#include "session/blaxelsandboxescontroller.h"

#include "api/blaxelsandboxfilter.h"
#include "api/blaxelsandboxservice.h"
#include "api/blaxelstatus.h"
#include "models/blaxelsandboxfilterproxy.h"
#include "models/blaxelsandboxlistmodel.h"
#include "models/displaytext.h"
#include "session/appsession.h"

#include <QPointer>

#include <memory>
#include <utility>

using namespace Qt::StringLiterals;

// The deletions of one deleteSandboxes() call, for its summary.
struct BlaxelSandboxesController::Batch
{
    QStringList names;
    QStringList failures;
    int pending = 0;
    bool cancelled = false; // clear() stopped it: nothing to report
};

BlaxelSandboxesController::BlaxelSandboxesController(AppSession *session, QObject *parent)
    : SandboxListController(session, parent), m_store(session->blaxelStore()),
      m_model(new BlaxelSandboxListModel(this)), m_proxy(new BlaxelSandboxFilterProxy(this)),
      m_recorder(LedgerAccess(session->ledger()), this)
{
    m_model->setStore(m_store);
    m_proxy->setSourceModel(m_model);
}

BlaxelSandboxesController::~BlaxelSandboxesController()
{
    // Pages connected to the proxy must not hear about the dying model.
    m_proxy->blockSignals(true);
}

bool BlaxelSandboxesController::isConnected() const
{
    return session()->hasBlaxel();
}

QString BlaxelSandboxesController::workspace() const
{
    return session()->blaxelWorkspace();
}

void BlaxelSandboxesController::clear()
{
    m_refresh.abort();
    if (m_detailsCall)
        m_detailsCall->abort();
    const auto deletions = std::exchange(m_deletions, {});
    for (const auto &operation : deletions) {
        if (operation)
            operation->abort();
    }
    m_store->clear();
    forgetRefreshed();
}

void BlaxelSandboxesController::refresh()
{
    if (!isConnected())
        return;
    m_refresh.start<BlaxelSandboxList>(
        [this](ResultHandler<BlaxelSandboxList> handler) {
            BlaxelSandboxFilter filter;
            // Terminated ones too: the proxy hides them, and a deleted row is seen reaching its end.
            filter.showTerminated = true;
            return session()->blaxelSandboxes()->listDecodedOffThread(filter, this, std::move(handler));
        },
        [this] { refresh(); },
        [this](const BlaxelSandboxList &list) {
            // A workspace's sandboxes, not 100,000: published at once, and the table follows in this turn.
            m_store->publishNow(list.items);
            announceRefreshed();
            if (!m_pendingSelection.isEmpty() && m_model->rowOf(m_pendingSelection) >= 0)
                emit createdSandboxListed(std::exchange(m_pendingSelection, {}));
        },
        [this](const ApiError &error) { emit refreshFailed(error); });
}

void BlaxelSandboxesController::loadDetails(const QString &name)
{
    if (m_detailsCall)
        m_detailsCall->abort(); // only the latest selection matters
    m_detailsCall =
        session()->blaxelSandboxes()->get(name, this, [this](const ApiResult<BlaxelSandbox> &result) {
            if (result)
                emit detailsLoaded(result.value());
            else if (result.error().kind() != ApiError::Kind::Cancelled)
                emit detailsFailed(result.error());
        });
}

void BlaxelSandboxesController::create(const BlaxelCreateRequest &request, QObject *context,
                                       ResultHandler<BlaxelSandbox> done)
{
    m_recorder.setProfile(session()->blaxelProfileName());
    // The ledger's server column says what the sandbox runs: its image, when the request names one.
    const QStringList image = request.image.isEmpty() ? QStringList() : QStringList{request.image};
    m_recorder.begin(
        LedgerOperationKind::Acquire, LedgerProvider::Blaxel, image, request.name,
        [this, request, image, caller = QPointer<QObject>(context), done = std::move(done)](qint64 intent) {
            // The answer comes here, not to the caller: a dialog closed meanwhile must not leave the intent
            // open, as if the app had crashed.
            session()->blaxelSandboxes()->create(
                request, this, [this, image, intent, caller, done](const ApiResult<BlaxelSandbox> &result) {
                    m_recorder.finish(intent, result.error(), result ? result->name : QString());
                    if (result) {
                        m_recorder.acquired(LedgerProvider::Blaxel, result->name, image, {}, {}, {}, 0, {});
                        m_pendingSelection = result->name;
                        refresh();
                    }
                    if (caller)
                        done(result);
                });
        });
}

void BlaxelSandboxesController::update(const QString &name, const BlaxelSandboxUpdate &change,
                                       QObject *context, ResultHandler<BlaxelSandbox> done)
{
    m_store->setBusy(name, true);
    session()->blaxelSandboxes()->update(name, change, this,
                                         [this, name, caller = QPointer<QObject>(context),
                                          done = std::move(done)](const ApiResult<BlaxelSandbox> &result) {
                                             m_store->setBusy(name, false);
                                             if (result) {
                                                 m_store->replace(result.value());
                                                 emit detailsLoaded(result.value());
                                             }
                                             if (caller)
                                                 done(result);
                                         });
}

void BlaxelSandboxesController::deleteSandboxes(const QStringList &names)
{
    auto batch = std::make_shared<Batch>();
    for (const QString &name : names) {
        if (!m_deletions.contains(name) && !batch->names.contains(name))
            batch->names << name;
    }
    if (batch->names.isEmpty())
        return;
    batch->pending = int(batch->names.size());
    m_recorder.setProfile(session()->blaxelProfileName());
    for (const QString &name : std::as_const(batch->names)) {
        m_store->setBusy(name, true);
        // Held while the intent is written (no call yet), so that a second Delete skips it.
        m_deletions.insert(name, nullptr);
        m_recorder.begin(LedgerOperationKind::Release, LedgerProvider::Blaxel, {}, name,
                         [this, batch, name](qint64 intent) { sendDelete(batch, name, intent); });
    }
}

void BlaxelSandboxesController::sendDelete(const std::shared_ptr<Batch> &batch, const QString &name,
                                           qint64 intent)
{
    if (!m_deletions.contains(name)) {
        // clear() came while the intent was written: the request was never sent.
        m_recorder.finish(intent, LedgerOperationState::Failed, u"cancelled before it was sent"_s);
        finishOne(batch, name, ApiError::cancelled());
        return;
    }
    BlaxelSandboxService *service = session()->blaxelSandboxes();
    m_deletions.insert(
        name, service->remove(
                  name, this, [this, batch, name, service, intent](const ApiResult<BlaxelSandbox> &removed) {
                      // The DELETE's answer decides: the wait for TERMINATED after it only watches.
                      m_recorder.finish(intent, removed.error(), name);
                      if (!removed) {
                          finishOne(batch, name, removed.error());
                          return;
                      }
                      m_recorder.released(LedgerProvider::Blaxel, name);
                      m_store->replace(removed.value());
                      m_deletions.insert(
                          name,
                          service->waitUntilTerminated(
                              name, this, [this, batch, name](const ApiResult<BlaxelTermination> &ended) {
                                  if (!ended) {
                                      finishOne(batch, name, ended.error());
                                      return;
                                  }
                                  if (ended->recordGone)
                                      markTerminated(name);
                                  else
                                      m_store->replace(ended->last);
                                  emit sandboxTerminated(name);
                                  finishOne(batch, name, ApiError());
                              }));
                  }));
}

void BlaxelSandboxesController::markTerminated(const QString &name)
{
    const BlaxelSandbox *listed = m_store->find(name);
    if (!listed)
        return;
    BlaxelSandbox ended = *listed;
    ended.status = BlaxelStatus::terminated();
    m_store->replace(ended);
}

void BlaxelSandboxesController::finishOne(const std::shared_ptr<Batch> &batch, const QString &name,
                                          const ApiError &error)
{
    m_deletions.remove(name);
    m_store->setBusy(name, false);
    if (error.kind() == ApiError::Kind::Cancelled)
        batch->cancelled = true;
    else if (error.isError())
        batch->failures << tr("%1: %2").arg(DisplayText::visible(name), error.fullText());
    if (--batch->pending > 0 || batch->cancelled)
        return;
    const int total = int(batch->names.size());
    const int failed = int(batch->failures.size());
    QString summary;
    if (failed == 0)
        summary = total == 1 ? tr("Deleted %1.").arg(DisplayText::visible(batch->names.first()))
                             : tr("Deleted %n sandbox(es).", nullptr, total);
    else
        summary =
            tr("Deleted %1 of %2 sandboxes; %n failed.", nullptr, failed).arg(total - failed).arg(total);
    emit bulkFinished(summary, batch->failures);
    refresh();
}
