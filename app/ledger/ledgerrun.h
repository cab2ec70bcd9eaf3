#pragma once

#include <QDateTime>
#include <QString>

// provisioning -> open -> released, or cancelled on the way; imported: a run written elsewhere (a manifest)
// and read back here. Stored words: LedgerWords.
enum class LedgerRunState
{
    Provisioning,
    Open,
    Cancelled,
    Released,
    Imported,
};

// A named run: one tag on every sandbox it holds. The name is unique in the ledger.
struct LedgerRun
{
    qint64 id = 0; // assigned by the ledger
    QString name;
    LedgerRunState state = LedgerRunState::Provisioning;
    QDateTime createdAt;
    QDateTime closedAt; // null while the run is provisioning or open
    QString profile;    // the profile's name
    QString apiBaseUrl; // stored redacted: no key, no query values, no user info
    QString benchmark;
    qint64 ttlSeconds = 0; // the TTL asked for each sandbox, 0 when none was
    QString planJson;      // the wizard's plan; secret-looking values are masked on the way in
};
