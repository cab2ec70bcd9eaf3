#include "ledger/ledgerschema.h"

#include "ledger/ledgerdatabase.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

#include <vector>

using namespace Qt::StringLiterals;

namespace {

// Times are UTC milliseconds since the epoch (cheap to compare for "past its TTL"), lists JSON arrays, runs
// are referred to by name (ON UPDATE CASCADE: a rename follows). Words of enums: LedgerWords.
const std::vector<QStringList> &steps()
{
    static const std::vector<QStringList> list = {
        // 1: runs and the operations log.
        {
            u"CREATE TABLE runs ("
            u" id INTEGER PRIMARY KEY,"
            u" name TEXT NOT NULL UNIQUE,"
            u" state TEXT NOT NULL,"
            u" created_at INTEGER NOT NULL,"
            u" closed_at INTEGER,"
            u" profile TEXT NOT NULL DEFAULT '',"
            u" api_base_url TEXT NOT NULL DEFAULT '',"
            u" benchmark TEXT NOT NULL DEFAULT '',"
            u" ttl_seconds INTEGER NOT NULL DEFAULT 0,"
            u" plan_json TEXT NOT NULL DEFAULT '')"_s,
            // AUTOINCREMENT: an id is never handed out twice, even after the newest rows are deleted.
            u"CREATE TABLE operations ("
            u" id INTEGER PRIMARY KEY AUTOINCREMENT,"
            u" kind TEXT NOT NULL,"
            u" state TEXT NOT NULL,"
            u" profile TEXT NOT NULL DEFAULT '',"
            u" provider TEXT NOT NULL,"
            u" server TEXT NOT NULL DEFAULT '',"
            u" sandbox_id TEXT NOT NULL DEFAULT '',"
            u" run TEXT REFERENCES runs(name) ON UPDATE CASCADE,"
            u" benchmark TEXT NOT NULL DEFAULT '',"
            u" tags TEXT NOT NULL DEFAULT '[]',"
            u" ttl_seconds INTEGER NOT NULL DEFAULT 0,"
            u" started_at INTEGER NOT NULL,"
            u" finished_at INTEGER,"
            u" outcome TEXT NOT NULL DEFAULT '')"_s,
        },
        // 2: transfer facts and the writer of each operation, the sandboxes held, and the indexes of what the
        // Runs view, leak finding and the manifest ask.
        {
            u"ALTER TABLE operations ADD COLUMN sha256 TEXT"_s,
            u"ALTER TABLE operations ADD COLUMN bytes INTEGER"_s,
            u"ALTER TABLE operations ADD COLUMN file_count INTEGER"_s,
            u"ALTER TABLE operations ADD COLUMN local_file TEXT"_s,
            u"ALTER TABLE operations ADD COLUMN application TEXT NOT NULL DEFAULT ''"_s,
            u"ALTER TABLE operations ADD COLUMN process_id INTEGER NOT NULL DEFAULT 0"_s,
            u"CREATE TABLE sandboxes ("
            u" provider TEXT NOT NULL,"
            u" sandbox_id TEXT NOT NULL,"
            u" servers TEXT NOT NULL DEFAULT '[]',"
            u" run TEXT REFERENCES runs(name) ON UPDATE CASCADE,"
            u" profile TEXT NOT NULL DEFAULT '',"
            u" benchmark TEXT NOT NULL DEFAULT '',"
            u" tags TEXT NOT NULL DEFAULT '[]',"
            u" ttl_seconds INTEGER NOT NULL DEFAULT 0,"
            u" acquired_at INTEGER NOT NULL,"
            u" released_at INTEGER,"
            u" released_how TEXT,"
            u" mcp_urls TEXT NOT NULL DEFAULT '[]',"
            u" PRIMARY KEY (provider, sandbox_id))"_s,
            // The manifest: a run's operations in order.
            u"CREATE INDEX operations_by_run ON operations(run, id)"_s,
            // What a crash or a dropped connection left for a person to decide: few rows, read at every
            // start.
            u"CREATE INDEX operations_unresolved ON operations(id) WHERE state IN ('intent', 'ambiguous')"_s,
            // An operation's history of one sandbox.
            u"CREATE INDEX operations_by_sandbox ON operations(provider, sandbox_id)"_s,
            u"CREATE INDEX sandboxes_by_run ON sandboxes(run)"_s,
            // Leak finding: what is held, oldest first.
            u"CREATE INDEX sandboxes_held ON sandboxes(acquired_at) WHERE released_at IS NULL"_s,
        },
        // 3: the execution an Execute operation started (null for every other kind): a column of its own,
        // not the transfer's local_file, which names a file on this machine and is written at the end, while
        // the name is known before the request and is how the server finds the execution again.
        {
            u"ALTER TABLE operations ADD COLUMN execution_name TEXT"_s,
        },
    };
    return list;
}

LedgerResult<int> readVersion(LedgerDatabase &db)
{
    QSqlQuery query(db.database());
    if (!query.exec(u"PRAGMA user_version"_s) || !query.next())
        return db.error(query.lastError(), u"read the schema version"_s);
    return query.value(0).toInt();
}

} // namespace

int LedgerSchema::currentVersion()
{
    return static_cast<int>(steps().size());
}

LedgerResult<int> LedgerSchema::check(LedgerDatabase &db)
{
    LedgerResult<int> version = readVersion(db);
    if (version && version.value() < 0)
        return LedgerError{
            LedgerError::Kind::NotADatabase,
            u"%1 is not a run ledger (schema version %2); it was left as it is."_s.arg(db.path()).arg(
                version.value())};
    if (version && version.value() > currentVersion())
        return LedgerError{
            LedgerError::Kind::TooNew,
            u"The run ledger %1 was written by a newer SandboxDeck (schema version %2; this one "
            u"knows up to %3). Update SandboxDeck; the file was left as it is."_s.arg(db.path())
                .arg(version.value())
                .arg(currentVersion())};
    return version;
}

LedgerStatus LedgerSchema::migrate(LedgerDatabase &db)
{
    // The common case, a file already current, takes no write lock.
    const LedgerResult<int> found = readVersion(db);
    if (found && found.value() == currentVersion())
        return LedgerDone{};
    for (int target = 1; target <= currentVersion(); ++target) {
        LedgerStatus stepped = db.write<LedgerDone>([&db, target]() -> LedgerStatus {
            const LedgerResult<int> version = check(db);
            if (!version)
                return version.error();
            if (version.value() >= target)
                return LedgerDone{};
            for (const QString &statement : steps()[static_cast<std::size_t>(target - 1)])
                if (LedgerStatus done = db.exec(statement, u"upgrade the schema"_s); !done)
                    return done;
            return db.exec(u"PRAGMA user_version = %1"_s.arg(target), u"upgrade the schema"_s);
        });
        if (!stepped)
            return stepped;
    }
    return LedgerDone{};
}
