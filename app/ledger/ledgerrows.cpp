#include "ledger/ledgerrows.h"

#include "ledger/ledgerwords.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

QString LedgerRows::runColumns()
{
    return u"id, name, state, created_at, closed_at, profile, api_base_url, benchmark, ttl_seconds, plan_json"_s;
}

QString LedgerRows::operationColumns()
{
    return u"id, kind, state, profile, provider, server, sandbox_id, run, benchmark, tags, ttl_seconds, "
           u"started_at, finished_at, outcome, sha256, bytes, file_count, local_file, application, "
           u"process_id, "
           u"execution_name"_s;
}

QString LedgerRows::sandboxColumns()
{
    return u"provider, sandbox_id, servers, run, profile, benchmark, tags, ttl_seconds, acquired_at, "
           u"released_at, released_how, mcp_urls"_s;
}

LedgerRun LedgerRows::run(const QSqlQuery &query)
{
    LedgerRun run;
    run.id = query.value(0).toLongLong();
    run.name = query.value(1).toString();
    run.state = LedgerWords::runState(query.value(2).toString()).value_or(LedgerRunState::Imported);
    run.createdAt = time(query.value(3));
    run.closedAt = time(query.value(4));
    run.profile = query.value(5).toString();
    run.apiBaseUrl = query.value(6).toString();
    run.benchmark = query.value(7).toString();
    run.ttlSeconds = query.value(8).toLongLong();
    run.planJson = query.value(9).toString();
    return run;
}

LedgerOperation LedgerRows::operation(const QSqlQuery &query)
{
    LedgerOperation operation;
    operation.id = query.value(0).toLongLong();
    operation.kind =
        LedgerWords::operationKind(query.value(1).toString()).value_or(LedgerOperationKind::Prepare);
    operation.state =
        LedgerWords::operationState(query.value(2).toString()).value_or(LedgerOperationState::Ambiguous);
    operation.profile = query.value(3).toString();
    operation.provider = LedgerWords::provider(query.value(4).toString()).value_or(LedgerProvider::Klavis);
    operation.server = query.value(5).toString();
    operation.sandboxId = query.value(6).toString();
    operation.run = query.value(7).toString();
    operation.benchmark = query.value(8).toString();
    operation.tags = list(query.value(9));
    operation.ttlSeconds = query.value(10).toLongLong();
    operation.startedAt = time(query.value(11));
    operation.finishedAt = time(query.value(12));
    operation.outcome = query.value(13).toString();
    if (!query.value(14).isNull() || !query.value(15).isNull()) {
        LedgerTransfer transfer;
        transfer.sha256 = query.value(14).toString();
        transfer.bytes = query.value(15).toLongLong();
        transfer.fileCount = query.value(16).toLongLong();
        transfer.localFileName = query.value(17).toString();
        operation.transfer = transfer;
    }
    operation.application = query.value(18).toString();
    operation.processId = query.value(19).toLongLong();
    operation.executionName = query.value(20).toString();
    return operation;
}

LedgerSandbox LedgerRows::sandbox(const QSqlQuery &query)
{
    LedgerSandbox sandbox;
    sandbox.provider = LedgerWords::provider(query.value(0).toString()).value_or(LedgerProvider::Klavis);
    sandbox.sandboxId = query.value(1).toString();
    sandbox.servers = list(query.value(2));
    sandbox.run = query.value(3).toString();
    sandbox.profile = query.value(4).toString();
    sandbox.benchmark = query.value(5).toString();
    sandbox.tags = list(query.value(6));
    sandbox.ttlSeconds = query.value(7).toLongLong();
    sandbox.acquiredAt = time(query.value(8));
    sandbox.releasedAt = time(query.value(9));
    sandbox.releasedHow = LedgerWords::release(query.value(10).toString()).value_or(LedgerRelease::Released);
    sandbox.mcpUrls = list(query.value(11));
    return sandbox;
}

QVariant LedgerRows::time(const QDateTime &time)
{
    return time.isValid() ? QVariant(time.toMSecsSinceEpoch()) : QVariant();
}

QDateTime LedgerRows::time(const QVariant &stored)
{
    if (stored.isNull())
        return {};
    return QDateTime::fromMSecsSinceEpoch(stored.toLongLong(), Qt::UTC);
}

QString LedgerRows::list(const QStringList &list)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(list)).toJson(QJsonDocument::Compact));
}

QStringList LedgerRows::list(const QVariant &stored)
{
    QStringList result;
    const QJsonDocument document = QJsonDocument::fromJson(stored.toString().toUtf8());
    for (const auto &value : document.array())
        if (value.isString())
            result << value.toString();
    return result;
}

QVariant LedgerRows::orNull(const QString &text)
{
    return text.isEmpty() ? QVariant() : QVariant(text);
}

void LedgerRows::bind(QSqlQuery &query, std::initializer_list<QVariant> values)
{
    for (const QVariant &value : values)
        query.addBindValue(value);
}
