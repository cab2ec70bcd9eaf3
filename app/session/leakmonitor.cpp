#include "session/leakmonitor.h"

#include "ledger/ledgerworker.h"
#include "session/appsession.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>

#include <utility>

LeakMonitor::LeakMonitor(AppSession *session, QObject *parent) : QObject(parent), m_session(session)
{
    // A list published (a refresh, a clear on another account) moves the leaks on.
    connect(session->klavisStore(), &SandboxStoreSignals::published, this, &LeakMonitor::recompute);
    connect(session->localStore(), &SandboxStoreSignals::published, this, &LeakMonitor::recompute);
    connect(session, &AppSession::ledgerOpened, this, &LeakMonitor::recompute);
}

void LeakMonitor::setThreshold(std::optional<qint64> seconds)
{
    if (seconds == m_threshold)
        return;
    m_threshold = seconds;
    recompute();
}

void LeakMonitor::recompute()
{
    if (m_running) {
        m_again = true;
        return;
    }
    m_running = true;
    // The stores' lists as they are now (shared, not copied): what the ledger answers is matched with them,
    // not with a later refresh.
    LeakInput input;
    input.sandboxes = m_session->klavisStore()->snapshot()->items;
    input.localSandboxes = m_session->localStore()->snapshot()->items;
    input.thresholdSeconds = m_threshold;
    const quint64 generation = ++m_generation;
    m_session->ledger()->post<LedgerView>(
        [](RunLedger &ledger) -> LedgerResult<LedgerView> {
            auto held = ledger.heldSandboxes();
            if (!held)
                return held.error();
            auto runs = ledger.runs();
            if (!runs)
                return runs.error();
            return LedgerView{held.value(), runs.value()};
        },
        this,
        [this, input, generation](const LedgerResult<LedgerView> &view) mutable {
            // Without the ledger every held sandbox reads as unclaimed: true of what this window knows.
            m_ledgerProblem = view ? QString() : view.error().message;
            if (view) {
                input.ledgerHeld = view->held;
                input.runs = view->runs;
            }
            input.now = QDateTime::currentDateTimeUtc();
            find(std::move(input), generation);
        });
}

void LeakMonitor::find(LeakInput input, quint64 generation)
{
    const QPointer<LeakMonitor> self(this);
    QThreadPool::globalInstance()->start([self, generation, input = std::move(input)]() mutable {
        auto report = std::make_shared<LeakReport>(LeakFinder::find(input));
        input = {}; // the lists' last references on this thread go here, not on the GUI thread
        // Posted to the application object, which outlives the monitor; `self` is read on its thread.
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, generation, report]() mutable {
                if (!self || generation != self->m_generation) {
                    // The monitor is gone: this report of maybe 50,000 leaks is freed by a worker.
                    QThreadPool::globalInstance()->start(
                        [gone = std::move(report)]() mutable { gone.reset(); });
                    return;
                }
                // The report replaced may be the last reader of as many: a worker frees it too.
                QThreadPool::globalInstance()->start(
                    [gone = std::exchange(self->m_report, std::move(*report))]() mutable { gone = {}; });
                self->m_running = false;
                emit self->leaksChanged();
                if (std::exchange(self->m_again, false))
                    self->recompute();
            },
            Qt::QueuedConnection);
    });
}
