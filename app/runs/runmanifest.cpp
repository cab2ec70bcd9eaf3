#include "runs/runmanifest.h"

#include "api/remotetext.h"
#include "api/unsafecharacters.h"
#include "ledger/ledgerwords.h"
#include "ledger/runledger.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

const QString manifestKind = u"sandboxdeck-run-manifest"_s;

QJsonValue isoTime(const QDateTime &at)
{
    return at.isValid() ? QJsonValue(at.toUTC().toString(Qt::ISODateWithMs)) : QJsonValue();
}

QString baseUrlWithoutSecrets(const QString &text)
{
    const QUrl url(text);
    if (!url.isValid())
        return {};
    return url.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment).toString();
}

bool isTransfer(LedgerOperationKind kind)
{
    return kind == LedgerOperationKind::Upload || kind == LedgerOperationKind::Dump;
}

bool isData(LedgerOperationKind kind)
{
    return kind == LedgerOperationKind::DataInit || kind == LedgerOperationKind::DataDump;
}

QJsonObject transferJson(const LedgerOperation &operation)
{
    QJsonObject json{{u"kind"_s, LedgerWords::word(operation.kind)},
                     {u"provider"_s, LedgerWords::word(operation.provider)},
                     {u"server"_s, operation.server},
                     {u"sandbox_id"_s, operation.sandboxId},
                     {u"state"_s, LedgerWords::word(operation.state)},
                     {u"started_at"_s, isoTime(operation.startedAt)},
                     {u"finished_at"_s, isoTime(operation.finishedAt)}};
    if (operation.transfer) {
        json.insert(u"sha256"_s, operation.transfer->sha256);
        json.insert(u"bytes"_s, operation.transfer->bytes);
        json.insert(u"file_count"_s, operation.transfer->fileCount);
        json.insert(u"file_name"_s, operation.transfer->localFileName);
    }
    return json;
}

// --- the reader: every field checked before it is believed ---

class Reader
{
public:
    QString error;

    QString text(const QJsonObject &object, const QString &key, int maxLength = 1024, bool required = false)
    {
        const QJsonValue value = object.value(key);
        if (value.isUndefined() || value.isNull()) {
            if (required)
                fail(u"\"%1\" is missing."_s.arg(key));
            return {};
        }
        if (!value.isString())
            return fail(u"\"%1\" is not a string."_s.arg(key)), QString();
        QString result = value.toString();
        if (result.size() > maxLength)
            return fail(u"\"%1\" is longer than %2 characters."_s.arg(key).arg(maxLength)), QString();
        for (const char32_t c : result.toUcs4())
            if (UnsafeCharacters::isUnsafe(c))
                return fail(u"\"%1\" holds control characters."_s.arg(key)), QString();
        return result;
    }

    QDateTime at(const QJsonObject &object, const QString &key)
    {
        const QString value = text(object, key, 64);
        if (value.isEmpty())
            return {};
        QDateTime result = QDateTime::fromString(value, Qt::ISODateWithMs);
        if (!result.isValid())
            fail(u"\"%1\" is not an ISO 8601 time."_s.arg(key));
        return result.toUTC();
    }

    qint64 number(const QJsonObject &object, const QString &key)
    {
        const QJsonValue value = object.value(key);
        if (value.isUndefined() || value.isNull())
            return 0;
        const double number = value.toDouble(-1);
        if (!value.isDouble() || number < 0 || number > 9e15 || number != double(qint64(number)))
            return fail(u"\"%1\" is not a whole number of at least 0."_s.arg(key)), 0;
        return qint64(number);
    }

    QStringList texts(const QJsonObject &object, const QString &key)
    {
        QStringList result;
        const QJsonArray array = object.value(key).toArray();
        if (array.size() > 256)
            return fail(u"\"%1\" has too many entries."_s.arg(key)), result;
        for (const auto &item : array) {
            const QJsonObject wrapper{{key, item}};
            result.append(text(wrapper, key));
        }
        return result;
    }

    template <typename T>
    T word(const QJsonObject &object, const QString &key, std::optional<T> (*read)(const QString &),
           T fallback)
    {
        const QString value = text(object, key, 64);
        if (value.isEmpty())
            return fallback;
        const std::optional<T> result = read(value);
        if (!result)
            fail(u"\"%1\" is not a known %2."_s.arg(value, key));
        return result.value_or(fallback);
    }

    void fail(const QString &sentence)
    {
        if (error.isEmpty())
            error = sentence;
    }
};

} // namespace

QJsonObject RunManifest::build(const RunRecord &record, const QString &appVersion)
{
    const LedgerRun &run = record.run;
    QJsonArray sandboxes;
    for (const auto &sandbox : record.sandboxes) {
        QJsonArray urls;
        for (const auto &url : sandbox.mcpUrls)
            urls.append(RemoteText::maskedUrl(url)); // the ledger masked them already; twice costs nothing
        sandboxes.append(
            QJsonObject{{u"provider"_s, LedgerWords::word(sandbox.provider)},
                        {u"servers"_s, QJsonArray::fromStringList(sandbox.servers)},
                        {u"sandbox_id"_s, sandbox.sandboxId},
                        {u"benchmark"_s, sandbox.benchmark},
                        {u"tags"_s, QJsonArray::fromStringList(sandbox.tags)},
                        {u"ttl_seconds"_s, sandbox.ttlSeconds},
                        {u"acquired_at"_s, isoTime(sandbox.acquiredAt)},
                        {u"released_at"_s, isoTime(sandbox.releasedAt)},
                        {u"released_how"_s, sandbox.releasedAt.isValid()
                                                ? QJsonValue(LedgerWords::word(sandbox.releasedHow))
                                                : QJsonValue()},
                        {u"mcp_urls"_s, urls}});
    }
    QJsonArray transfers;
    QJsonArray data;
    for (const auto &operation : record.operations) {
        if (isTransfer(operation.kind))
            transfers.append(transferJson(operation));
        else if (isData(operation.kind))
            data.append(transferJson(operation));
    }
    const QJsonObject plan = QJsonDocument::fromJson(run.planJson.toUtf8()).object();
    return {{u"kind"_s, manifestKind},
            {u"format_version"_s, formatVersion},
            {u"app_version"_s, appVersion},
            {u"api_base_url"_s, baseUrlWithoutSecrets(run.apiBaseUrl)},
            {u"run"_s, QJsonObject{{u"name"_s, run.name},
                                   {u"state"_s, LedgerWords::word(run.state)},
                                   {u"created_at"_s, isoTime(run.createdAt)},
                                   {u"closed_at"_s, isoTime(run.closedAt)},
                                   {u"benchmark"_s, run.benchmark},
                                   {u"ttl_seconds"_s, run.ttlSeconds},
                                   {u"plan"_s, plan}}},
            {u"sandboxes"_s, sandboxes},
            {u"transfers"_s, transfers},
            {u"server_data"_s, data}};
}

QByteArray RunManifest::toBytes(const QJsonObject &manifest)
{
    return QJsonDocument(manifest).toJson(QJsonDocument::Indented);
}

RunRecord RunManifest::read(const QByteArray &bytes, QString *error)
{
    if (bytes.size() > maxBytes) {
        *error = u"The manifest is larger than %1 MiB."_s.arg(maxBytes / (qint64(1024) * 1024));
        return {};
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (!document.isObject()) {
        *error = u"The manifest is not a JSON object: %1."_s.arg(parseError.errorString());
        return {};
    }
    const QJsonObject root = document.object();
    Reader reader;
    if (reader.text(root, u"kind"_s, 64, true) != manifestKind) {
        *error = u"This is not a SandboxDeck run manifest."_s;
        return {};
    }
    if (const qint64 version = reader.number(root, u"format_version"_s); version != formatVersion) {
        *error =
            u"The manifest is format %1; this version reads format %2."_s.arg(version).arg(formatVersion);
        return {};
    }
    RunRecord record;
    const QJsonObject run = root.value(u"run"_s).toObject();
    record.run.name = reader.text(run, u"name"_s, 64, true);
    record.run.state = LedgerRunState::Imported;
    record.run.createdAt = reader.at(run, u"created_at"_s);
    record.run.closedAt = reader.at(run, u"closed_at"_s);
    record.run.benchmark = reader.text(run, u"benchmark"_s);
    record.run.ttlSeconds = reader.number(run, u"ttl_seconds"_s);
    record.run.apiBaseUrl = baseUrlWithoutSecrets(reader.text(root, u"api_base_url"_s, 2048));
    record.run.planJson =
        QString::fromUtf8(QJsonDocument(run.value(u"plan"_s).toObject()).toJson(QJsonDocument::Compact));

    const QJsonArray sandboxes = root.value(u"sandboxes"_s).toArray();
    const QJsonArray transfers = root.value(u"transfers"_s).toArray();
    const QJsonArray data = root.value(u"server_data"_s).toArray();
    if (sandboxes.size() + transfers.size() + data.size() > maxEntries) {
        *error = u"The manifest has more than %1 entries."_s.arg(maxEntries);
        return {};
    }
    for (const auto &value : sandboxes) {
        const QJsonObject object = value.toObject();
        LedgerSandbox sandbox;
        sandbox.provider = reader.word(object, u"provider"_s, &LedgerWords::provider, LedgerProvider::Klavis);
        sandbox.servers = reader.texts(object, u"servers"_s);
        sandbox.sandboxId = reader.text(object, u"sandbox_id"_s, 256, true);
        sandbox.run = record.run.name;
        sandbox.benchmark = reader.text(object, u"benchmark"_s);
        sandbox.tags = reader.texts(object, u"tags"_s);
        sandbox.ttlSeconds = reader.number(object, u"ttl_seconds"_s);
        sandbox.acquiredAt = reader.at(object, u"acquired_at"_s);
        sandbox.releasedAt = reader.at(object, u"released_at"_s);
        sandbox.releasedHow =
            reader.word(object, u"released_how"_s, &LedgerWords::release, LedgerRelease::Released);
        for (const auto &url : reader.texts(object, u"mcp_urls"_s))
            sandbox.mcpUrls.append(RemoteText::maskedUrl(url)); // a hand-edited manifest may carry a token
        record.sandboxes.append(sandbox);
    }
    for (const QJsonArray &array : {transfers, data}) {
        for (const auto &value : array) {
            const QJsonObject object = value.toObject();
            LedgerOperation operation;
            operation.kind =
                reader.word(object, u"kind"_s, &LedgerWords::operationKind, LedgerOperationKind::Upload);
            if (!isTransfer(operation.kind) && !isData(operation.kind))
                reader.fail(u"A transfer or data entry has the kind of another operation."_s);
            operation.state = reader.word(object, u"state"_s, &LedgerWords::operationState,
                                          LedgerOperationState::Succeeded);
            operation.provider =
                reader.word(object, u"provider"_s, &LedgerWords::provider, LedgerProvider::Klavis);
            operation.server = reader.text(object, u"server"_s);
            operation.sandboxId = reader.text(object, u"sandbox_id"_s, 256);
            operation.run = record.run.name;
            operation.startedAt = reader.at(object, u"started_at"_s);
            operation.finishedAt = reader.at(object, u"finished_at"_s);
            if (object.contains(u"sha256"_s)) {
                LedgerTransfer transfer;
                transfer.sha256 = reader.text(object, u"sha256"_s, 64);
                static const QRegularExpression hex(u"^[0-9a-f]{64}$"_s);
                if (!transfer.sha256.isEmpty() && !hex.match(transfer.sha256).hasMatch())
                    reader.fail(u"A sha256 is not 64 lower-case hex digits."_s);
                transfer.bytes = reader.number(object, u"bytes"_s);
                transfer.fileCount = reader.number(object, u"file_count"_s);
                transfer.localFileName = reader.text(object, u"file_name"_s);
                operation.transfer = transfer;
            }
            record.operations.append(operation);
        }
    }
    if (reader.error.isEmpty() && record.run.name.isEmpty())
        reader.fail(u"The run has no name."_s);
    if (!reader.error.isEmpty()) {
        *error = u"The manifest cannot be read: %1"_s.arg(reader.error);
        return {};
    }
    error->clear();
    return record;
}

QString RunManifest::load(RunLedger &ledger, const QString &runName, RunRecord *out)
{
    auto run = ledger.run(runName);
    if (!run)
        return run.error().message;
    auto sandboxes = ledger.sandboxesOfRun(runName);
    if (!sandboxes)
        return sandboxes.error().message;
    auto operations = ledger.operationsOfRun(runName);
    if (!operations)
        return operations.error().message;
    *out = {run.value(), sandboxes.value(), operations.value()};
    return {};
}

QString RunManifest::import(RunLedger &ledger, const RunRecord &record)
{
    if (ledger.run(record.run.name))
        return u"A run named %1 is in the ledger already; it is not replaced."_s.arg(record.run.name);
    LedgerRun run = record.run;
    run.state = LedgerRunState::Imported;
    if (auto created = ledger.createRun(run); !created)
        return created.error().message;
    // The ledger keys sandboxes by provider and id, and pools hand ids out again: a past run's record must
    // not replace the record of a sandbox this machine holds now.
    auto held = ledger.heldSandboxes();
    if (!held)
        return held.error().message;
    const auto isHeldNow = [&held](const LedgerSandbox &sandbox) {
        return std::any_of(held->cbegin(), held->cend(), [&sandbox](const LedgerSandbox &mine) {
            return mine.provider == sandbox.provider && mine.sandboxId == sandbox.sandboxId;
        });
    };
    for (const auto &sandbox : record.sandboxes) {
        if (isHeldNow(sandbox))
            continue;
        if (auto status = ledger.recordAcquired(sandbox); !status)
            return status.error().message;
        // A sandbox of an imported run is somebody's past: never "held" here, whatever the file says.
        const QDateTime releasedAt = sandbox.releasedAt.isValid() ? sandbox.releasedAt : record.run.closedAt;
        if (auto status = ledger.recordReleased(
                sandbox.provider, sandbox.sandboxId,
                sandbox.releasedAt.isValid() ? sandbox.releasedHow : LedgerRelease::Forgotten,
                releasedAt.isValid() ? releasedAt : QDateTime::currentDateTimeUtc());
            !status)
            return status.error().message;
    }
    for (const auto &operation : record.operations) {
        auto id = ledger.beginOperation(operation);
        if (!id)
            return id.error().message;
        if (auto status = ledger.finishOperation(
                id.value(), {operation.state, operation.sandboxId, operation.outcome, operation.transfer});
            !status)
            return status.error().message;
    }
    return {};
}
