#include "cli/commandchecks.h"

#include "api/acquirerequest.h"
#include "api/blaxelsandboxname.h"
#include "api/blaxelstatus.h"
#include "catalog/serverlists.h"
#include "runs/leakfinder.h"
#include "runs/runplanparser.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// "k=v" with a key: labels and environment variables. The value may be empty and may hold '='. A secret
// may be a bare name instead: its value then comes from the CLI's own environment, out of argv.
std::optional<QString> checkPairs(const CliCommand &command, const QString &option)
{
    const bool nameAlone = option == u"secret-env"_s;
    for (const auto &pair : command.values(option)) {
        if (pair.indexOf(u'=') < 1 && !(nameAlone && !pair.startsWith(u'=')))
            return nameAlone ? u"--%1 takes KEY=VALUE or KEY, not '%2'"_s.arg(option, pair)
                             : u"--%1 takes KEY=VALUE, not '%2'"_s.arg(option, pair);
    }
    return std::nullopt;
}

// blaxel create's own values: the server checks ranges and regions, this only what cannot be sent.
std::optional<QString> checkBlaxelCreate(const CliCommand &command)
{
    static const QRegularExpression digits(u"\\A[0-9]{1,9}\\z"_s);
    static const QRegularExpression duration(u"\\A([0-9]{1,6}[smhdw]){1,4}\\z"_s);
    if (!command.has(u"image"_s))
        return u"`blaxel create` needs --image I"_s;
    if (command.has(u"memory"_s) && (!digits.match(command.option(u"memory"_s)).hasMatch() ||
                                     command.option(u"memory"_s).toLongLong() < 1))
        return u"--memory must be a whole number of MB"_s;
    for (const auto &port : command.values(u"port"_s)) {
        if (!digits.match(port).hasMatch() || port.toInt() < 1 || port.toInt() > 65535)
            return u"--port must be a number from 1 to 65535, not '%1'"_s.arg(port);
    }
    if (command.has(u"ttl"_s) && !duration.match(command.option(u"ttl"_s)).hasMatch())
        return u"--ttl must be a duration like 30m, 24h or 1h30m"_s;
    for (const auto &option : {u"label"_s, u"env"_s, u"secret-env"_s}) {
        if (auto error = checkPairs(command, option))
            return error;
    }
    return std::nullopt;
}

// run create: the plan's spellings have one home (RunPlanParser); a plan it refuses is a usage error.
std::optional<QString> checkRunCreate(const CliCommand &command)
{
    RunPlan plan;
    plan.name = command.arguments.value(0);
    if (command.has(u"servers"_s))
        if (QString problem = RunPlanParser::parseServers(command.option(u"servers"_s), &plan.servers);
            !problem.isEmpty())
            return problem;
    for (const auto &spec : command.values(u"local"_s)) {
        RunLocalSet set;
        if (QString problem = RunPlanParser::parseLocalSet(spec, &set); !problem.isEmpty())
            return problem;
        plan.localSets.append(set);
    }
    if (command.has(u"ttl"_s))
        plan.ttlSeconds = command.option(u"ttl"_s).toInt();
    if (QString problem = RunPlanParser::check(plan); !problem.isEmpty())
        return problem;
    return std::nullopt;
}

// The `data` and `mcp` commands' pairs of options that exclude or need each other, and --args's JSON.
std::optional<QString> checkDataAndMcp(const CliCommandSpec &spec, const CliCommand &command)
{
    if (spec.name == u"data dump"_s && command.has(u"force"_s) && !command.has(u"out"_s))
        return u"--force goes with --out"_s;
    if (spec.name == u"data init"_s && command.has(u"file"_s) == command.has(u"default"_s))
        return u"`data init` needs either --file F or --default"_s;
    if (command.has(u"sandbox"_s) && command.has(u"local"_s))
        return u"--sandbox and --local exclude each other"_s;
    if (spec.name != u"mcp call"_s)
        return std::nullopt;
    if (command.has(u"args"_s) && !command.values(u"arg"_s).isEmpty())
        return u"--args and --arg exclude each other"_s;
    if (command.has(u"args"_s)) {
        QJsonParseError error;
        const auto document = QJsonDocument::fromJson(command.option(u"args"_s).toUtf8(), &error);
        if (error.error != QJsonParseError::NoError || !document.isObject())
            return u"--args must be a JSON object, like {\"a\": 5}"_s;
    }
    for (const auto &pair : command.values(u"arg"_s)) {
        if (pair.indexOf(u'=') < 1)
            return u"--arg takes NAME=VALUE, not '%1'"_s.arg(pair);
    }
    return std::nullopt;
}

// A name goes into a URL path: one Blaxel would refuse is never sent. (Paths after it are files here.)
std::optional<QString> checkBlaxelNames(const CliCommandSpec &spec, const CliCommand &command)
{
    for (qsizetype i = 0; i < command.arguments.size(); ++i) {
        const QString &argumentName = spec.argumentNames.at(std::min(i, spec.argumentNames.size() - 1));
        const QString &name = command.arguments.at(i);
        if (!argumentName.startsWith(u"NAME"_s))
            continue;
        if (const QString problem = BlaxelSandboxName::problem(name); !problem.isEmpty())
            return u"'%1' is not a sandbox name: %2"_s.arg(name, problem);
    }
    return std::nullopt;
}

bool isBlaxel(const CliCommandSpec &spec)
{
    return spec.name.startsWith(u"blaxel "_s);
}

} // namespace

std::optional<int> CommandChecks::seconds(const QString &text, int minimum)
{
    static const QRegularExpression digits(u"\\A[0-9]{1,9}\\z"_s);
    if (!digits.match(text).hasMatch())
        return std::nullopt;
    const int value = text.toInt();
    if (value < minimum || value > maxSeconds)
        return std::nullopt;
    return value;
}

std::optional<QString> CommandChecks::checkArguments(const CliCommandSpec &spec, const QStringList &arguments)
{
    const auto required = spec.requiredArguments();
    if (arguments.size() < required) {
        QString missing = spec.argumentNames.at(arguments.size());
        missing.remove(u"..."_s);
        return u"`%1`: no %2 given"_s.arg(spec.name, missing);
    }
    const auto most = spec.argumentNames.size();
    if (arguments.size() > most && !spec.takesMoreArguments())
        return u"`%1`: unexpected argument '%2'"_s.arg(spec.name, arguments.at(most));
    return std::nullopt;
}

std::optional<QString> CommandChecks::checkStatuses(const CliCommandSpec &spec, const QStringList &values,
                                                    QStringList *statuses)
{
    const bool blaxel = isBlaxel(spec);
    const QStringList known = blaxel ? BlaxelStatus::statuses() : ServerLists::statuses();
    for (const auto &value : values) {
        for (const auto &part : value.split(u',')) {
            const QString word = blaxel ? part.trimmed().toUpper() : part.trimmed().toLower();
            if (!known.contains(word))
                return u"--status must be one of %1, not '%2'"_s.arg(known.join(u", "_s), part.trimmed());
            if (!statuses->contains(word))
                *statuses << word;
        }
    }
    return std::nullopt;
}

std::optional<QString> CommandChecks::checkOptions(const CliCommandSpec &spec, const CliCommand &command)
{
    const bool blaxel = isBlaxel(spec);
    if (!blaxel && command.has(u"ttl"_s)) {
        if (command.has(u"no-ttl"_s))
            return u"--ttl and --no-ttl exclude each other"_s;
        const auto ttl = seconds(command.option(u"ttl"_s), AcquireRequest::minimumTtlSeconds);
        if (!ttl || *ttl > AcquireRequest::maximumTtlSeconds)
            return u"--ttl must be a number of seconds from %1 to %2"_s.arg(AcquireRequest::minimumTtlSeconds)
                .arg(AcquireRequest::maximumTtlSeconds);
    }
    if (spec.name == u"run create"_s)
        return checkRunCreate(command);
    if (spec.name == u"local exec"_s && command.has(u"name"_s) && command.option(u"name"_s).isEmpty())
        return u"--name needs a name"_s;
    if (spec.name == u"run manifest"_s && !command.has(u"out"_s))
        return u"`run manifest` needs --out FILE"_s;
    if (spec.name == u"leaks"_s && command.has(u"older-than"_s) &&
        !LeakFinder::parseDuration(command.option(u"older-than"_s)))
        return u"--older-than must be a duration like 90s, 45m, 2h or 3d"_s;
    if (spec.name == u"universe acquire"_s && command.has(u"run"_s))
        if (QString problem = RunPlanParser::checkName(command.option(u"run"_s)); !problem.isEmpty())
            return problem;
    if (spec.option(u"servers"_s) && !command.has(u"servers"_s))
        return u"`%1` needs --servers a,b,c or --servers ALL"_s.arg(spec.name);
    if (spec.option(u"extract"_s)) {
        if (command.has(u"out"_s) && command.has(u"extract"_s))
            return u"--out and --extract exclude each other"_s;
        if (command.has(u"force"_s) && command.has(u"extract"_s))
            return u"--force goes with --out; --extract never writes into a folder that is not empty"_s;
        if (!command.has(u"out"_s) && !command.has(u"extract"_s))
            return spec.option(u"out"_s) ? u"`%1` needs --out FILE or --extract DIR"_s.arg(spec.name)
                                         : u"`%1` needs --extract DIR"_s.arg(spec.name);
    }
    if (auto error = checkDataAndMcp(spec, command))
        return error;
    if (!blaxel && command.has(u"region"_s) && command.option(u"region"_s) != u"us"_s &&
        command.option(u"region"_s) != u"asia"_s)
        return u"--region must be us or asia"_s;
    if (!blaxel)
        return std::nullopt;

    if (auto error = checkBlaxelNames(spec, command))
        return error;
    if (spec.name == u"blaxel create"_s)
        return checkBlaxelCreate(command);
    if (command.has(u"type"_s) && command.option(u"type"_s) != u"file"_s &&
        command.option(u"type"_s) != u"directory"_s)
        return u"--type must be file or directory"_s;
    if (command.has(u"stdout"_s) && command.has(u"stderr"_s))
        return u"--stdout and --stderr exclude each other"_s;
    // A follow prints text as it comes; a JSON document is whole only at its end.
    if (command.has(u"follow"_s) && command.json)
        return u"--follow and --json exclude each other"_s;
    return std::nullopt;
}
