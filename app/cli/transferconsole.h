#pragma once

#include <QObject>
#include <QStringList>

class CliContext;
class TransferJob;

// One transfer of `local upload`, `local dump`, `local artifacts`, `blaxel upload` or `blaxel dump` on a
// terminal. The work is done by the same jobs as the app's Transfers view; this wires one to the CLI: its
// intent in the ledger before it starts, the progress line and Ctrl+C on stderr, and at the end its outcome
// in the ledger, the summary (text or --json) and the exit code.
class TransferConsole final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TransferConsole)

public:
    // The local side of a transfer, checked before any request; false (and the command ended with 2) when
    // it is wrong.
    static bool collectUploadSources(CliContext &context, QStringList *sources);
    static bool dumpTargetAcceptable(CliContext &context);

    // Starts `job` once its intent is written, and ends the command when it has finished.
    static void run(CliContext &context, TransferJob *job);

private:
    TransferConsole(CliContext &context, TransferJob *job);

    void start();
    void finish();

    CliContext &m_context;
    TransferJob *m_job;
    qint64 m_transferBytes = 0; // bytes that crossed the network, for the summary
};
