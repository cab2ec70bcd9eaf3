#pragma once

#include "runs/ledgerrecorder.h"

#include <QObject>

class AppSession;
class TransferJob;

// Writes the session's workspace transfers to its ledger: when a job's turn comes in the TransferQueue,
// its intent first (the queue's start gate: the job starts once it is written, or once the ledger said it
// cannot be), its outcome when it ends, with what was moved (TransferJob's sha256, size and file count)
// when it succeeded. Uploads and dumps of local sandboxes and of Blaxel sandboxes alike. A ledger that
// failed to open holds up no transfer.
class TransferLedger final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TransferLedger)

public:
    // Gates the session's queue: one of these per session.
    explicit TransferLedger(AppSession *session);

    // The last ledger error as a sentence, empty when none.
    QString problem() const { return m_recorder.problem(); }

private:
    void open(TransferJob *job, std::function<void()> start);
    void record(const TransferJob *job, qint64 intent);

    AppSession *m_session;
    LedgerRecorder m_recorder;
};
