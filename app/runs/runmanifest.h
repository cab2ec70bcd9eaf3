#pragma once

#include "ledger/ledgeroperation.h"
#include "ledger/ledgerrun.h"
#include "ledger/ledgersandbox.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

class RunLedger;

// A run as the ledger knows it: what a manifest is built from and what importing one gives back.
struct RunRecord
{
    LedgerRun run;
    QList<LedgerSandbox> sandboxes;
    QList<LedgerOperation> operations;
};

// The manifest of a run: a JSON document a paper's appendix can cite. App version, the API base URL (no
// key, no query, no user info), every sandbox with its acquire and release times, the MCP URLs with their
// secrets masked, every workspace uploaded and dumped (sha256, size, file count) and the per-server data
// initialized and dumped. Its schema: tests/data/runs/manifest.schema.json (format version 1).
//
// A manifest read back is input from disk, hostile until checked: read() takes only what it understands,
// bounds sizes and counts, refuses control characters, and never trusts a URL to be free of secrets.
class RunManifest
{
public:
    static constexpr int formatVersion = 1;
    static constexpr qint64 maxBytes = qint64(16) * 1024 * 1024;
    static constexpr int maxEntries = 100'000;

    static QJsonObject build(const RunRecord &record, const QString &appVersion);
    static QByteArray toBytes(const QJsonObject &manifest);
    // The run with state Imported, its sandboxes (released as they were) and transfers; an error sentence
    // in *error (and an empty record) when the document is not a manifest this version reads.
    static RunRecord read(const QByteArray &bytes, QString *error);

    // From the ledger: the record of `runName`, or an error sentence.
    static QString load(RunLedger &ledger, const QString &runName, RunRecord *out);
    // Into the ledger as a run in state "imported" (a run of the same name is refused, never overwritten).
    static QString import(RunLedger &ledger, const RunRecord &record);
};
