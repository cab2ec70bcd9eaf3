#pragma once

#include "runs/leakfinder.h"

#include <QObject>

#include <optional>

class AppSession;
class LocalSandboxTreeModel;
class SandboxListModel;

// The leaks of the window: LeakFinder over what the list models hold now and what the ledger says (a read
// posted to its thread), worked out again whenever a list refreshes or the threshold changes. The status
// bar's count and the Runs view's leak table both read it.
class LeakMonitor final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LeakMonitor)

public:
    LeakMonitor(AppSession *session, SandboxListModel *sandboxes, LocalSandboxTreeModel *local,
                QObject *parent = nullptr);

    // "Held longer than": nullopt (the default) leaves that reason out.
    void setThreshold(std::optional<qint64> seconds);

    // Reads the ledger, then finds. Answers that arrive after a later recompute was asked are dropped.
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

    AppSession *m_session;
    SandboxListModel *m_sandboxes;
    LocalSandboxTreeModel *m_local;
    std::optional<qint64> m_threshold;
    LeakReport m_report;
    QString m_ledgerProblem;
    quint64 m_generation = 0;
};
