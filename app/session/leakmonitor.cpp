#include "session/leakmonitor.h"

#include "ledger/ledgerworker.h"
#include "models/listedsandboxes.h"
#include "session/appsession.h"

LeakMonitor::LeakMonitor(AppSession *session, SandboxListModel *sandboxes, LocalSandboxTreeModel *local,
                         QObject *parent)
    : QObject(parent), m_session(session), m_sandboxes(sandboxes), m_local(local)
{}

void LeakMonitor::setThreshold(std::optional<qint64> seconds)
{
    if (seconds == m_threshold)
        return;
    m_threshold = seconds;
    recompute();
}

void LeakMonitor::recompute()
{
    // The lists are copied now, on the GUI thread: what the ledger answers is matched with them, not with
    // a later refresh.
    LeakInput input;
    input.sandboxes = ListedSandboxes::klavis(*m_sandboxes);
    input.localSandboxes = ListedSandboxes::local(*m_local);
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
            if (generation != m_generation)
                return;
            // Without the ledger every held sandbox reads as unclaimed: true of what this window knows.
            m_ledgerProblem = view ? QString() : view.error().message;
            if (view) {
                input.ledgerHeld = view->held;
                input.runs = view->runs;
            }
            input.now = QDateTime::currentDateTimeUtc();
            m_report = LeakFinder::find(input);
            emit leaksChanged();
        });
}
