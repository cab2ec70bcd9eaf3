#include "api/universedecoder.h"

#include "api/isotimestamp.h"
#include "api/jsonreply.h"
#include "api/urlpolicy.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

// A whole number sent where the schema says string (a task number): its digits; else empty.
QString wholeNumberText(const QJsonValue &value)
{
    const double number = value.toDouble();
    if (!value.isDouble() || number != std::floor(number) || std::abs(number) > 9.0e15)
        return {};
    return QString::number(qint64(number));
}

// A required string field: a string, or a whole number (a task number after a schema change). Empty
// `problem` when read.
QString requiredText(const QJsonObject &object, QLatin1StringView key, QString *problem)
{
    const auto value = object.value(key);
    if (value.isString())
        return value.toString();
    if (QString number = wholeNumberText(value); !number.isEmpty())
        return number;
    *problem = value.isUndefined()
                   ? QCoreApplication::translate("UniverseDecoder", "no `%1` in the reply").arg(key)
                   : QCoreApplication::translate("UniverseDecoder", "`%1` is not a string").arg(key);
    return {};
}

// The first problem wins: the error names one field, the first one the reader met.
struct RequiredReader
{
    const QJsonObject &object;
    QString problem;

    QString text(QLatin1StringView key)
    {
        QString found;
        QString value = requiredText(object, key, &found);
        if (problem.isEmpty())
            problem = found;
        return value;
    }
};

} // namespace

QString UniverseDecoder::readUniverse(const QJsonObject &object, Universe *universe)
{
    RequiredReader reader{object, {}};
    universe->id = reader.text("universe_id"_L1);
    universe->name = reader.text("name"_L1);
    universe->description = reader.text("description"_L1);
    universe->domain = reader.text("domain"_L1);
    universe->createdAtText = reader.text("created_at"_L1);
    if (!reader.problem.isEmpty())
        return reader.problem;
    universe->createdAt = IsoTimestamp::parse(universe->createdAtText);

    const auto personas = object.value("personas"_L1);
    if (!personas.isArray())
        return personas.isUndefined()
                   ? QCoreApplication::translate("UniverseDecoder", "no `personas` in the reply")
                   : QCoreApplication::translate("UniverseDecoder", "`personas` is not a list");
    universe->personas.clear();
    universe->skippedPersonaValues = 0;
    for (const auto &item : personas.toArray()) {
        if (!item.isObject()) {
            ++universe->skippedPersonaValues;
            continue;
        }
        QMap<QString, QString> persona;
        const auto fields = item.toObject();
        for (auto it = fields.begin(); it != fields.end(); ++it) {
            if (it.value().isString())
                persona.insert(it.key(), it.value().toString());
            else
                ++universe->skippedPersonaValues;
        }
        universe->personas.append(persona);
    }

    const auto numbers = object.value("task_nums"_L1);
    if (!numbers.isArray())
        return numbers.isUndefined()
                   ? QCoreApplication::translate("UniverseDecoder", "no `task_nums` in the reply")
                   : QCoreApplication::translate("UniverseDecoder", "`task_nums` is not a list");
    universe->taskNumbers.clear();
    for (const auto &item : numbers.toArray()) {
        QString number = item.isString() ? item.toString() : wholeNumberText(item);
        if (number.isEmpty())
            return QCoreApplication::translate("UniverseDecoder",
                                               "`task_nums` holds something that is not a task number");
        universe->taskNumbers.append(number);
    }
    return {};
}

ApiResult<QList<Universe>> UniverseDecoder::universes(const QByteArray &body)
{
    const auto parsed = JsonReply::object(body);
    if (!parsed)
        return parsed.error();
    const auto items = parsed.value().value("universes"_L1);
    if (!items.isArray())
        return ApiError::decode(
            QCoreApplication::translate("UniverseDecoder", "no `universes` list in the reply"), body);
    QList<Universe> universes;
    const auto array = items.toArray();
    universes.reserve(array.size());
    for (qsizetype i = 0; i < array.size(); ++i) {
        Universe universe;
        if (!array.at(i).isObject())
            return ApiError::decode(
                QCoreApplication::translate("UniverseDecoder", "universe %1 of the list is not an object")
                    .arg(i + 1),
                body);
        if (const QString problem = readUniverse(array.at(i).toObject(), &universe); !problem.isEmpty())
            return ApiError::decode(
                QCoreApplication::translate("UniverseDecoder", "universe %1 of the list: %2")
                    .arg(i + 1)
                    .arg(problem),
                body);
        universes.append(std::move(universe));
    }
    return universes;
}

ApiResult<QJsonValue> UniverseDecoder::initialData(const QByteArray &body)
{
    // Wrapped in a list, so that a scalar (which QJsonDocument does not read alone) is read too.
    QJsonParseError error;
    const auto document = QJsonDocument::fromJson("[" + body + "\n]", &error);
    if (error.error != QJsonParseError::NoError || document.array().size() != 1)
        return ApiError::decode(
            error.error != QJsonParseError::NoError
                ? JsonReply::syntaxError(std::max(0, error.offset - 1), error.errorString())
                : QCoreApplication::translate("UniverseDecoder", "expected one JSON value"),
            body);
    return document.array().at(0);
}

ApiResult<UniverseInstance> UniverseDecoder::instance(const QByteArray &body)
{
    const auto parsed = JsonReply::object(body);
    if (!parsed)
        return parsed.error();
    UniverseInstance instance;
    instance.raw = parsed.value();
    QString problem;
    instance.instanceId = requiredText(instance.raw, "instance_id"_L1, &problem);
    if (!problem.isEmpty() || instance.instanceId.isEmpty())
        return ApiError::decode(problem.isEmpty()
                                    ? QCoreApplication::translate("UniverseDecoder", "`instance_id` is empty")
                                    : problem,
                                body);
    const auto servers = instance.raw.value("mcp_servers"_L1);
    if (!servers.isObject())
        return ApiError::decode(
            servers.isUndefined()
                ? QCoreApplication::translate("UniverseDecoder", "no `mcp_servers` in the reply")
                : QCoreApplication::translate("UniverseDecoder", "`mcp_servers` is not an object"),
            body);
    const auto entries = servers.toObject();
    for (auto it = entries.begin(); it != entries.end(); ++it) {
        if (!it.value().isString()) {
            instance.refusedServers.insert(
                it.key(), QCoreApplication::translate("UniverseDecoder", "its URL is not a string"));
            continue;
        }
        const QUrl url(it.value().toString(), QUrl::StrictMode);
        QString refusal = url.isValid()
                              ? UrlPolicy::checkMcpUrl(url)
                              : QCoreApplication::translate("UniverseDecoder", "its URL does not parse");
        if (refusal.isEmpty())
            instance.mcpServers.insert(it.key(), it.value().toString());
        else
            instance.refusedServers.insert(it.key(), refusal);
    }
    return instance;
}

ApiResult<UniverseTask> UniverseDecoder::task(const QByteArray &body)
{
    const auto parsed = JsonReply::object(body);
    if (!parsed)
        return parsed.error();
    RequiredReader reader{parsed.value(), {}};
    UniverseTask task;
    task.taskNumber = reader.text("task_num"_L1);
    task.universeId = reader.text("universe_id"_L1);
    task.title = reader.text("title"_L1);
    task.description = reader.text("description"_L1);
    task.prompt = reader.text("prompt"_L1);
    task.difficulty = reader.text("difficulty"_L1);
    task.verificationRationale = reader.text("verification_rationale"_L1);
    if (!reader.problem.isEmpty())
        return ApiError::decode(reader.problem, body);
    return task;
}

ApiResult<TaskVerdict> UniverseDecoder::verdict(const QByteArray &body)
{
    const auto parsed = JsonReply::object(body);
    if (!parsed)
        return parsed.error();
    const auto &object = parsed.value();
    TaskVerdict verdict;
    const auto passed = object.value("passed"_L1);
    if (!passed.isBool())
        return ApiError::decode(
            passed.isUndefined()
                ? QCoreApplication::translate("UniverseDecoder", "no `passed` in the reply")
                : QCoreApplication::translate("UniverseDecoder", "`passed` is not true or false"),
            body);
    verdict.passed = passed.toBool();
    // task_num is required by the schema, but the caller knows which task it asked about: tolerated.
    const auto number = object.value("task_num"_L1);
    verdict.taskNumber = number.isString() ? number.toString() : wholeNumberText(number);
    const auto reason = object.value("failure_reason"_L1);
    if (reason.isString())
        verdict.failureReason = reason.toString();
    else if (!reason.isNull() && !reason.isUndefined())
        verdict.failureReason =
            QString::fromUtf8(QJsonDocument(QJsonArray{reason}).toJson(QJsonDocument::Compact))
                .mid(1)
                .chopped(1);
    return verdict;
}
