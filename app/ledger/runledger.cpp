#include "ledger/runledger.h"

#include "ledger/ledgerrows.h"
#include "ledger/ledgerschema.h"
#include "ledger/ledgerwords.h"

#include <QCoreApplication>
#include <QDir>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>

#include <functional>

using namespace Qt::StringLiterals;

namespace {

// A plan is the wizard's JSON: big enough for hundreds of sandboxes, not a place for a pasted archive.
constexpr qsizetype maxPlanBytes = qsizetype{1} << 20;

bool isTerminal(LedgerRunState state)
{
    return state == LedgerRunState::Cancelled || state == LedgerRunState::Released;
}

QString unresolvedStates()
{
    // The words spelt as the index operations_unresolved spells them, so that SQLite uses it.
    return u"('"_s + LedgerWords::word(LedgerOperationState::Intent) + u"', '"_s +
           LedgerWords::word(LedgerOperationState::Ambiguous) + u"')"_s;
}

template <typename T>
LedgerResult<QList<T>> selectRows(LedgerDatabase &db, const QString &sql, const QVariantList &values,
                                  const std::function<T(const QSqlQuery &)> &map)
{
    if (!db.isOpen())
        return db.notOpen();
    QSqlQuery query(db.database());
    query.setForwardOnly(true);
    if (!query.prepare(sql))
        return db.error(query.lastError(), u"read"_s);
    for (const QVariant &value : values)
        query.addBindValue(value);
    if (LedgerStatus done = db.exec(query, u"read"_s); !done)
        return done.error();
    QList<T> rows;
    while (query.next())
        rows.append(map(query));
    return rows;
}

template <typename T> LedgerResult<T> single(LedgerResult<QList<T>> rows, const QString &missing)
{
    if (!rows)
        return rows.error();
    if (rows.value().isEmpty())
        return LedgerError{LedgerError::Kind::NotFound, missing};
    return rows.value().constFirst();
}

} // namespace

QString RunLedger::defaultPath()
{
    QString fromEnvironment = qEnvironmentVariable("SANDBOXDECK_LEDGER");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    // GenericDataLocation has no application name in it: "SandboxDeck" and "sandboxdeck-cli" meet here.
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           u"/sandboxdeck/ledger.sqlite"_s;
}

LedgerStatus RunLedger::open(const QString &path)
{
    if (LedgerStatus opened = m_db.open(path); !opened)
        return opened;
    // The version is checked before WAL mode is set: a newer file is left exactly as it was.
    LedgerStatus ready = LedgerDone{};
    if (const LedgerResult<int> version = LedgerSchema::check(m_db); !version)
        ready = version.error();
    else if (LedgerStatus configured = m_db.configure(); !configured)
        ready = configured;
    else
        ready = LedgerSchema::migrate(m_db);
    if (!ready)
        m_db.close();
    return ready;
}

LedgerResult<qint64> RunLedger::createRun(const LedgerRun &run)
{
    if (run.name.trimmed().isEmpty() || run.planJson.size() > maxPlanBytes)
        return LedgerError{LedgerError::Kind::Invalid, u"A run needs a name, and a plan under 1 MiB."_s};
    return m_db.write<qint64>([&]() -> LedgerResult<qint64> {
        QSqlQuery query(m_db.database());
        query.prepare(
            u"INSERT INTO runs (name, state, created_at, closed_at, profile, api_base_url, benchmark, "
            u"ttl_seconds, plan_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
        const QDateTime created = run.createdAt.isValid() ? run.createdAt : QDateTime::currentDateTimeUtc();
        LedgerRows::bind(query,
                         {QVariant(run.name), QVariant(LedgerWords::word(run.state)),
                          LedgerRows::time(created), LedgerRows::time(run.closedAt), QVariant(run.profile),
                          QVariant(m_redaction.url(run.apiBaseUrl)), QVariant(run.benchmark),
                          QVariant(run.ttlSeconds), QVariant(m_redaction.json(run.planJson))});
        if (LedgerStatus done = m_db.exec(query, u"record the run %1"_s.arg(run.name)); !done)
            return done.error();
        return query.lastInsertId().toLongLong();
    });
}

LedgerStatus RunLedger::setRunState(const QString &name, LedgerRunState state)
{
    return m_db.write<LedgerDone>([&]() -> LedgerStatus {
        QSqlQuery query(m_db.database());
        query.prepare(u"UPDATE runs SET state = ?, closed_at = ? WHERE name = ?"_s);
        LedgerRows::bind(query,
                         {QVariant(LedgerWords::word(state)),
                          isTerminal(state) ? LedgerRows::time(QDateTime::currentDateTimeUtc()) : QVariant(),
                          QVariant(name)});
        if (LedgerStatus done = m_db.exec(query, u"update the run %1"_s.arg(name)); !done)
            return done;
        if (query.numRowsAffected() == 0)
            return LedgerError{LedgerError::Kind::NotFound, u"There is no run named %1."_s.arg(name)};
        return LedgerDone{};
    });
}

LedgerResult<LedgerRun> RunLedger::run(const QString &name)
{
    return single(
        selectRows<LedgerRun>(m_db, u"SELECT "_s + LedgerRows::runColumns() + u" FROM runs WHERE name = ?"_s,
                              {name}, &LedgerRows::run),
        u"There is no run named %1."_s.arg(name));
}

LedgerResult<QList<LedgerRun>> RunLedger::runs()
{
    return selectRows<LedgerRun>(m_db,
                                 u"SELECT "_s + LedgerRows::runColumns() + u" FROM runs ORDER BY id DESC"_s,
                                 {}, &LedgerRows::run);
}

LedgerResult<qint64> RunLedger::beginOperation(const LedgerOperation &intent)
{
    return m_db.write<qint64>([&]() -> LedgerResult<qint64> {
        QSqlQuery query(m_db.database());
        query.prepare(
            u"INSERT INTO operations (kind, state, profile, provider, server, sandbox_id, run, benchmark, "
            u"tags, ttl_seconds, started_at, application, process_id, execution_name) "
            u"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
        const QDateTime started =
            intent.startedAt.isValid() ? intent.startedAt : QDateTime::currentDateTimeUtc();
        LedgerRows::bind(query, {QVariant(LedgerWords::word(intent.kind)),
                                 QVariant(LedgerWords::word(LedgerOperationState::Intent)),
                                 QVariant(intent.profile), QVariant(LedgerWords::word(intent.provider)),
                                 QVariant(intent.server), QVariant(intent.sandboxId),
                                 LedgerRows::orNull(intent.run), QVariant(intent.benchmark),
                                 QVariant(LedgerRows::list(intent.tags)), QVariant(intent.ttlSeconds),
                                 LedgerRows::time(started), QVariant(QCoreApplication::applicationName()),
                                 QVariant(QCoreApplication::applicationPid()),
                                 LedgerRows::orNull(m_redaction.text(intent.executionName))});
        if (LedgerStatus done = m_db.exec(query, u"record an operation"_s); !done)
            return done.error();
        return query.lastInsertId().toLongLong();
    });
}

LedgerStatus RunLedger::finishOperation(qint64 id, const LedgerOutcome &outcome)
{
    if (outcome.state == LedgerOperationState::Intent)
        return LedgerError{LedgerError::Kind::Invalid, u"An operation cannot finish as an intent."_s};
    return m_db.write<LedgerDone>([&]() -> LedgerStatus {
        QSqlQuery query(m_db.database());
        query.prepare(
            u"UPDATE operations SET state = ?, sandbox_id = CASE WHEN ? = '' THEN sandbox_id ELSE ? END, "
            u"finished_at = ?, outcome = ?, sha256 = ?, bytes = ?, file_count = ?, local_file = ? "
            u"WHERE id = ? AND state = ?"_s);
        const QString &sandboxId = outcome.sandboxId;
        const LedgerTransfer transfer = outcome.transfer.value_or(LedgerTransfer{});
        const bool moved = outcome.transfer.has_value();
        LedgerRows::bind(query, {QVariant(LedgerWords::word(outcome.state)), QVariant(sandboxId),
                                 QVariant(sandboxId), LedgerRows::time(QDateTime::currentDateTimeUtc()),
                                 QVariant(m_redaction.text(outcome.outcome)),
                                 moved ? QVariant(m_redaction.text(transfer.sha256)) : QVariant(),
                                 moved ? QVariant(transfer.bytes) : QVariant(),
                                 moved ? QVariant(transfer.fileCount) : QVariant(),
                                 moved ? QVariant(m_redaction.text(transfer.localFileName)) : QVariant(),
                                 QVariant(id), QVariant(LedgerWords::word(LedgerOperationState::Intent))});
        if (LedgerStatus done = m_db.exec(query, u"finish operation #%1"_s.arg(id)); !done)
            return done;
        if (query.numRowsAffected() == 0)
            return LedgerError{
                LedgerError::Kind::NotFound,
                u"Operation #%1 is not an open intent (finished, adopted or abandoned before)."_s.arg(id)};
        return LedgerDone{};
    });
}

LedgerResult<LedgerOperation> RunLedger::operation(qint64 id)
{
    return single(selectRows<LedgerOperation>(m_db,
                                              u"SELECT "_s + LedgerRows::operationColumns() +
                                                  u" FROM operations WHERE id = ?"_s,
                                              {id}, &LedgerRows::operation),
                  u"There is no operation #%1."_s.arg(id));
}

LedgerResult<QList<LedgerOperation>> RunLedger::executionsOf(LedgerProvider provider,
                                                             const QString &sandboxId)
{
    return selectRows<LedgerOperation>(
        m_db,
        u"SELECT "_s + LedgerRows::operationColumns() +
            u" FROM operations WHERE provider = ? AND sandbox_id = ? AND kind = ? ORDER BY id DESC"_s,
        {LedgerWords::word(provider), sandboxId, LedgerWords::word(LedgerOperationKind::Execute)},
        &LedgerRows::operation);
}

LedgerResult<QList<LedgerOperation>> RunLedger::openIntents()
{
    return selectRows<LedgerOperation>(m_db,
                                       u"SELECT "_s + LedgerRows::operationColumns() +
                                           u" FROM operations WHERE state IN "_s + unresolvedStates() +
                                           u" ORDER BY id"_s,
                                       {}, &LedgerRows::operation);
}

LedgerStatus RunLedger::resolveIntent(qint64 id, LedgerOperationState resolution, const QString &sandboxId,
                                      const QString &note)
{
    if (resolution != LedgerOperationState::Adopted && resolution != LedgerOperationState::Abandoned)
        return LedgerError{LedgerError::Kind::Invalid, u"An open intent is adopted or abandoned."_s};
    return m_db.write<LedgerDone>([&]() -> LedgerStatus {
        QSqlQuery query(m_db.database());
        query.prepare(
            u"UPDATE operations SET state = ?, sandbox_id = CASE WHEN ? = '' THEN sandbox_id ELSE ? END, "
            u"finished_at = ?, outcome = CASE WHEN ? = '' THEN outcome ELSE ? END "
            u"WHERE id = ? AND state IN "_s +
            unresolvedStates());
        const QString redactedNote = m_redaction.text(note);
        LedgerRows::bind(query, {QVariant(LedgerWords::word(resolution)), QVariant(sandboxId),
                                 QVariant(sandboxId), LedgerRows::time(QDateTime::currentDateTimeUtc()),
                                 QVariant(redactedNote), QVariant(redactedNote), QVariant(id)});
        if (LedgerStatus done = m_db.exec(query, u"resolve operation #%1"_s.arg(id)); !done)
            return done;
        if (query.numRowsAffected() == 0)
            return LedgerError{LedgerError::Kind::NotFound,
                               u"Operation #%1 is not an open intent."_s.arg(id)};
        return LedgerDone{};
    });
}

LedgerResult<QList<LedgerOperation>> RunLedger::operationsOfRun(const QString &run)
{
    return selectRows<LedgerOperation>(
        m_db, u"SELECT "_s + LedgerRows::operationColumns() + u" FROM operations WHERE run = ? ORDER BY id"_s,
        {run}, &LedgerRows::operation);
}

LedgerStatus RunLedger::recordAcquired(const LedgerSandbox &sandbox)
{
    if (sandbox.sandboxId.isEmpty())
        return LedgerError{LedgerError::Kind::Invalid, u"A sandbox is recorded with its id."_s};
    return m_db.write<LedgerDone>([&]() -> LedgerStatus {
        QSqlQuery query(m_db.database());
        query.prepare(
            u"INSERT INTO sandboxes (provider, sandbox_id, servers, run, profile, benchmark, tags, "
            u"ttl_seconds, acquired_at, released_at, released_how, mcp_urls) "
            u"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?) "
            u"ON CONFLICT (provider, sandbox_id) DO UPDATE SET servers = excluded.servers, "
            u"run = excluded.run, profile = excluded.profile, benchmark = excluded.benchmark, "
            u"tags = excluded.tags, ttl_seconds = excluded.ttl_seconds, acquired_at = excluded.acquired_at, "
            u"released_at = NULL, released_how = NULL, mcp_urls = excluded.mcp_urls"_s);
        QStringList urls;
        for (const QString &url : sandbox.mcpUrls)
            urls << m_redaction.url(url);
        const QDateTime acquired =
            sandbox.acquiredAt.isValid() ? sandbox.acquiredAt : QDateTime::currentDateTimeUtc();
        LedgerRows::bind(query, {QVariant(LedgerWords::word(sandbox.provider)), QVariant(sandbox.sandboxId),
                                 QVariant(LedgerRows::list(sandbox.servers)), LedgerRows::orNull(sandbox.run),
                                 QVariant(sandbox.profile), QVariant(sandbox.benchmark),
                                 QVariant(LedgerRows::list(sandbox.tags)), QVariant(sandbox.ttlSeconds),
                                 LedgerRows::time(acquired), QVariant(LedgerRows::list(urls))});
        return m_db.exec(query, u"record sandbox %1"_s.arg(sandbox.sandboxId));
    });
}

LedgerStatus RunLedger::recordReleased(LedgerProvider provider, const QString &sandboxId, LedgerRelease how,
                                       const QDateTime &at)
{
    return m_db.write<LedgerDone>([&]() -> LedgerStatus {
        QSqlQuery query(m_db.database());
        query.prepare(u"UPDATE sandboxes SET released_at = ?, released_how = ? "
                      u"WHERE provider = ? AND sandbox_id = ? AND released_at IS NULL"_s);
        LedgerRows::bind(query, {LedgerRows::time(at.isValid() ? at : QDateTime::currentDateTimeUtc()),
                                 QVariant(LedgerWords::word(how)), QVariant(LedgerWords::word(provider)),
                                 QVariant(sandboxId)});
        if (LedgerStatus done = m_db.exec(query, u"record the release of %1"_s.arg(sandboxId)); !done)
            return done;
        if (query.numRowsAffected() == 0)
            return LedgerError{LedgerError::Kind::NotFound, u"The ledger holds no sandbox %1 of %2."_s.arg(
                                                                sandboxId, LedgerWords::word(provider))};
        return LedgerDone{};
    });
}

LedgerResult<QList<LedgerSandbox>> RunLedger::sandboxesOfRun(const QString &run)
{
    return selectRows<LedgerSandbox>(m_db,
                                     u"SELECT "_s + LedgerRows::sandboxColumns() +
                                         u" FROM sandboxes WHERE run = ? ORDER BY acquired_at, sandbox_id"_s,
                                     {run}, &LedgerRows::sandbox);
}

LedgerResult<QList<LedgerSandbox>> RunLedger::heldSandboxes()
{
    return selectRows<LedgerSandbox>(m_db,
                                     u"SELECT "_s + LedgerRows::sandboxColumns() +
                                         u" FROM sandboxes WHERE released_at IS NULL ORDER BY acquired_at"_s,
                                     {}, &LedgerRows::sandbox);
}
