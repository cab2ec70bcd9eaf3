#pragma once

#include "runs/runprovisioner.h"

#include <QObject>

class CliContext;
class CliOutput;
struct CliCommand;

// `run create` on a terminal: RunProvisioner's progress as a line per sandbox on stderr, Ctrl+C (the first
// stops after the acquire in flight, the second aborts that acquire), and at the end the exports for a
// harness, the summary (text or --json) and the exit code.
class RunProvisioningConsole final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunProvisioningConsole)

public:
    // The ledger is open (CliContext::openLedger).
    explicit RunProvisioningConsole(CliContext &context, QObject *parent = nullptr);

    void start(const RunPlan &plan);

private:
    void finish(RunProvisioner::Outcome outcome);

    CliContext &m_context;
    const CliCommand &m_command;
    CliOutput &m_output;
    RunProvisioner *m_provisioner = nullptr;
};
