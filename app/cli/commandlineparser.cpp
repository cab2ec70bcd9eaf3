#include "cli/commandlineparser.h"

#include "cli/clicommandspec.h"
#include "cli/cliusage.h"
#include "cli/commandchecks.h"

#include <QCommandLineParser>

#include <optional>

using namespace Qt::StringLiterals;

namespace {

using Result = CommandLineParser::Result;
using Action = CommandLineParser::Action;

const QString endOfOptions = u"--"_s;

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
        const auto timeout = CommandChecks::seconds(globals.timeouts.constFirst(), 1);
        if (!timeout)
            return u"--timeout must be a number of seconds from 1 to %1"_s.arg(CommandChecks::maxSeconds);
        command.timeoutSeconds = *timeout;
    }
    command.json = globals.json;
    return std::nullopt;
}

// The command's options as given into `command`: a value option once and not empty, a repeatable one's
// values in order, a flag as an empty value. --status may be given several times; its words are joined.
std::optional<QString> putOptions(const CliCommandSpec &spec, const Level &level, CliCommand &command)
{
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
        if (auto error = CommandChecks::checkStatuses(spec, *statuses, &words))
            return error;
        command.options.insert(u"status"_s, words.join(u','));
    }
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
    // A group may hold a group ("blaxel fs"): one level per word until a command is named.
    while (CliCommandSpecs::isGroup(name)) {
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
    if (const auto error = CommandChecks::checkArguments(*spec, command.arguments))
        return usageError(*error);
    if (const auto error = putOptions(*spec, leaf, command))
        return usageError(*error);
    if (const auto error = CommandChecks::checkOptions(*spec, command))
        return usageError(*error);
    return result;
}
