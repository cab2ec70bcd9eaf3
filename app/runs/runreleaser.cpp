#include "runs/runreleaser.h"

#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "api/klavisuniverseservice.h"
#include "ledger/runledger.h"
#include "runs/leakfinder.h"
#include "runs/runreconciler.h"

#include <QSet>
#include <QTimer>

using namespace Qt::StringLiterals;

ReleaseTarget ReleaseTarget::of(const Leak &leak)
{
    return {leak.provider, leak.servers, leak.sandboxId, leak.run, false, 0};
}

ReleaseTarget ReleaseTarget::of(const LedgerSandbox &sandbox)
{
    return {sandbox.provider, sandbox.servers, sandbox.sandboxId, sandbox.run, false, 0};
}

RunReleaser::RunReleaser(HttpTransport *transport, const LedgerAccess &ledger, QObject *parent)
    : QObject(parent), m_remote(new KlavisSandboxService(transport, this)),
      m_local(new KlavisLocalSandboxService(transport, this)),
      m_universes(new KlavisUniverseService(transport, this)),
      m_reconciler(new RunReconciler(transport, ledger, this)), m_recorder(ledger, this)
{}

void RunReleaser::releaseRun(const QString &name)
{
    Q_ASSERT(!m_running);
    m_run = name;
    m_queue.clear();
    m_error.clear();
    m_released = m_failed = 0;
    m_running = true;
    m_cancelled = m_refused = false;
    m_recorder.access().call<QList<LedgerSandbox>>(
        [name](RunLedger &ledger) -> LedgerResult<QList<LedgerSandbox>> {
            if (auto run = ledger.run(name); !run)
                return run.error();
            return ledger.sandboxesOfRun(name);
        },
        this,
        [this, name](const LedgerResult<QList<LedgerSandbox>> &sandboxes) {
            if (!sandboxes) {
                m_refused = true;
                return end(sandboxes.error().message);
            }
            QList<ReleaseTarget> held;
            for (const auto &sandbox : sandboxes.value())
                if (sandbox.isHeld())
                    held.append(ReleaseTarget::of(sandbox));
            m_reconciler->scan(name, [this, held](const ReconcileReport &report) { scanned(held, report); });
        });
}

void RunReleaser::scanned(const QList<ReleaseTarget> &held, const ReconcileReport &report)
{
    m_queue = held;
    QSet<qint64> matched;
    for (const auto &leftover : report.leftovers) {
        // Only what an interrupted acquire of this ledger left is the run's own. A sandbox that merely
        // carries the run's name as a tag may be another machine's run of the same name, or anyone's tag: it
        // is left alone (the reconcile dialog shows it, and a person decides).
        if (leftover.intentId == 0)
            continue;
        matched.insert(leftover.intentId);
        m_queue.append(
            {leftover.provider, leftover.servers, leftover.sandboxId, leftover.run, true, leftover.intentId});
    }
    // Open intents the server holds nothing for: nothing to release, nothing to wait for.
    for (const auto &intent : report.openIntents)
        if (!matched.contains(intent.id))
            m_reconciler->abandon(intent.id, u"the server held nothing for it at release"_s);
    if (!report.error.isEmpty())
        m_error = tr("Could not list the run's sandboxes on the server: %1").arg(report.error);
    next();
}

void RunReleaser::releaseSandboxes(const QList<ReleaseTarget> &targets)
{
    Q_ASSERT(!m_running);
    m_run.clear();
    m_queue = targets;
    m_error.clear();
    m_released = m_failed = 0;
    m_running = true;
    m_cancelled = m_refused = false;
    // Never from inside this call: the caller may connect after it.
    QTimer::singleShot(0, this, [this] { next(); });
}

void RunReleaser::cancel()
{
    m_cancelled = true;
}

void RunReleaser::next()
{
    if (m_cancelled && !m_queue.isEmpty()) {
        m_queue.clear();
        m_error = tr("Stopped before every sandbox was released.");
    }
    if (!m_queue.isEmpty())
        return releaseOne(m_queue.takeFirst());
    if (m_run.isEmpty() || m_failed > 0 || !m_error.isEmpty())
        return end(m_error);
    m_recorder.access().call<LedgerDone>(
        [name = m_run](RunLedger &ledger) { return ledger.setRunState(name, LedgerRunState::Released); },
        this, [this](const LedgerStatus &status) { end(status ? QString() : status.error().message); });
}

void RunReleaser::releaseOne(const ReleaseTarget &target)
{
    if (target.leftover) {
        m_reconciler->release(
            {target.provider, target.servers, target.sandboxId, target.run, target.intentId},
            [this, target](const QString &error) {
                if (error.isEmpty()) {
                    ++m_released;
                    emit released(target);
                } else {
                    ++m_failed;
                    emit failed(target, error, ApiError());
                }
                next();
            });
        return;
    }
    // A release is sent even when its intent could not be written: giving back is never the risky part.
    m_recorder.begin(LedgerOperationKind::Release, target.provider, target.servers, target.sandboxId,
                     target.run, {}, {}, 0, [this, target](qint64 operationId) {
                         const auto done = [this, target,
                                            operationId](const ApiResult<SandboxActionResult> &result) {
                             answered(target, operationId, result.error());
                         };
                         switch (target.provider) {
                         case LedgerProvider::KlavisLocal:
                             m_local->release(target.sandboxId, this, done);
                             break;
                         case LedgerProvider::KlavisUniverse:
                             m_universes->release(target.sandboxId, this, done);
                             break;
                         case LedgerProvider::Klavis:
                         case LedgerProvider::Blaxel: // a run holds no Blaxel sandbox
                             m_remote->release(target.servers.value(0), target.sandboxId, this, done);
                             break;
                         }
                     });
}

void RunReleaser::answered(const ReleaseTarget &target, qint64 operationId, const ApiError &error)
{
    m_recorder.finish(operationId, error, target.sandboxId);
    // 404: the server no longer knows it (expired, released elsewhere): not ours any more. A universe
    // instance released elsewhere is still known, and answers 409 (not acquired): not ours either.
    const int status = error.kind() == ApiError::Kind::Http ? error.httpStatus() : 0;
    const bool gone = status == 404 || (status == 409 && target.provider == LedgerProvider::KlavisUniverse);
    if (!error.isError() || gone) {
        m_recorder.released(target.provider, target.sandboxId,
                            gone ? LedgerRelease::Vanished : LedgerRelease::Released);
        ++m_released;
        if (gone)
            emit vanished(target);
        else
            emit released(target);
    } else {
        ++m_failed;
        emit failed(target, error.message(), error);
    }
    next();
}

void RunReleaser::end(const QString &error)
{
    m_running = false;
    QTimer::singleShot(0, this, [this, error] { emit finished(m_released, m_failed, error); });
}
