#pragma once

#include "runs/runmanifest.h"

#include <QObject>

class LedgerWorker;

// The Runs view's manifest files, never on the GUI thread: a ledger run's manifest is built on the ledger's
// thread (so it says what the ledger holds now) and written atomically by a worker; a manifest is read and
// checked (RunManifest::read, hostile input) by a worker too. The answers come as signals.
class RunManifestFiles final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunManifestFiles)

public:
    RunManifestFiles(LedgerWorker *ledger, QObject *parent = nullptr);

    void exportRun(const QString &runName, const QString &fileName);
    // A run not in the ledger (an imported one): from the record in hand.
    void exportRecord(const RunRecord &record, const QString &fileName);
    void import(const QString &fileName);

signals:
    // error is empty on success.
    void exported(const QString &fileName, const QString &error);
    void imported(const RunRecord &record, const QString &error);

private:
    void write(const QString &fileName, const QByteArray &bytes);

    LedgerWorker *m_ledger;
};
