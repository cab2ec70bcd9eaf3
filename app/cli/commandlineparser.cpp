#include "cli/commandlineparser.h"

#include "api/acquirerequest.h"
#include "api/blaxelsandboxname.h"
#include "api/blaxelstatus.h"
#include "catalog/serverlists.h"
#include "cli/clicommandspec.h"
#include "cli/cliusage.h"
#include "runs/leakfinder.h"
#include "runs/runplanparser.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

using Result = CommandLineParser::Result;
using Action = CommandLineParser::Action;

const QString endOfOptions = u"--"_s;
constexpr int maxSeconds = 86400;

Result usageError(const QString &what)
{
    return {Action::UsageError, {}, what};
}

Result show(Action action, const QString &text = {})
{
    return {action, {}, text};
}

// What every level learns about the global options.
struct GlobalValues
{
    QStringList baseUrls;
    QStringList timeouts;
    bool json = false;
    bool help = false;
    bool version = false;
};

// What one level of parsing found.
struct Level
{
    QStringList positional;
    QMap<QString, QStringList> values; // value options of the command
    QStringList flags;                 // flags of the command that were given
};

QCommandLineOption toQtOption(const CliOptionSpec &spec)
{
    QStringList names{spec.name};
    if (spec.name == u"help"_s || spec.name == u"version"_s)
        names.prepend(spec.name.left(1));
    return spec.takesValue() ? QCommandLineOption(names, spec.description, spec.valueName)
                             : QCommandLineOption(names, spec.description);
}

// How the user spelt an option Qt names without its dashes: "-x" or "--xyz".
QString spelling(const QString &name, const QStringList &arguments)
{
    for (const auto &argument : arguments) {
        if (argument == endOfOptions)
            break;
        if (argument == u'-' + name || argument.startsWith(u'-' + name + u'='))
            return u'-' + name;
    }
    return u"--"_s + name;
}

QString unknownOption(const QString &name, const QStringList &arguments, const QString &command)
{
    const QString spelt = spelling(name, arguments);
    if (!CliCommandSpecs::isCommandOption(name))
        return u"unknown option '%1'"_s.arg(spelt);
    if (command.isEmpty() || CliCommandSpecs::isGroup(command))
        return u"%1 goes after the command it belongs to"_s.arg(spelt);
    return u"`%1` does not take %2"_s.arg(command, spelt);
}

// One QCommandLineParser pass. A level that only finds the command (stopAtCommand) leaves everything after
// it as it was typed, for the next level; "--" before the command is handed on as well.
std::optional<QString> parseLevel(const QStringList &arguments, const QString &command,
                                  const QList<CliOptionSpec> &commandOptions, bool stopAtCommand,
                                  GlobalValues &globals, Level &level)
{
    QCommandLineParser parser;
    // -json is not -j -s -o -n: single-dash words are long options, so a typo is named as typed.
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    if (stopAtCommand)
        parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    for (const auto &spec : CliCommandSpecs::globalOptions())
        parser.addOption(toQtOption(spec));
    for (const auto &spec : commandOptions)
        parser.addOption(toQtOption(spec));

    if (!parser.parse(QStringList{u"sandboxdeck-cli"_s} + arguments)) {
        if (!parser.unknownOptionNames().isEmpty())
            return unknownOption(parser.unknownOptionNames().constFirst(), arguments, command);
        // "Missing value after '--ttl'." and "Unexpected value after '--json=1'.": made one of our lines.
        QString error = parser.errorText();
        if (error.endsWith(u'.'))
            error.chop(1);
        if (!error.isEmpty())
            error[0] = error[0].toLower();
        return error;
    }
    globals.baseUrls += parser.values(u"base-url"_s);
    globals.timeouts += parser.values(u"timeout"_s);
    globals.json = globals.json || parser.isSet(u"json"_s);
    globals.help = globals.help || parser.isSet(u"help"_s);
    globals.version = globals.version || parser.isSet(u"version"_s);
    for (const auto &spec : commandOptions) {
        if (!parser.isSet(spec.name))
            continue;
        if (spec.takesValue())
            level.values.insert(spec.name, parser.values(spec.name));
        else
            level.flags << spec.name;
    }
    level.positional = parser.positionalArguments();
    const auto separator = arguments.indexOf(endOfOptions);
    if (stopAtCommand && separator >= 0 && !level.positional.isEmpty() &&
        level.positional == arguments.mid(separator + 1))
        level.positional.insert(1, endOfOptions);
    return std::nullopt;
}

// A whole number of seconds within [minimum, maxSeconds]; digits only, so "+5", " 5" and "5s" are refused.
std::optional<int> seconds(const QString &text, int minimum)
{
    static const QRegularExpression digits(u"\\A[0-9]{1,9}\\z"_s);
    if (!digits.match(text).hasMatch())
        return std::nullopt;
    const int value = text.toInt();
    if (value < minimum || value > maxSeconds)
        return std::nullopt;
    return value;
}

std::optional<QString> checkGlobals(const GlobalValues &globals, CliCommand &command)
{
    if (globals.baseUrls.size() > 1)
        return u"--base-url given more than once"_s;
    if (globals.timeouts.size() > 1)
        return u"--timeout given more than once"_s;
    if (!globals.baseUrls.isEmpty()) {
        if (globals.baseUrls.constFirst().isEmpty())
            return u"--base-url needs a URL"_s;
        command.baseUrl = globals.baseUrls.constFirst();
    }
    if (!globals.timeouts.isEmpty()) {
        const auto timeout = seconds(globals.timeouts.constFirst(), 1);
        if (!timeout)
            return u"--timeout must be a number of seconds from 1 to %1"_s.arg(maxSeconds);
        command.timeoutSeconds = *timeout;
    }
    command.json = globals.json;
    return std::nullopt;
}

std::optional<QString> checkArguments(const CliCommandSpec &spec, const QStringList &arguments)
{
    const auto required = spec.argumentNames.size();
    if (arguments.size() < required) {
        QString missing = spec.argumentNames.at(arguments.size());
        missing.remove(u"..."_s);
        return u"`%1`: no %2 given"_s.arg(spec.name, missing);
    }
    if (arguments.size() > required && !spec.takesMoreArguments())
        return u"`%1`: unexpected argument '%2'"_s.arg(spec.name, arguments.at(required));
    return std::nullopt;
}

// --status idle --status occupied,error: the known words, lower-cased (Blaxel's upper-cased), each once.
std::optional<QString> checkStatuses(const QStringList &values, bool blaxel, QStringList *statuses)
{
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

std::optional<QString> checkOptions(const CliCommandSpec &spec, const Level &level, CliCommand &command)
{
    const bool blaxel = spec.name.startsWith(u"blaxel "_s);
    for (auto it = level.values.cbegin(); it != level.values.cend(); ++it) {
        if (it.key() == u"status")
            continue; // repeatable: checked below
        if (spec.option(it.key())->repeatable) {
            for (const auto &value : it.value()) {
                if (value.isEmpty())
                    return u"--%1 needs a non-empty %2"_s.arg(it.key(), spec.option(it.key())->valueName);
            }
            command.lists.insert(it.key(), it.value());
            continue;
        }
        if (it.value().size() > 1)
            return u"--%1 given more than once"_s.arg(it.key());
        if (it.value().constFirst().isEmpty())
            return u"--%1 needs a non-empty %2"_s.arg(it.key(), spec.option(it.key())->valueName);
        command.options.insert(it.key(), it.value().constFirst());
    }
    for (const auto &flag : level.flags)
        command.options.insert(flag, QString());
    if (const auto statuses = level.values.find(u"status"_s); statuses != level.values.cend()) {
        QStringList words;
        if (auto error = checkStatuses(*statuses, blaxel, &words))
            return error;
        command.options.insert(u"status"_s, words.join(u','));
    }
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
    if (spec.name == u"run manifest"_s && !command.has(u"out"_s))
        return u"`run manifest` needs --out FILE"_s;
    if (spec.name == u"leaks"_s && command.has(u"older-than"_s) &&
        !LeakFinder::parseDuration(command.option(u"older-than"_s)))
        return u"--older-than must be a duration like 90s, 45m, 2h or 3d"_s;
    if (spec.option(u"servers"_s) && !command.has(u"servers"_s))
        return u"`%1` needs --servers a,b,c or --servers ALL"_s.arg(spec.name);
    if (spec.option(u"extract"_s)) {
        if (command.has(u"out"_s) && command.has(u"extract"_s))
            return u"--out and --extract exclude each other"_s;
        if (command.has(u"force"_s) && command.has(u"extract"_s))
            return u"--force goes with --out; --extract never writes into a folder that is not empty"_s;
        if (!command.has(u"out"_s) && !command.has(u"extract"_s))
            return u"`%1` needs --out FILE or --extract DIR"_s.arg(spec.name);
    }
    if (auto error = checkDataAndMcp(spec, command))
        return error;
    if (!blaxel && command.has(u"region"_s) && command.option(u"region"_s) != u"us"_s &&
        command.option(u"region"_s) != u"asia"_s)
        return u"--region must be us or asia"_s;
    if (!blaxel)
        return std::nullopt;

    // A name goes into a URL path: one Blaxel would refuse is never sent. (Paths after it are files here.)
    for (qsizetype i = 0; i < command.arguments.size(); ++i) {
        const QString &argumentName = spec.argumentNames.at(std::min(i, spec.argumentNames.size() - 1));
        const QString &name = command.arguments.at(i);
        if (!argumentName.startsWith(u"NAME"_s))
            continue;
        if (const QString problem = BlaxelSandboxName::problem(name); !problem.isEmpty())
            return u"'%1' is not a sandbox name: %2"_s.arg(name, problem);
    }
    if (spec.name == u"blaxel create"_s)
        return checkBlaxelCreate(command);
    return std::nullopt;
}

} // namespace

CommandLineParser::Result CommandLineParser::parse(const QStringList &arguments)
{
    GlobalValues globals;
    Level top;
    if (const auto error = parseLevel(arguments, {}, {}, true, globals, top))
        return usageError(*error);
    if (globals.help)
        return show(Action::ShowHelp, CliUsage::full());
    if (globals.version)
        return show(Action::ShowVersion, CliUsage::version());
    if (top.positional.isEmpty())
        return usageError(u"no command given"_s);

    QString name = top.positional.constFirst();
    QStringList rest = top.positional.mid(1);
    if (CliCommandSpecs::isGroup(name)) {
        Level group;
        if (const auto error = parseLevel(rest, name, {}, true, globals, group))
            return usageError(*error);
        if (globals.help)
            return show(Action::ShowHelp, CliUsage::forCommand(name));
        if (globals.version)
            return show(Action::ShowVersion, CliUsage::version());
        if (group.positional.isEmpty())
            return usageError(
                u"`%1` needs a command: %2"_s.arg(name, CliCommandSpecs::subcommandsOf(name).join(u", "_s)));
        name += u' ' + group.positional.constFirst();
        rest = group.positional.mid(1);
    }
    const CliCommandSpec *spec = CliCommandSpecs::find(name);
    if (!spec)
        return usageError(u"unknown command '%1'"_s.arg(name));

    Level leaf;
    if (const auto error = parseLevel(rest, name, spec->options, false, globals, leaf))
        return usageError(*error);
    if (globals.help)
        return show(Action::ShowHelp, CliUsage::forCommand(name));
    if (globals.version)
        return show(Action::ShowVersion, CliUsage::version());

    Result result{Action::Run, {}, {}};
    CliCommand &command = result.command;
    command.name = name;
    command.arguments = leaf.positional;
    if (const auto error = checkGlobals(globals, command))
        return usageError(*error);
    if (const auto error = checkArguments(*spec, command.arguments))
        return usageError(*error);
    if (const auto error = checkOptions(*spec, leaf, command))
        return usageError(*error);
    return result;
}
