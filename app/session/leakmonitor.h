#pragma once

#include "runs/leakfinder.h"

#include <QObject>

#include <optional>

class AppSession;

// The leaks of the window: LeakFinder over what the session's stores hold (the whole account, whatever any
// view filters) and what the ledger says (a read posted to its thread), worked out on a worker whenever a
// list is published or the threshold changes, so that 100,000 sandboxes never hold the GUI thread. The
// status bar's count and the Runs view's leak table both read it.
class LeakMonitor final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LeakMonitor)

public:
    explicit LeakMonitor(AppSession *session, QObject *parent = nullptr);

    // "Held longer than": nullopt (the default) leaves that reason out.
    void setThreshold(std::optional<qint64> seconds);

    // Reads the ledger, then finds. One at a time: asked for while one runs, it runs again once that one is
    // shown (each report of a large account is tens of megabytes; three at once were a hundred).
    void recompute();

    const LeakReport &report() const { return m_report; }
    int count() const { return int(m_report.leaks.size()); }
    // Why the last recompute could not read the ledger (the leaks are then the server's view alone).
    QString ledgerProblem() const { return m_ledgerProblem; }

signals:
    void leaksChanged();

private:
    struct LedgerView
    {
        QList<LedgerSandbox> held;
        QList<LedgerRun> runs;
    };

    void find(LeakInput input, quint64 generation);

    AppSession *m_session;
    std::optional<qint64> m_threshold;
    LeakReport m_report;
    QString m_ledgerProblem;
    quint64 m_generation = 0;
    bool m_running = false;
    bool m_again = false;
};
