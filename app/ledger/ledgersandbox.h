#pragma once

#include "ledger/ledgerprovider.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

// How a sandbox stopped being ours. Stored words: LedgerWords.
enum class LedgerRelease
{
    Released,  // we released it and the server agreed
    Vanished,  // the server no longer knows it (expired, deleted elsewhere)
    Forgotten, // the user chose to stop tracking it; the server may still hold it
};

// One sandbox the app or the CLI acquired, keyed by provider and sandbox id (a second acquire record of the
// same pair updates the first).
struct LedgerSandbox
{
    LedgerProvider provider = LedgerProvider::Klavis;
    QString sandboxId;
    QStringList servers; // one for a Klavis sandbox, several for a local one
    QString run;         // the run's name, empty outside any run
    QString profile;
    QString benchmark;
    QStringList tags;
    qint64 ttlSeconds = 0;
    QDateTime acquiredAt;
    QDateTime releasedAt;                                // null while held
    LedgerRelease releasedHow = LedgerRelease::Released; // meaningful only when releasedAt is set
    QStringList mcpUrls; // stored redacted (query values and user info masked)

    bool isHeld() const { return !releasedAt.isValid(); }
};
