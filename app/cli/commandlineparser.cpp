#include "cli/commandlineparser.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace {

struct CommandSpec
{
    QString name;
    int minArguments;
    int maxArguments; // -1: any number
    QStringList options;
};

const QList<CommandSpec> &commands()
{
    static const QList<CommandSpec> specs = {
        {u"list"_s, 0, 0, {u"server"_s, u"tag"_s}},
        {u"get"_s, 2, 2, {u"show-secrets"_s}},
        {u"acquire"_s, 1, 1, {u"benchmark"_s, u"email"_s, u"tag"_s, u"ttl"_s, u"no-ttl"_s}},
        {u"release"_s, 2, 2, {u"is-ttl"_s, u"instance-id"_s}},
        {u"reset"_s, 2, 2, {}},
        {u"prepare"_s, 0, 0, {u"benchmark"_s, u"server"_s}},
        {u"local list"_s, 0, 0, {}},
        {u"local get"_s, 1, 1, {u"show-secrets"_s}},
        {u"local acquire"_s, 0, 0, {u"servers"_s, u"benchmark"_s, u"email"_s, u"ttl"_s, u"no-ttl"_s}},
        {u"local release"_s, 1, 1, {}},
        {u"local reset"_s, 1, 1, {}},
        {u"local upload"_s, 2, -1, {u"region"_s}},
        {u"local dump"_s, 1, 1, {u"out"_s, u"extract"_s, u"region"_s}},
    };
    return specs;
}

const QSet<QString> &flags()
{
    static const QSet<QString> names = {u"json"_s, u"no-ttl"_s, u"is-ttl"_s, u"show-secrets"_s, u"help"_s};
    return names;
}

} // namespace

QString CommandLineParser::usage()
{
    return uR"(Usage: sandboxdeck-cli [--base-url URL] [--json] [--timeout SECONDS] COMMAND [ARGS]

Klavis sandboxes:
  list [--server S] [--tag T]            list sandboxes
  get SERVER ID [--show-secrets]          show one sandbox
  acquire SERVER [--benchmark B] [--email E] [--tag T] [--ttl SECONDS | --no-ttl]
  release SERVER ID [--is-ttl] [--instance-id I]
  reset SERVER ID
  prepare [--benchmark B] [--server S]   ask for capacity ahead of a run

Klavis local sandboxes:
  local list
  local get ID [--show-secrets]
  local acquire --servers a,b|ALL [--benchmark B] [--email E] [--ttl SECONDS | --no-ttl]
  local release ID
  local reset ID
  local upload ID PATH... [--region us|asia]
                                          pack files and folders (one folder: its contents) into a
                                          .tar.gz, or send one .tar.gz as it is, and unpack it there
  local dump ID (--out FILE | --extract DIR) [--region us|asia]
                                          save the workspace as a .tar.gz, or extract it into a new
                                          or empty folder

The API key comes from KLAVIS_API_KEY. --base-url (or KLAVIS_BASE_URL) defaults to https://api.klavis.ai.
--timeout: how long one API call may take in all, retries included (default 90 s); transfers stop only
when no data moves for a while.
--json prints the server's reply; auth_data and metadata values stay masked without --show-secrets.
Benchmarks: MCP_Atlas, Toolathlon, MCP_Mark.
Transfers show a progress line on stderr when it is a terminal; Ctrl+C cancels them and removes their
temporary files. With --json they print one summary object (local_sandbox_id, direction, bytes, path).
Exit codes: 0 success, 1 API, network or transfer error, 2 usage error, 3 dump extracted with entries
left out (listed on stderr), 130 cancelled with Ctrl+C.
)"_s;
}

std::optional<CliCommand> CommandLineParser::parse(const QStringList &arguments, QString *error)
{
    CliCommand command;
    QStringList positional;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &argument = arguments[i];
        if (!argument.startsWith(u"--"_s) || argument == u"--"_s) {
            positional << argument;
            continue;
        }
        QString name = argument.mid(2);
        QString value;
        const auto equals = name.indexOf(u'=');
        if (equals >= 0) {
            value = name.mid(equals + 1);
            name = name.left(equals);
        } else if (!flags().contains(name)) {
            if (i + 1 >= arguments.size()) {
                *error = u"--%1 needs a value"_s.arg(name);
                return std::nullopt;
            }
            value = arguments[++i];
        }
        if (name == u"help"_s) {
            error->clear();
            return std::nullopt;
        }
        if (name == u"json"_s)
            command.json = true;
        else if (name == u"base-url"_s)
            command.baseUrl = value;
        else if (name == u"timeout"_s) {
            bool ok = false;
            command.timeoutSeconds = value.toInt(&ok);
            if (!ok || command.timeoutSeconds < 1 || command.timeoutSeconds > 86400) {
                *error = u"--timeout must be a number of seconds from 1 to 86400"_s;
                return std::nullopt;
            }
        } else
            command.options.insert(name, value);
    }
    if (positional.isEmpty()) {
        *error = u"no command given"_s;
        return std::nullopt;
    }
    command.name = positional.takeFirst();
    if (command.name == u"local"_s) {
        if (positional.isEmpty()) {
            *error = u"`local` needs a subcommand: list, get, acquire, release, reset, upload, dump"_s;
            return std::nullopt;
        }
        command.name += u' ' + positional.takeFirst();
    }
    command.arguments = positional;

    const auto spec = std::find_if(commands().begin(), commands().end(),
                                   [&](const CommandSpec &s) { return s.name == command.name; });
    if (spec == commands().end()) {
        *error = u"unknown command `%1`"_s.arg(command.name);
        return std::nullopt;
    }
    const auto count = command.arguments.size();
    if (count < spec->minArguments || (spec->maxArguments >= 0 && count > spec->maxArguments)) {
        *error = u"`%1` takes %2 argument(s), got %3"_s.arg(command.name)
                     .arg(spec->maxArguments < 0 ? u"%1 or more"_s.arg(spec->minArguments)
                                                 : QString::number(spec->maxArguments))
                     .arg(count);
        return std::nullopt;
    }
    for (auto it = command.options.cbegin(); it != command.options.cend(); ++it) {
        if (!spec->options.contains(it.key())) {
            *error = u"`%1` does not take --%2"_s.arg(command.name, it.key());
            return std::nullopt;
        }
    }
    if (command.has(u"ttl"_s)) {
        bool ok = false;
        const int ttl = command.option(u"ttl"_s).toInt(&ok);
        if (!ok || ttl < 60 || ttl > 86400) {
            *error = u"--ttl must be a number of seconds from 60 to 86400"_s;
            return std::nullopt;
        }
        if (command.has(u"no-ttl"_s)) {
            *error = u"--ttl and --no-ttl exclude each other"_s;
            return std::nullopt;
        }
    }
    if (command.name == u"local acquire"_s && command.option(u"servers"_s).isEmpty()) {
        *error = u"`local acquire` needs --servers a,b,c or --servers ALL"_s;
        return std::nullopt;
    }
    if (command.name == u"local dump"_s && command.has(u"out"_s) == command.has(u"extract"_s)) {
        *error = u"`local dump` needs exactly one of --out FILE and --extract DIR"_s;
        return std::nullopt;
    }
    for (const auto &pathOption : {u"out"_s, u"extract"_s}) {
        if (command.has(pathOption) && command.option(pathOption).isEmpty()) {
            *error = u"--%1 needs a path"_s.arg(pathOption);
            return std::nullopt;
        }
    }
    if (command.has(u"region"_s) && command.option(u"region"_s) != u"us"_s &&
        command.option(u"region"_s) != u"asia"_s) {
        *error = u"--region must be us or asia"_s;
        return std::nullopt;
    }
    return command;
}
