#pragma once

#include "api/localsandbox.h"
#include "api/sandboxsummary.h"
#include "ledger/ledgerrun.h"
#include "ledger/ledgersandbox.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// Why a held sandbox is a leak. One sandbox may have several reasons.
enum class LeakReason
{
    Unclaimed, // no open run claims it: the ledger does not know it, or it belongs to no run or a closed one
    PastTtl,   // acquired at + the TTL asked is past, and the server still holds it
    HeldTooLong, // held longer than the threshold the user set
};

struct Leak
{
    LedgerProvider provider = LedgerProvider::Klavis;
    QStringList servers;
    QString sandboxId;
    QString run;         // from the ledger; empty when unknown or outside any run
    QDateTime heldSince; // the ledger's acquire time, else the server's own time (updated / created at)
    QDateTime expiresAt; // acquired at + TTL, when the ledger knows both
    bool knownToLedger = false;
    QList<LeakReason> reasons;
};

// What the server holds right now, what the ledger says, and the clock.
struct LeakInput
{
    QList<SandboxSummary> sandboxes; // GET /sandbox (every status: only occupied ones are held)
    QList<LocalSandbox> localSandboxes;
    QList<LedgerSandbox> ledgerHeld; // RunLedger::heldSandboxes(); its universe instances count as held
    QList<LedgerRun> runs;
    QDateTime now;
    std::optional<qint64> thresholdSeconds; // "held longer than"; nullopt: no such reason
    // How long before its TTL ends a held sandbox counts as expiring soon (LeakReport::expiringSoon).
    qint64 expiryWarningSeconds = 600;
};

struct LeakReport
{
    QList<Leak> leaks; // oldest first, then by provider and id
    // Held in the ledger but no longer on the server (expired, released elsewhere): not leaks, but the
    // ledger can be told (RunLedger::recordReleased with Vanished).
    QList<LedgerSandbox> vanished;
    // Held, known to the ledger with a TTL that ends within LeakInput::expiryWarningSeconds: Klavis releases
    // them then, and has no call to extend a TTL. Soonest first; a leak may be here too.
    QList<Leak> expiringSoon;
};

// Pure: no network, no disk. The CLI's `leaks` and a GUI view feed it what they fetched.
class LeakFinder
{
public:
    static LeakReport find(const LeakInput &input);
    // "unclaimed", "past-ttl", "held-too-long": the words of --json and the table.
    static QString word(LeakReason reason);
    // Reads the CLI's --older-than: "90s", "45m", "2h", "3d", or plain seconds; nullopt when unreadable.
    static std::optional<qint64> parseDuration(const QString &text);
};
