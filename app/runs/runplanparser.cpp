#include "runs/runplanparser.h"

#include "api/acquirerequest.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

const QRegularExpression &namePattern()
{
    static const QRegularExpression pattern(u"^[A-Za-z0-9][A-Za-z0-9._-]*$"_s);
    return pattern;
}

// Server names are the API's enum words (github, google_calendar): lower-case letters, digits, '_' and
// '-'. ServerLists only suggests names (the API drifts), so this checks the shape, not the list.
const QRegularExpression &serverPattern()
{
    static const QRegularExpression pattern(u"^[a-z0-9][a-z0-9_-]{0,63}$"_s);
    return pattern;
}

} // namespace

QString RunPlanParser::checkName(const QString &name)
{
    if (name.isEmpty())
        return u"A run needs a name."_s;
    if (name.size() > maxNameLength)
        return u"A run name has at most %1 characters."_s.arg(maxNameLength);
    if (!namePattern().match(name).hasMatch())
        return u"A run name is its sandboxes' tag: use letters, digits, '.', '_' and '-', starting with a "
               "letter or digit."_s;
    return {};
}

QString RunPlanParser::checkServerName(const QString &name)
{
    if (!serverPattern().match(name).hasMatch())
        return u"\"%1\" is not a server name (lower-case letters, digits, '_' and '-')."_s.arg(
            name.left(maxNameLength));
    return {};
}

QString RunPlanParser::parseCount(const QString &text, const QString &what, int *out)
{
    bool ok = false;
    const int count = text.trimmed().toInt(&ok);
    if (!ok || count < 1)
        return u"The count of %1 must be a whole number of at least 1."_s.arg(what);
    if (count > maxPerEntry)
        return u"%1 × %2 is more than a run holds (at most %3 each); is it a typo?"_s.arg(count)
            .arg(what)
            .arg(maxPerEntry);
    *out = count;
    return {};
}

QString RunPlanParser::parseServers(const QString &spec, QList<RunServerCount> *out)
{
    QList<RunServerCount> result;
    const auto entries = spec.split(u',', Qt::SkipEmptyParts);
    if (entries.isEmpty())
        return u"--servers needs SERVER:COUNT entries, e.g. github:10,slack:5."_s;
    for (const auto &entry : entries) {
        const auto parts = entry.split(u':');
        if (parts.size() > 2)
            return u"\"%1\" is not SERVER:COUNT."_s.arg(entry.left(maxNameLength));
        RunServerCount item{parts[0].trimmed(), 1};
        if (QString problem = checkServerName(item.server); !problem.isEmpty())
            return problem;
        if (parts.size() == 2)
            if (QString problem = parseCount(parts[1], item.server, &item.count); !problem.isEmpty())
                return problem;
        // github:3,github:2 is 5 githubs: the ordinals stay one sequence per server.
        auto same = std::find_if(result.begin(), result.end(), [&item](const RunServerCount &known) {
            return known.server == item.server;
        });
        if (same != result.end())
            same->count += item.count;
        else
            result.append(item);
    }
    *out = result;
    return {};
}

QString RunPlanParser::parseLocalSet(const QString &spec, RunLocalSet *out)
{
    RunLocalSet set{{}, 1};
    auto names = spec.split(u',', Qt::SkipEmptyParts);
    if (names.isEmpty())
        return u"--local needs servers, e.g. filesystem,git:2."_s;
    if (names.size() > maxServersPerLocalSet)
        return u"A local sandbox hosts at most %1 servers."_s.arg(maxServersPerLocalSet);
    if (const auto parts = names.last().split(u':'); parts.size() == 2) {
        if (QString problem = parseCount(parts[1], u"local sandboxes"_s, &set.count); !problem.isEmpty())
            return problem;
        names.last() = parts[0];
    } else if (parts.size() > 2) {
        return u"\"%1\" is not SERVER,SERVER:COUNT."_s.arg(spec.left(maxNameLength));
    }
    for (const auto &raw : names) {
        const QString name = raw.trimmed();
        if (QString problem = checkServerName(name); !problem.isEmpty())
            return problem;
        if (!set.servers.contains(name))
            set.servers.append(name);
    }
    *out = set;
    return {};
}

QString RunPlanParser::check(const RunPlan &plan)
{
    if (QString problem = checkName(plan.name); !problem.isEmpty())
        return problem;
    if (plan.servers.isEmpty() && plan.localSets.isEmpty())
        return u"A run needs sandboxes: --servers and/or --local."_s;
    qint64 total = 0;
    for (const auto &entry : plan.servers) {
        if (QString problem = checkServerName(entry.server); !problem.isEmpty())
            return problem;
        if (entry.count < 1 || entry.count > maxPerEntry)
            return u"The count of %1 must be between 1 and %2."_s.arg(entry.server).arg(maxPerEntry);
        total += entry.count;
    }
    for (const auto &set : plan.localSets) {
        if (set.servers.isEmpty() || set.servers.size() > maxServersPerLocalSet)
            return u"A local sandbox hosts 1 to %1 servers."_s.arg(maxServersPerLocalSet);
        for (const auto &server : set.servers)
            if (QString problem = checkServerName(server); !problem.isEmpty())
                return problem;
        if (set.count < 1 || set.count > maxPerEntry)
            return u"The count of a local set must be between 1 and %1."_s.arg(maxPerEntry);
        total += set.count;
    }
    if (total > maxSandboxes)
        return u"%1 sandboxes is more than one run holds (at most %2); is it a typo?"_s.arg(total).arg(
            maxSandboxes);
    if (plan.ttlSeconds && (*plan.ttlSeconds < AcquireRequest::minimumTtlSeconds ||
                            *plan.ttlSeconds > AcquireRequest::maximumTtlSeconds))
        return u"The TTL must be between %1 and %2 seconds."_s.arg(AcquireRequest::minimumTtlSeconds)
            .arg(AcquireRequest::maximumTtlSeconds);
    return {};
}

QJsonObject RunPlanParser::toJson(const RunPlan &plan)
{
    QJsonArray servers;
    for (const auto &entry : plan.servers)
        servers.append(QJsonObject{{u"server"_s, entry.server}, {u"count"_s, entry.count}});
    QJsonArray local;
    for (const auto &set : plan.localSets)
        local.append(
            QJsonObject{{u"servers"_s, QJsonArray::fromStringList(set.servers)}, {u"count"_s, set.count}});
    QJsonObject json{{u"name"_s, plan.name},          {u"benchmark"_s, plan.benchmark},
                     {u"servers"_s, servers},         {u"local"_s, local},
                     {u"prepare"_s, plan.prepare},    {u"seed_data"_s, plan.seedDataFile},
                     {u"workspace"_s, plan.workspace}};
    json.insert(u"ttl_seconds"_s, plan.ttlSeconds ? QJsonValue(*plan.ttlSeconds) : QJsonValue());
    return json;
}

QString RunPlanParser::fromJson(const QJsonObject &json, RunPlan *out)
{
    RunPlan plan;
    const auto readString = [&json](const QString &key, QString *target) {
        const QJsonValue value = json.value(key);
        if (value.isString())
            *target = value.toString();
        return value.isString() || value.isUndefined() || value.isNull();
    };
    if (!readString(u"name"_s, &plan.name) || !readString(u"benchmark"_s, &plan.benchmark) ||
        !readString(u"seed_data"_s, &plan.seedDataFile) || !readString(u"workspace"_s, &plan.workspace))
        return u"The plan has a field of the wrong type."_s;
    plan.prepare = json.value(u"prepare"_s).toBool();
    if (const QJsonValue ttl = json.value(u"ttl_seconds"_s); ttl.isDouble())
        plan.ttlSeconds = ttl.toInt();
    const auto readCount = [](const QJsonObject &entry) {
        const QJsonValue count = entry.value(u"count"_s);
        return count.isDouble() && count.toDouble() == double(count.toInt()) ? count.toInt() : -1;
    };
    for (const auto &entry : json.value(u"servers"_s).toArray()) {
        const QJsonObject object = entry.toObject();
        plan.servers.append({object.value(u"server"_s).toString(), readCount(object)});
    }
    for (const auto &entry : json.value(u"local"_s).toArray()) {
        const QJsonObject object = entry.toObject();
        RunLocalSet set{{}, readCount(object)};
        for (const auto &server : object.value(u"servers"_s).toArray())
            set.servers.append(server.toString());
        plan.localSets.append(set);
    }
    if (QString problem = check(plan); !problem.isEmpty())
        return problem;
    *out = plan;
    return {};
}
