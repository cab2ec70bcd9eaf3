#include "runs/runprovisioner.h"

#include "api/apicall.h"
#include "api/httptransport.h"
#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "ledger/runledger.h"
#include "runs/runplanparser.h"
#include "runs/runseeder.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

LedgerProvider providerOf(const RunSlot &slot)
{
    return slot.local ? LedgerProvider::KlavisLocal : LedgerProvider::Klavis;
}

QStringList urlsOf(const QList<QPair<QString, QString>> &pairs)
{
    QStringList urls;
    for (const auto &pair : pairs)
        urls.append(pair.second);
    return urls;
}

} // namespace

RunProvisioner::RunProvisioner(HttpTransport *transport, const LedgerAccess &ledger, QObject *parent)
    : QObject(parent), m_transport(transport), m_remote(new KlavisSandboxService(transport, this)),
      m_local(new KlavisLocalSandboxService(transport, this)), m_recorder(ledger, this),
      m_seeder(new RunSeeder(transport, m_local, m_recorder, this)), m_retryTimer(new QTimer(this))
{
    m_retryTimer->setSingleShot(true);
    connect(m_retryTimer, &QTimer::timeout, this, &RunProvisioner::acquireNext);
    connect(m_seeder, &RunSeeder::seeded, this, &RunProvisioner::seeded);
}

int RunProvisioner::heldCount() const
{
    return int(std::count_if(m_sandboxes.cbegin(), m_sandboxes.cend(),
                             [](const RunSandbox &sandbox) { return sandbox.isHeld(); }));
}

int RunProvisioner::seedFailures() const
{
    return m_seeder->failures();
}

void RunProvisioner::start(const RunPlan &plan)
{
    Q_ASSERT(!m_running);
    m_plan = plan;
    m_sandboxes.clear();
    m_next = 0;
    m_rateLimited = 0;
    m_cancelled = false;
    m_aborted = false;
    m_awaitingLedger = false;
    m_problem.clear();
    if (QString problem = RunPlanParser::check(plan); !problem.isEmpty()) {
        m_problem = problem;
        return end(Outcome::Refused);
    }
    m_seeder->reset(plan);
    if (!m_recorder.isActive()) {
        // Without the ledger an interrupted run could not be found again: nothing is sent.
        m_problem = u"A run needs the run ledger."_s;
        return end(Outcome::Refused);
    }
    LedgerRun run;
    run.name = plan.name;
    run.state = LedgerRunState::Provisioning;
    run.createdAt = QDateTime::currentDateTimeUtc();
    run.apiBaseUrl = m_transport->config().baseUrl.toString();
    run.benchmark = plan.benchmark;
    run.ttlSeconds = plan.ttlSeconds.value_or(0);
    run.planJson =
        QString::fromUtf8(QJsonDocument(RunPlanParser::toJson(plan)).toJson(QJsonDocument::Compact));
    for (const auto &slot : plan.slotsInOrder()) {
        RunSandbox sandbox;
        sandbox.slot = slot;
        m_sandboxes.append(sandbox);
    }
    // Running from here: a cancel() before the ledger answers ends the run once it has answered.
    m_running = true;
    m_awaitingLedger = true;
    // The seed file and the workspace are read in the ledger's job too: off the window's thread, and before
    // the run exists, so that a bad file refuses the run instead of leaving an empty one behind.
    m_recorder.access().call<QJsonObject>(
        [run, seedDataFile = plan.seedDataFile,
         workspace = plan.workspace](RunLedger &ledger) -> LedgerResult<QJsonObject> {
            QJsonObject seeds;
            if (!seedDataFile.isEmpty())
                if (QString problem = RunSeeder::readSeeds(seedDataFile, &seeds); !problem.isEmpty())
                    return LedgerError{LedgerError::Kind::Invalid, problem};
            if (!workspace.isEmpty() && !QFileInfo::exists(workspace))
                return LedgerError{LedgerError::Kind::Invalid,
                                   u"The workspace %1 does not exist."_s.arg(workspace)};
            if (ledger.run(run.name))
                return LedgerError{
                    LedgerError::Kind::Invalid,
                    u"A run named %1 exists already; pick another name (see `run list`)."_s.arg(run.name)};
            if (auto created = ledger.createRun(run); !created)
                return created.error();
            return seeds;
        },
        this, [this](const LedgerResult<QJsonObject> &answer) { created(answer); });
}

void RunProvisioner::created(const LedgerResult<QJsonObject> &answer)
{
    m_awaitingLedger = false;
    if (!answer) {
        m_problem = answer.error().message;
        m_running = false; // the run is not in the ledger: nothing to mark
        return end(Outcome::Refused);
    }
    m_seeder->setSeeds(answer.value());
    emit started();
    if (m_plan.prepare)
        prepareNext(0);
    else
        acquireNext();
}

void RunProvisioner::prepareNext(qsizetype index)
{
    // One prepare per Klavis server of the plan (the API takes one server at a time), or one for the
    // benchmark alone when the run holds only local sandboxes. Prepare asks for capacity; its failure is
    // noted, not fatal: the acquires themselves say whether there is room.
    QStringList servers;
    for (const auto &entry : m_plan.servers)
        servers.append(entry.server);
    if (servers.isEmpty())
        servers.append(QString());
    if (m_cancelled || index >= servers.size())
        return acquireNext();
    const QString server = servers[index];
    emit preparing(server);
    m_awaitingLedger = true;
    m_recorder.begin(LedgerOperationKind::Prepare, LedgerProvider::Klavis,
                     server.isEmpty() ? QStringList() : QStringList{server}, {}, m_plan.name,
                     m_plan.benchmark, {}, 0, [this, server, index](qint64 id) {
                         m_awaitingLedger = false;
                         if (m_cancelled) {
                             m_recorder.finish(id, LedgerOperationState::Failed,
                                               u"cancelled before the request was sent"_s);
                             return acquireNext();
                         }
                         m_inFlight = m_remote->prepare(m_plan.benchmark, server, this,
                                                        [this, id, index](const ApiResult<bool> &result) {
                                                            m_recorder.finish(id, result.error());
                                                            if (!result)
                                                                m_problem =
                                                                    u"prepare: "_s + result.error().message();
                                                            prepareNext(index + 1);
                                                        });
                     });
}

void RunProvisioner::acquireNext()
{
    while (m_next < m_sandboxes.size() && m_sandboxes[m_next].state != RunSandboxState::Pending &&
           m_sandboxes[m_next].state != RunSandboxState::RateLimited)
        ++m_next;
    if (m_cancelled || m_next >= m_sandboxes.size())
        return end(m_cancelled ? Outcome::Cancelled : Outcome::Completed);
    const RunSandbox &sandbox = m_sandboxes[m_next];
    m_awaitingLedger = true;
    m_recorder.begin(LedgerOperationKind::Acquire, providerOf(sandbox.slot), sandbox.slot.servers, {},
                     m_plan.name, m_plan.benchmark,
                     sandbox.slot.local ? QStringList() : QStringList{m_plan.name},
                     m_plan.ttlSeconds.value_or(0),
                     [this, index = m_next](qint64 operationId) { acquireBegun(index, operationId); });
}

void RunProvisioner::acquireBegun(int index, qint64 operationId)
{
    m_awaitingLedger = false;
    RunSandbox &sandbox = m_sandboxes[index];
    sandbox.operationId = operationId;
    if (operationId == 0) {
        // No intent, no request: an acquire the ledger does not know of could never be reconciled.
        m_problem = m_recorder.problem();
        m_cancelled = true;
        return end(Outcome::Cancelled);
    }
    if (m_cancelled) {
        m_recorder.finish(operationId, LedgerOperationState::Failed,
                          u"cancelled before the request was sent"_s);
        sandbox.operationId = 0;
        return end(Outcome::Cancelled);
    }
    if (sandbox.slot.local)
        acquireLocal(sandbox);
    else
        acquireRemote(sandbox);
    // Told once the call exists: a cancel() from a progress handler then waits for this acquire.
    setState(index, RunSandboxState::Acquiring);
}

void RunProvisioner::acquireRemote(RunSandbox &sandbox)
{
    AcquireRequest request;
    request.serverName = sandbox.slot.servers.value(0);
    request.benchmark = m_plan.benchmark;
    request.tag = m_plan.name;
    request.ttlSeconds = m_plan.ttlSeconds;
    const int index = sandbox.slot.index;
    m_inFlight = m_remote->acquire(request, this, [this, index](const ApiResult<AcquiredSandbox> &result) {
        QList<QPair<QString, QString>> urls;
        if (result)
            for (auto it = result->serverUrls.cbegin(); it != result->serverUrls.cend(); ++it)
                urls.append({it.key(), it.value()});
        acquireAnswered(index, result.error(), result ? result->sandboxId : QString(), urls);
    });
}

void RunProvisioner::acquireLocal(RunSandbox &sandbox)
{
    LocalAcquireRequest request;
    request.serverNames = sandbox.slot.servers;
    request.benchmark = m_plan.benchmark;
    request.ttlSeconds = m_plan.ttlSeconds;
    const int index = sandbox.slot.index;
    m_inFlight = m_local->acquire(request, this, [this, index](const ApiResult<LocalSandbox> &result) {
        QList<QPair<QString, QString>> urls;
        if (result)
            for (const auto &server : result->servers)
                urls.append({server.displayName(), server.mcpServerUrl});
        acquireAnswered(index, result.error(), result ? result->localSandboxId : QString(), urls);
    });
}

void RunProvisioner::acquireAnswered(int index, const ApiError &answer, const QString &id,
                                     const QList<QPair<QString, QString>> &urls)
{
    RunSandbox &sandbox = m_sandboxes[index];
    ApiError error = answer;
    if (m_aborted && error.isError())
        error = ApiError::network(u"aborted by the user while the request was out"_s);
    m_aborted = false;
    if (!error.isError() && id.isEmpty())
        error = ApiError::decode(u"an acquire answer without a sandbox id"_s);

    if (error.kind() == ApiError::Kind::Http && error.httpStatus() == 429 && !m_cancelled) {
        const int wait = std::max(1, error.retryAfterSeconds());
        ++m_rateLimited;
        if (wait <= m_maxRetryAfterSeconds) {
            m_recorder.finish(sandbox.operationId, LedgerOperationState::Failed,
                              u"429 rate limited; asked again after %1 s"_s.arg(wait));
            sandbox.operationId = 0;
            setState(index, RunSandboxState::RateLimited);
            m_retryTimer->start(wait * 1000);
            return;
        }
    }
    m_recorder.finish(sandbox.operationId, error, id);
    sandbox.sandboxId = id;
    if (!error.isError()) {
        sandbox.mcpUrls = urls;
        m_recorder.acquired(providerOf(sandbox.slot), id, sandbox.slot.servers, m_plan.name, m_plan.benchmark,
                            sandbox.slot.local ? QStringList() : QStringList{m_plan.name},
                            m_plan.ttlSeconds.value_or(0), urlsOf(urls));
        if (!m_recorder.problem().isEmpty())
            m_problem = m_recorder.problem();
        if (m_seeder->wants(sandbox)) {
            // A cancel() from a handler of this state waits for the seed like one under way: ended here, it
            // would finish the run while the seed went on, and finish it again when the seed answered.
            m_seedStarting = true;
            setState(index, RunSandboxState::Seeding);
            m_seedStarting = false;
            return m_seeder->seed(index, sandbox);
        }
        setState(index, RunSandboxState::Acquired);
    } else {
        sandbox.error = error.fullText();
        setState(index, LedgerRecorder::stateFor(error) == LedgerOperationState::Ambiguous
                            ? RunSandboxState::Ambiguous
                            : RunSandboxState::Failed);
        if (error.isKeyProblem()) {
            m_problem = error.message();
            m_cancelled = true;
        }
    }
    if (!m_recorder.problem().isEmpty())
        m_problem = m_recorder.problem();
    advance();
}

void RunProvisioner::advance()
{
    ++m_next;
    acquireNext();
}

void RunProvisioner::seeded(int index, const QString &problem)
{
    if (!problem.isEmpty())
        m_sandboxes[index].error = u"seed: "_s + problem;
    setState(index, RunSandboxState::Acquired);
    advance();
}

void RunProvisioner::cancel()
{
    if (!m_running || m_cancelled)
        return;
    m_cancelled = true;
    // The ledger's answer to an intent sees m_cancelled and ends the run.
    if (m_awaitingLedger)
        return;
    // Waiting out a 429 or between steps: nothing is in flight, so the run ends now. A seed under way (its
    // intent, its request or its upload) is let finish, like an acquire.
    if (m_seeder->isBusy() || m_seedStarting)
        return;
    if (m_retryTimer->isActive() || !m_inFlight || m_inFlight->isFinished()) {
        m_retryTimer->stop();
        end(Outcome::Cancelled);
    }
}

void RunProvisioner::abortInFlight()
{
    cancel();
    m_seeder->abort();
    if (m_inFlight && !m_inFlight->isFinished()) {
        m_aborted = true;
        m_inFlight->abort();
    }
}

void RunProvisioner::setState(int index, RunSandboxState state)
{
    m_sandboxes[index].state = state;
    emit sandboxChanged(index, m_sandboxes[index]);
}

void RunProvisioner::end(Outcome outcome)
{
    const bool wasRunning = m_running;
    m_running = false;
    if (wasRunning) {
        for (qsizetype i = 0; i < m_sandboxes.size(); ++i)
            if (m_sandboxes[i].state == RunSandboxState::Pending ||
                m_sandboxes[i].state == RunSandboxState::RateLimited)
                setState(int(i), RunSandboxState::Cancelled);
        // finished() after the run's state is written: whoever reads the ledger then finds it.
        const LedgerRunState state =
            outcome == Outcome::Cancelled ? LedgerRunState::Cancelled : LedgerRunState::Open;
        m_recorder.access().call<LedgerDone>(
            [name = m_plan.name, state](RunLedger &ledger) { return ledger.setRunState(name, state); }, this,
            [this, outcome](const LedgerStatus &status) {
                if (!status)
                    m_problem = status.error().message;
                emitFinished(outcome);
            });
        return;
    }
    emitFinished(outcome);
}

void RunProvisioner::emitFinished(Outcome outcome)
{
    // Never from inside start(): the caller connects to finished() after it returns.
    QTimer::singleShot(0, this, [this, outcome] { emit finished(outcome); });
}
