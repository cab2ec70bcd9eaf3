#include "runsview/runmanifestfiles.h"

#include "ledger/ledgerworker.h"
#include "runs/runexporter.h"

#include <QDir>
#include <QFile>
#include <QFutureWatcher>
#include <QtConcurrent>

namespace {

struct ManifestRead
{
    RunRecord record;
    QString error;
};

ManifestRead readManifest(const QString &fileName)
{
    ManifestRead read;
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly)) {
        read.error = RunManifestFiles::tr("Cannot read %1: %2")
                         .arg(QDir::toNativeSeparators(fileName), file.errorString());
        return read;
    }
    // One byte past the limit, so that read() sees a file too large rather than a cut document.
    read.record = RunManifest::read(file.read(RunManifest::maxBytes + 1), &read.error);
    return read;
}

} // namespace

RunManifestFiles::RunManifestFiles(LedgerWorker *ledger, QObject *parent) : QObject(parent), m_ledger(ledger)
{}

// The build's own version rather than QCoreApplication's, which a test or an embedding may leave empty: a
// manifest always says which SandboxDeck wrote it.
void RunManifestFiles::exportRun(const QString &runName, const QString &fileName)
{
    m_ledger->post<QByteArray>(
        [runName,
         version = QStringLiteral(SANDBOXDECK_VERSION)](RunLedger &ledger) -> LedgerResult<QByteArray> {
            RunRecord record;
            if (QString problem = RunManifest::load(ledger, runName, &record); !problem.isEmpty())
                return LedgerError{LedgerError::Kind::NotFound, problem};
            return RunManifest::toBytes(RunManifest::build(record, version));
        },
        this,
        [this, fileName](const LedgerResult<QByteArray> &bytes) {
            if (bytes)
                write(fileName, bytes.value());
            else
                emit exported(fileName, bytes.error().message);
        });
}

void RunManifestFiles::exportRecord(const RunRecord &record, const QString &fileName)
{
    write(fileName, RunManifest::toBytes(RunManifest::build(record, QStringLiteral(SANDBOXDECK_VERSION))));
}

void RunManifestFiles::write(const QString &fileName, const QByteArray &bytes)
{
    auto *watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, fileName] {
        watcher->deleteLater();
        emit exported(fileName, watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(&RunExporter::writeAtomically, fileName, bytes));
}

void RunManifestFiles::import(const QString &fileName)
{
    auto *watcher = new QFutureWatcher<ManifestRead>(this);
    connect(watcher, &QFutureWatcher<ManifestRead>::finished, this, [this, watcher] {
        watcher->deleteLater();
        const ManifestRead read = watcher->result();
        emit imported(read.record, read.error);
    });
    watcher->setFuture(QtConcurrent::run(readManifest, fileName));
}
