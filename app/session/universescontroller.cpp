#include "session/universescontroller.h"

#include "api/apicall.h"
#include "api/httptransport.h"
#include "api/klavisuniverseservice.h"
#include "ledger/ledgerwords.h"
#include "ledger/ledgerworker.h"
#include "ledger/runledger.h"
#include "models/universelistmodel.h"
#include "session/appsession.h"

using namespace Qt::StringLiterals;

namespace {

QString taskKey(const QString &universeId, const QString &taskNumber)
{
    return universeId + u'/' + taskNumber;
}

} // namespace

UniversesController::UniversesController(AppSession *session, QObject *parent)
    : QObject(parent), m_session(session), m_service(new KlavisUniverseService(session->transport(), this)),
      m_model(new UniverseListModel(this)), m_recorder(LedgerAccess(session->ledger()), this)
{
    // Another connection is another server: its catalogue and tasks are not this one's.
    connect(session, &AppSession::connectionChanged, this, [this] {
        if (m_refreshCall)
            m_refreshCall->abort();
        m_model->setUniverses({});
        m_tasks.clear();
        m_lastRefreshed = {};
    });
}

void UniversesController::refresh()
{
    if (!m_session->hasKey() || m_refreshCall)
        return;
    m_refreshCall = m_service->list(this, [this](const ApiResult<QList<Universe>> &result) {
        if (result) {
            m_model->setUniverses(result.value());
            m_lastRefreshed = QDateTime::currentDateTimeUtc();
            emit refreshed();
        } else if (result.error().kind() != ApiError::Kind::Cancelled) {
            emit refreshFailed(result.error());
        }
    });
}

const UniverseTask *UniversesController::cachedTask(const QString &universeId,
                                                    const QString &taskNumber) const
{
    const auto found = m_tasks.constFind(taskKey(universeId, taskNumber));
    return found == m_tasks.cend() ? nullptr : &found.value();
}

void UniversesController::task(const QString &universeId, const QString &taskNumber, QObject *context,
                               ResultHandler<UniverseTask> done)
{
    if (const UniverseTask *known = cachedTask(universeId, taskNumber))
        return done(*known);
    m_service->task(universeId, taskNumber, context,
                    [this, key = taskKey(universeId, taskNumber),
                     done = std::move(done)](const ApiResult<UniverseTask> &result) {
                        if (result)
                            m_tasks.insert(key, result.value());
                        done(result);
                    });
}

void UniversesController::acquire(const QString &universeId, const QString &run, QObject *context,
                                  ResultHandler<UniverseInstance> done)
{
    const QPointer<QObject> caller(context);
    if (run.isEmpty())
        return sendAcquire(universeId, run, caller, std::move(done));
    // The run is looked up, and created when new, on the ledger's thread before anything is sent.
    LedgerRun fresh;
    fresh.name = run;
    fresh.state = LedgerRunState::Open;
    fresh.profile = m_session->profileName();
    fresh.apiBaseUrl = m_session->transport()->config().baseUrl.toString();
    fresh.benchmark = universeId;
    m_session->ledger()->post<LedgerDone>(
        [fresh](RunLedger &ledger) -> LedgerStatus {
            const auto known = ledger.run(fresh.name);
            if (!known && known.error().kind == LedgerError::Kind::NotFound) {
                if (auto created = ledger.createRun(fresh); !created)
                    return created.error();
                return LedgerDone{};
            }
            if (!known)
                return known.error();
            if (known->state != LedgerRunState::Open && known->state != LedgerRunState::Provisioning)
                return LedgerError{LedgerError::Kind::Invalid,
                                   tr("Run %1 is closed (%2): name a new run or an open one.")
                                       .arg(fresh.name, LedgerWords::word(known->state))};
            return LedgerDone{};
        },
        this,
        [this, universeId, run, caller, done = std::move(done)](const LedgerStatus &status) mutable {
            if (!status) {
                if (caller)
                    done(ApiError::local(status.error().message));
                return;
            }
            sendAcquire(universeId, run, caller, std::move(done));
        });
}

void UniversesController::sendAcquire(const QString &universeId, const QString &run,
                                      const QPointer<QObject> &caller, ResultHandler<UniverseInstance> done)
{
    m_recorder.setProfile(m_session->profileName());
    m_recorder.begin(
        LedgerOperationKind::Acquire, LedgerProvider::KlavisUniverse, {}, {}, run, universeId, {}, 0,
        [this, universeId, run, caller, done = std::move(done)](qint64 intent) {
            // The answer comes here, not to the caller: a page gone meanwhile must not leave the intent open.
            m_service->acquire(
                universeId, this,
                [this, intent, universeId, run, caller, done](const ApiResult<UniverseInstance> &result) {
                    m_recorder.finish(intent, result.error(), result ? result->instanceId : QString());
                    if (result) {
                        m_recorder.acquiredUniverse(result.value(), universeId, run);
                        emit heldChanged();
                    }
                    if (caller)
                        done(result);
                });
        });
}

void UniversesController::release(const QString &instanceId, QObject *context,
                                  ResultHandler<SandboxActionResult> done)
{
    m_recorder.setProfile(m_session->profileName());
    m_recorder.begin(
        LedgerOperationKind::Release, LedgerProvider::KlavisUniverse, {}, instanceId,
        [this, instanceId, caller = QPointer<QObject>(context), done = std::move(done)](qint64 intent) {
            m_service->release(
                instanceId, this,
                [this, intent, instanceId, caller, done](const ApiResult<SandboxActionResult> &result) {
                    m_recorder.finish(intent, result.error(), instanceId);
                    const bool gone =
                        result.error().kind() == ApiError::Kind::Http && result.error().httpStatus() == 404;
                    if (result || gone) {
                        m_recorder.releasedUniverse(instanceId,
                                                    gone ? LedgerRelease::Vanished : LedgerRelease::Released);
                        emit heldChanged();
                    }
                    if (caller)
                        done(result);
                });
        });
}

ApiCall *UniversesController::verify(const QString &instanceId, const QString &taskNumber, QObject *context,
                                     ResultHandler<TaskVerdict> done)
{
    return m_service->verify(instanceId, taskNumber, context, std::move(done));
}

void UniversesController::loadHeld(QObject *context,
                                   std::function<void(const QList<LedgerSandbox> &, const QString &)> done)
{
    m_session->ledger()->post<QList<LedgerSandbox>>(
        [](RunLedger &ledger) -> LedgerResult<QList<LedgerSandbox>> {
            auto held = ledger.heldSandboxes();
            if (!held)
                return held;
            QList<LedgerSandbox> instances;
            for (const LedgerSandbox &sandbox : held.value())
                if (sandbox.provider == LedgerProvider::KlavisUniverse)
                    instances.append(sandbox);
            return instances;
        },
        context,
        [done = std::move(done)](const LedgerResult<QList<LedgerSandbox>> &held) {
            if (held)
                done(held.value(), {});
            else
                done({}, held.error().kind == LedgerError::Kind::NotOpen ? QString() : held.error().message);
        });
}
