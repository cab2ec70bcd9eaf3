#pragma once

#include <QObject>

class CliContext;
class KlavisLocalSandboxService;
class KlavisSandboxService;
struct LeakReport;
struct LocalSandboxList;
struct SandboxList;

// `leaks` on a terminal: the server's Klavis and local sandboxes against the ledger (LeakFinder), what the
// server no longer holds recorded as gone, the leaks as a table or --json, and with --release given back.
class LeakConsole final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LeakConsole)

public:
    // The ledger is open (CliContext::openLedger).
    explicit LeakConsole(CliContext &context, QObject *parent = nullptr);

    void start();

private:
    void find(const SandboxList &remote, const LocalSandboxList &local);
    void print(const LeakReport &report);

    CliContext &m_context;
    KlavisSandboxService *m_sandboxes;
    KlavisLocalSandboxService *m_local;
};
