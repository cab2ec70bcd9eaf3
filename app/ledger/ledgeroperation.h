#pragma once

#include "ledger/ledgerprovider.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <optional>

// Stored words of both enums: LedgerWords.
enum class LedgerOperationKind
{
    Acquire,
    Release,
    Reset,
    Upload,
    Dump,
    DataInit,
    DataDump,
    Prepare,
    // A script run in a local sandbox: outcome is its final status (LedgerOperation::executionName names it).
    Execute,
};

// intent: written before the request, nothing known yet. A crash or a dropped connection leaves it so;
// the next start offers to adopt (keep what the server holds) or abandon it. An ambiguous acquire may
// have occupied a sandbox: it is never retried automatically.
enum class LedgerOperationState
{
    Intent,
    Succeeded,
    Failed,
    Ambiguous,
    Adopted,
    Abandoned,
};

// What a transfer moved: the archive uploaded or dumped.
struct LedgerTransfer
{
    QString sha256; // lowercase hex
    qint64 bytes = 0;
    qint64 fileCount = 0;
    QString localFileName;
};

// One thing the app or the CLI asked a provider to do.
struct LedgerOperation
{
    qint64 id = 0; // assigned by beginOperation()
    LedgerOperationKind kind = LedgerOperationKind::Acquire;
    LedgerOperationState state = LedgerOperationState::Intent;
    QString profile;
    LedgerProvider provider = LedgerProvider::Klavis;
    QString server;    // or the servers of a local sandbox, comma-separated
    QString sandboxId; // empty until known (an acquire learns it from the answer)
    QString run;       // the run's name, empty outside any run
    QString benchmark;
    QStringList tags;
    qint64 ttlSeconds = 0;
    QDateTime startedAt;
    QDateTime finishedAt; // null while an intent
    QString outcome;      // stored redacted
    std::optional<LedgerTransfer> transfer;
    // Who wrote the intent: a GUI must not offer to adopt what a CLI still running is waiting for.
    QString application;
    qint64 processId = 0;
    // An Execute's execution name, which the server knows it by (its logs, artifacts); empty for other kinds.
    QString executionName;
};

// How an operation ended: what finishOperation() writes.
struct LedgerOutcome
{
    LedgerOperationState state = LedgerOperationState::Succeeded;
    QString sandboxId; // empty: keep what the intent had
    QString outcome;
    std::optional<LedgerTransfer> transfer;
};
