#include "cli/cliusage.h"

#include "catalog/blaxelhosts.h"
#include "catalog/klavishosts.h"
#include "catalog/serverlists.h"
#include "cli/clicommandspec.h"

using namespace Qt::StringLiterals;

namespace {

constexpr qsizetype descriptionColumn = 42;
constexpr qsizetype lineWidth = 106;

const QString program = u"sandboxdeck-cli"_s;

// The words of text, continued lines starting at column indent, none past lineWidth.
QString wrapped(const QString &text, qsizetype indent)
{
    QString result;
    qsizetype column = indent;
    bool first = true;
    for (const auto &word : text.split(u' ')) {
        if (!first && column + 1 + word.size() > lineWidth) {
            result += u'\n' + QString(indent, u' ');
            column = indent;
            first = true;
        }
        if (!first) {
            result += u' ';
            ++column;
        }
        result += word;
        column += word.size();
        first = false;
    }
    return result + u'\n';
}

// A usage line wrapped like wrapped(), but never inside a bracketed option ("[--port N]...").
QString wrappedUsage(const QString &usage, qsizetype indent)
{
    QStringList groups{QString()};
    int depth = 0;
    for (const QChar c : usage) {
        if (c == u' ' && depth == 0) {
            groups << QString();
            continue;
        }
        depth += c == u'[' || c == u'(' ? 1 : c == u']' || c == u')' ? -1 : 0;
        groups.last() += c;
    }
    QString result;
    qsizetype column = 2;
    for (const auto &group : groups) {
        if (!result.isEmpty() && column + 1 + group.size() > lineWidth) {
            result += u'\n' + QString(indent, u' ');
            column = indent;
        } else if (!result.isEmpty()) {
            result += u' ';
            ++column;
        }
        result += group;
        column += group.size();
    }
    return result + u'\n';
}

// "term  description", the description in its own column; a long term gets a line of its own.
QString twoColumns(const QString &term, const QString &description)
{
    QString text = u"  "_s + term;
    if (description.isEmpty())
        return text + u'\n';
    if (text.size() + 2 <= descriptionColumn)
        return text.leftJustified(descriptionColumn) + wrapped(description, descriptionColumn);
    // A long term gets its own lines (blaxel create's usage takes two), the description the next one.
    return u"  "_s + wrappedUsage(term, 6) + QString(descriptionColumn, u' ') +
           wrapped(description, descriptionColumn);
}

QString usageLine(const CliCommandSpec &spec)
{
    QStringList parts{spec.name};
    parts += spec.argumentNames;
    if (!spec.synopsis.isEmpty())
        parts << spec.synopsis;
    return parts.join(u' ');
}

QString optionTerm(const CliOptionSpec &option)
{
    QString term = u"--"_s + option.name;
    if (option.name == u"help"_s)
        term = u"-h, --help"_s;
    else if (option.name == u"version"_s)
        term = u"-v, --version"_s;
    return option.takesValue() ? term + u' ' + option.valueName : term;
}

// Whether the command is in the group ("local list" in "local", "blaxel fs ls" in "blaxel" and in
// "blaxel fs"), or, for group "", in none.
bool inGroup(const QString &commandName, const QString &group)
{
    return group.isEmpty() ? !commandName.contains(u' ') : commandName.startsWith(group + u' ');
}

QString commandSection(const QString &title, const QString &group)
{
    QString text = title + u":\n"_s;
    for (const auto &spec : CliCommandSpecs::all()) {
        if (inGroup(spec.name, group))
            text += twoColumns(usageLine(spec), spec.summary);
    }
    return text;
}

QString globalOptionsSection()
{
    QString text = u"Options (before or after the command):\n"_s;
    for (const auto &option : CliCommandSpecs::globalOptions())
        text += twoColumns(optionTerm(option), option.description);
    text += twoColumns(u"--"_s, u"the end of the options: what follows is an argument even if it starts "
                                "with '-' (local upload ID -- -file)"_s);
    return text;
}

} // namespace

QString CliUsage::full()
{
    return u"Usage: %1 [--base-url URL] [--json] [--timeout SECONDS] COMMAND [ARGS]\n"
           "       %1 COMMAND --help | --help | --version\n\n"_s.arg(program) +
           commandSection(u"Klavis sandboxes"_s, {}) + u'\n' +
           commandSection(u"Klavis local sandboxes"_s, u"local"_s) + u'\n' +
           commandSection(u"Blaxel sandboxes"_s, u"blaxel"_s) + u'\n' +
           commandSection(u"Each sandbox server's data"_s, u"data"_s) + u'\n' +
           commandSection(u"MCP servers (URL: https, or http to this machine)"_s, u"mcp"_s) + u'\n' +
           commandSection(u"Runs (named sets of sandboxes, kept in the run ledger)"_s, u"run"_s) + u'\n' +
           commandSection(u"Klavis universes (environments of several services, with tasks)"_s,
                          u"universe"_s) +
           u'\n' + globalOptionsSection() +
           u"\nThe API key comes from KLAVIS_API_KEY. --base-url (or KLAVIS_BASE_URL) defaults to %1.\n"
           "Blaxel commands take the key from BL_API_KEY and the workspace from --workspace or BL_WORKSPACE; "
           "their\n--base-url is the Blaxel API root (default: BL_API_URL, else %3).\nWith --json they print "
           "the sandboxes as sent (a list as one array of every page); secret environment\nvalues are masked "
           "there and never printed anywhere.\n"
           "--timeout: how long one API call may take in all, retries included (default 90 s); transfers "
           "stop only\nwhen no data moves for a while.\n"
           "--json prints the server's reply; auth_data and metadata values stay masked without "
           "--show-secrets.\n"
           "Benchmarks: %2.\n"
           "Every acquire, release, reset, upload and dump is recorded in the run ledger "
           "(SANDBOXDECK_LEDGER, "
           "else\n~/.local/share/sandboxdeck/ledger.sqlite), which the desktop app shares.\n"
           "Transfers show a progress line on stderr when it is a terminal; Ctrl+C cancels them and removes "
           "their\ntemporary files. With --json they print one summary object (local_sandbox_id, direction, "
           "bytes, path;\nBlaxel's: sandbox and workspace instead of local_sandbox_id).\n"
           "mcp commands print what the server sent made safe for the terminal; --json prints the JSON-RPC "
           "result\nas sent. `mcp call` exits with 1 when the tool's result is an error (its text on "
           "stderr).\n"
           "Exit codes: 0 success, 1 API, network, MCP or transfer error, 2 usage error, 3 dump extracted "
           "with "
           "entries\nleft out (listed on stderr), 130 cancelled with Ctrl+C. `data diff` answers like "
           "diff(1): "
           "0 the same,\n1 different, 2 trouble; `universe verify`: 0 passed, 1 failed, 2 trouble.\n"_s.arg(
               KlavisHosts::defaultBaseUrl().toString(), ServerLists::benchmarks().join(u", "_s),
               BlaxelHosts::defaultBaseUrl().toString());
}

QString CliUsage::forCommand(const QString &name)
{
    if (CliCommandSpecs::isGroup(name)) {
        return u"Usage: %1 [OPTIONS] %2 COMMAND [ARGS]\n\n"_s.arg(program, name) +
               commandSection(u"Commands"_s, name) +
               u"\n'%1 %2 COMMAND --help' shows the options of one.\n"_s.arg(program, name);
    }
    const CliCommandSpec *spec = CliCommandSpecs::find(name);
    if (!spec)
        return full();
    QString text = wrapped(u"Usage: %1 [OPTIONS] %2"_s.arg(program, usageLine(*spec)), 7) + u'\n';
    QString summary = spec->summary;
    summary[0] = summary[0].toUpper();
    text += wrapped(summary + u'.', 0);
    if (!spec->options.isEmpty()) {
        text += u"\nOptions:\n"_s;
        for (const auto &option : spec->options)
            text += twoColumns(optionTerm(option), option.description);
    }
    return text +
           u"\nEvery command also takes --base-url URL, --json and --timeout SECONDS ('%1 --help').\n"_s.arg(
               program);
}

QString CliUsage::version()
{
    return program + u' ' + QStringLiteral(SANDBOXDECK_VERSION) + u'\n';
}

QString CliUsage::hint()
{
    return u"Try '%1 --help' (or '%1 COMMAND --help').\n"_s.arg(program);
}
