#include "cli/clicommandspec.h"

#include "api/acquirerequest.h"
#include "catalog/blaxelhosts.h"
#include "catalog/klavishosts.h"
#include "catalog/serverlists.h"
#include "cli/blaxelsandboxcommandspecs.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

const QString localGroup = u"local"_s;
const QString blaxelGroup = u"blaxel"_s;
const QString dataGroup = u"data"_s;
const QString mcpGroup = u"mcp"_s;
const QString runGroup = u"run"_s;
const QString universeGroup = u"universe"_s;

QString benchmarkOptionText()
{
    return u"the benchmark it is for: "_s + ServerLists::benchmarks().join(u", "_s);
}

// `upload` of a provider: the archive rules are the same everywhere; `where` says where it is unpacked and
// `place` picks the account's part (region, workspace).
CliCommandSpec uploadCommand(const QString &name, const QString &target, const QString &where,
                             const CliOptionSpec &place, const QString &placeUsage)
{
    return {
        name,
        {target, u"PATH..."_s},
        placeUsage,
        u"pack files and folders (one folder: its contents) into a .tar.gz, or send one .tar.gz as it is, "
        "and unpack it "_s +
            where,
        {place}};
}

// `dump` of a provider: `folder` is what is saved, as the options name it (and in the summary unless
// `summaryFolder` says more).
CliCommandSpec dumpCommand(const QString &name, const QString &target, const QString &folder,
                           const CliOptionSpec &place, const QString &placeUsage,
                           const QString &summaryFolder = {})
{
    return {name,
            {target},
            u"(--out FILE [--force] | --extract DIR) "_s + placeUsage,
            u"save %1 as a .tar.gz, or extract it into a new or empty folder"_s.arg(
                summaryFolder.isEmpty() ? folder : summaryFolder),
            {{u"out"_s, u"FILE"_s, u"save %1 as the .tar.gz FILE"_s.arg(folder)},
             {u"force"_s, {}, u"with --out: replace FILE if it exists (never done without it)"_s},
             {u"extract"_s, u"DIR"_s, u"extract %1 into DIR, a new or empty folder"_s.arg(folder)},
             place}};
}

QList<CliCommandSpec> buildCommands()
{
    const CliOptionSpec showSecrets{u"show-secrets"_s, {}, u"print auth_data and metadata values unmasked"_s};
    const CliOptionSpec benchmark{u"benchmark"_s, u"B"_s, benchmarkOptionText()};
    const CliOptionSpec email{u"email"_s, u"E"_s, u"the test account's email address"_s};
    const CliOptionSpec ttl{
        u"ttl"_s, u"SECONDS"_s,
        u"release it by itself after SECONDS (%1 to %2)"_s.arg(AcquireRequest::minimumTtlSeconds)
            .arg(AcquireRequest::maximumTtlSeconds)};
    const CliOptionSpec noTtl{u"no-ttl"_s, {}, u"never release it by itself"_s};
    const CliOptionSpec region{u"region"_s, u"REGION"_s, u"where the workspace is stored: us or asia"_s};
    const CliOptionSpec rawLog{
        u"raw"_s,
        {},
        u"write the log's bytes as received; without it only colour, text, line breaks "
        u"and tabs reach stdout (no bell, cursor move, title or bidi override)"_s};
    return {
        {u"list"_s,
         {},
         u"[--server S] [--tag T] [--status STATUS]..."_s,
         u"list sandboxes"_s,
         {{u"server"_s, u"S"_s, u"only the sandboxes of server S"_s},
          {u"tag"_s, u"T"_s, u"only the sandboxes tagged T"_s},
          {u"status"_s, u"STATUS"_s,
           u"only the sandboxes in STATUS: "_s + ServerLists::statuses().join(u", "_s) +
               u"; repeat it or separate with commas for several"_s}}},
        {u"get"_s, {u"SERVER"_s, u"ID"_s}, u"[--show-secrets]"_s, u"show one sandbox"_s, {showSecrets}},
        {u"acquire"_s,
         {u"SERVER"_s},
         u"[--benchmark B] [--email E] [--tag T] [--ttl SECONDS | --no-ttl]"_s,
         u"acquire a sandbox of SERVER"_s,
         {benchmark, email, {u"tag"_s, u"T"_s, u"tag the sandbox T"_s}, ttl, noTtl}},
        {u"release"_s,
         {u"SERVER"_s, u"ID"_s},
         u"[--is-ttl] [--instance-id I]"_s,
         u"release a sandbox"_s,
         {{u"is-ttl"_s, {}, u"release as the automatic (TTL) release task does"_s},
          {u"instance-id"_s, u"I"_s, u"release only if the sandbox is still instance I"_s}}},
        {u"reset"_s, {u"SERVER"_s, u"ID"_s}, {}, u"reset a sandbox to its initial state"_s, {}},
        {u"prepare"_s,
         {},
         u"[--benchmark B] [--server S]"_s,
         u"ask for capacity ahead of a run"_s,
         {benchmark, {u"server"_s, u"S"_s, u"only for server S"_s}}},
        {u"local list"_s, {}, {}, u"list local sandboxes"_s, {}},
        {u"local get"_s, {u"ID"_s}, u"[--show-secrets]"_s, u"show one local sandbox"_s, {showSecrets}},
        {u"local acquire"_s,
         {},
         u"--servers a,b|ALL [--benchmark B] [--email E] [--ttl SECONDS | --no-ttl]"_s,
         u"acquire a local sandbox running several servers"_s,
         {{u"servers"_s, u"LIST"_s, u"the servers, comma-separated, or ALL (required)"_s},
          benchmark,
          email,
          ttl,
          noTtl}},
        {u"local release"_s, {u"ID"_s}, {}, u"release a local sandbox"_s, {}},
        {u"local reset"_s, {u"ID"_s}, {}, u"reset a local sandbox"_s, {}},
        uploadCommand(u"local upload"_s, u"ID"_s, u"there"_s, region, u"[--region us|asia]"_s),
        dumpCommand(u"local dump"_s, u"ID"_s, u"the workspace"_s, region, u"[--region us|asia]"_s),
        {u"local exec"_s,
         {u"ID"_s, u"DIR"_s},
         u"[--name N] [--follow] [--raw] [--artifacts DIR] [--region us|asia]"_s,
         u"pack DIR, upload it and run its main.py in the local sandbox; with --follow, stream the log and "
         u"exit "
         "with 0 when it completed, 1 when it failed, 130 on Ctrl+C (the execution goes on)"_s,
         {{u"name"_s, u"N"_s, u"the execution's name (default: exec-<UTC yyyyMMdd-hhmmss>)"_s},
          {u"follow"_s, {}, u"stream the log to stdout until the execution ends"_s},
          rawLog,
          {u"artifacts"_s, u"DIR"_s,
           u"once it ended, extract the execution's folder into DIR, a new or empty folder (implies --follow)"_s},
          region}},
        {u"local logs"_s,
         {u"ID"_s, u"NAME"_s},
         u"[--follow] [--cursor N] [--raw]"_s,
         u"print an execution's log: what there is, or with --follow until it ends"_s,
         {{u"follow"_s, {}, u"follow the log until the execution ends; exit 1 if it failed"_s},
          rawLog,
          {u"cursor"_s, u"N"_s, u"start at byte N of the log"_s}}},
        {u"local artifacts"_s,
         {u"ID"_s, u"NAME"_s},
         u"--extract DIR [--region us|asia]"_s,
         u"extract an execution's folder into a new or empty folder"_s,
         {{u"extract"_s, u"DIR"_s, u"extract the execution's folder into DIR, a new or empty folder"_s},
          region}},
    };
}

QList<CliCommandSpec> buildBlaxelCommands()
{
    const CliOptionSpec workspace{u"workspace"_s, u"W"_s, u"the Blaxel workspace (default: BL_WORKSPACE)"_s};
    QList<CliCommandSpec> commands = {
        {u"blaxel list"_s,
         {},
         u"[--status S]... [--search Q] [--all] [--workspace W]"_s,
         u"list Blaxel sandboxes"_s,
         {{u"status"_s, u"S"_s,
           u"only the sandboxes in status S (DEPLOYED, FAILED, ...); repeat it or separate with commas for "
           "several"_s},
          {u"search"_s, u"Q"_s, u"only the sandboxes whose name, display name or labels contain Q"_s},
          {u"all"_s, {}, u"include terminated sandboxes"_s},
          workspace}},
        {u"blaxel get"_s, {u"NAME"_s}, u"[--workspace W]"_s, u"show one Blaxel sandbox"_s, {workspace}},
        {u"blaxel create"_s,
         {u"NAME"_s},
         u"--image I [--display-name D] [--memory MB] [--region R] [--label k=v]... [--port N]... "
         "[--env K=V]... [--secret-env K[=V]]... [--ttl T] [--workspace W]"_s,
         u"create a Blaxel sandbox"_s,
         {{u"image"_s, u"I"_s, u"the image it runs, e.g. blaxel/base-image:latest (required)"_s},
          {u"display-name"_s, u"D"_s, u"a name for people"_s},
          {u"memory"_s, u"MB"_s, u"its memory in MB (default: the server's)"_s},
          {u"region"_s, u"R"_s, u"where it runs, e.g. us-pdx-1 (default: the server's)"_s},
          {u"label"_s, u"k=v"_s, u"a label; repeat it for several"_s, true},
          {u"port"_s, u"N"_s, u"a port it serves (HTTP); repeat it for several"_s, true},
          {u"env"_s, u"K=V"_s, u"an environment variable; repeat it for several"_s, true},
          {u"secret-env"_s, u"K[=V]"_s,
           u"an environment variable whose value is secret (never printed); K alone takes the value of "
           "this program's own variable K, kept out of the command line; repeat it for several"_s,
           true},
          {u"ttl"_s, u"T"_s, u"delete it by itself after T, e.g. 30m, 24h, 1h30m"_s},
          workspace}},
        {u"blaxel delete"_s,
         {u"NAME..."_s},
         u"[--wait] [--workspace W]"_s,
         u"delete Blaxel sandboxes and their data, for good"_s,
         {{u"wait"_s, {}, u"wait until each is TERMINATED"_s}, workspace}},
        uploadCommand(u"blaxel upload"_s, u"NAME"_s, u"in the sandbox's working directory"_s, workspace,
                      u"[--workspace W]"_s),
        dumpCommand(u"blaxel dump"_s, u"NAME"_s, u"the working directory"_s, workspace, u"[--workspace W]"_s,
                    u"the sandbox's working directory"_s),
    };
    commands += BlaxelSandboxCommandSpecs::build(workspace);
    return commands;
}

QList<CliCommandSpec> buildDataCommands()
{
    return {
        {u"data dump"_s,
         {u"SERVER"_s, u"ID"_s},
         u"[--out FILE [--force]]"_s,
         u"print the data of a sandbox's server as JSON (with --json the whole reply: sandbox_id, "
         "server_name, dumped_at, data), or save it as FILE"_s,
         {{u"out"_s, u"FILE"_s, u"save it as FILE (written whole or not at all)"_s},
          {u"force"_s, {}, u"with --out: replace FILE if it exists (never done without it)"_s}}},
        {u"data init"_s,
         {u"SERVER"_s, u"ID"_s},
         u"(--file F | --default)"_s,
         u"seed the data of a sandbox's server from a JSON file, or with the provider's default data; a "
         "body the server's schema refuses is listed field by field"_s,
         {{u"file"_s, u"F"_s, u"the JSON body to send, as the server's schema describes it"_s},
          {u"default"_s, {}, u"the provider's default test data"_s}}},
        {u"data diff"_s,
         {u"A.json"_s, u"B.json"_s},
         {},
         u"compare two saved dumps structurally (a whole reply's \"data\" is compared); exit code 0 when "
         "they are the same, 1 when they differ, 2 on trouble, like diff(1)"_s,
         {}},
    };
}

QList<CliCommandSpec> buildMcpCommands()
{
    const CliOptionSpec sandbox{u"sandbox"_s, u"SERVER"_s,
                                u"URL is then the ID of a Klavis sandbox of SERVER: its MCP URL is used"_s};
    const CliOptionSpec local{u"local"_s, u"ID"_s,
                              u"URL is then a SERVER of local sandbox ID: that server's MCP URL is used"_s};
    const QString where = u"[--sandbox SERVER | --local ID]"_s;
    return {
        {u"mcp info"_s,
         {u"URL"_s},
         where,
         u"connect to an MCP server and show its name, version, protocol, capabilities and instructions"_s,
         {sandbox, local}},
        {u"mcp tools"_s, {u"URL"_s}, where, u"list an MCP server's tools"_s, {sandbox, local}},
        {u"mcp call"_s,
         {u"URL"_s, u"TOOL"_s},
         u"[--args JSON | --arg k=v...] "_s + where,
         u"call a tool and print its result; a result flagged isError exits with 1"_s,
         {{u"args"_s, u"JSON"_s, u"the arguments as one JSON object"_s},
          {u"arg"_s, u"k=v"_s,
           u"one argument, typed by the tool's input schema (integer, number, boolean, string; JSON for "
           "objects and arrays); repeat it for several"_s,
           true},
          sandbox,
          local}},
        {u"mcp ping"_s, {u"URL"_s}, where, u"check that an MCP server answers"_s, {sandbox, local}},
        {u"mcp diff"_s,
         {u"A"_s, u"B"_s},
         {},
         u"compare two tool lists (names, titles, descriptions, schemas, annotations) and say what changed "
         "from A to B; each of A and B is an MCP URL, a saved list (what `mcp tools --json` prints, or a "
         "tools/list result), sandbox:SERVER/ID (a Klavis sandbox's MCP URL) or local:ID/SERVER (a server of "
         "a local sandbox). Exit code 0 when they are the same, 1 when they differ, 2 on trouble"_s,
         {}},
    };
}

QList<CliCommandSpec> buildRunCommands()
{
    return {
        {u"run create"_s,
         {u"NAME"_s},
         u"[--servers S:N,...] [--local S,S:N]... [--benchmark B] [--ttl SECONDS] [--prepare] [--urls-out "
         u"FILE] "
         "[--env-out FILE] [--mcp-dir DIR] [--seed-data FILE] [--seed-workspace PATH]"_s,
         u"provision a run: NAME tags every sandbox; the sandboxes are acquired one after another within the "
         u"rate "
         "limit, each recorded in the run ledger; Ctrl+C stops after the acquire in flight (twice: aborts "
         "it) and "
         "says what the run holds"_s,
         {{u"servers"_s, u"S:N,..."_s,
           u"Klavis sandboxes per server, e.g. github:10,slack:5 (a server without :N counts 1)"_s},
          {u"local"_s, u"S,S:N"_s,
           u"N local sandboxes each hosting the servers S, e.g. filesystem,git:2; repeat it for several sets"_s,
           true},
          {u"benchmark"_s, u"B"_s, benchmarkOptionText()},
          {u"ttl"_s, u"SECONDS"_s,
           u"release each by itself after SECONDS (%1 to %2)"_s.arg(AcquireRequest::minimumTtlSeconds)
               .arg(AcquireRequest::maximumTtlSeconds)},
          {u"prepare"_s, {}, u"ask for capacity first"_s},
          {u"urls-out"_s, u"FILE"_s, u"write the MCP URLs as a JSON map to FILE"_s},
          {u"env-out"_s, u"FILE"_s, u"write the MCP URLs as a .env file (GITHUB_1_MCP_URL=...) to FILE"_s},
          {u"mcp-dir"_s, u"DIR"_s, u"write one mcpServers config per sandbox into DIR"_s},
          {u"seed-data"_s, u"FILE"_s,
           u"initialize each Klavis sandbox from FILE, a JSON object of server name -> the body `data init` "
           "sends, or \"default\""_s},
          {u"seed-workspace"_s, u"PATH"_s, u"upload the folder or .tar.gz PATH to each local sandbox"_s}}},
        {u"run list"_s, {}, {}, u"list the runs of the ledger and what interrupted acquires left"_s, {}},
        {u"run show"_s, {u"NAME"_s}, {}, u"show a run: its sandboxes, open intents and leftovers"_s, {}},
        {u"run release"_s,
         {u"NAME"_s},
         {},
         u"release every sandbox the run holds, leftovers of interrupted acquires included"_s,
         {}},
        {u"run adopt"_s,
         {u"NAME"_s},
         {},
         u"keep in the run the sandboxes interrupted acquires left on the server"_s,
         {}},
        {u"run manifest"_s,
         {u"NAME"_s},
         u"--out FILE [--force]"_s,
         u"write the run's manifest (sandboxes, times, masked MCP URLs, transfers) as JSON"_s,
         {{u"out"_s, u"FILE"_s, u"the manifest file (required)"_s},
          {u"force"_s, {}, u"replace FILE if it exists (never done without it)"_s}}},
        {u"run import"_s,
         {u"FILE"_s},
         {},
         u"read a run manifest into the ledger, as a run in state imported"_s,
         {}},
        {u"leaks"_s,
         {},
         u"[--older-than D] [--release]"_s,
         u"list occupied sandboxes no open run claims, past their TTL, or held longer than D"_s,
         {{u"older-than"_s, u"D"_s, u"also report sandboxes held longer than D: 90s, 45m, 2h, 3d"_s},
          {u"release"_s, {}, u"release every leak found"_s}}},
    };
}

QList<CliCommandSpec> buildUniverseCommands()
{
    return {
        {u"universe list"_s, {}, {}, u"list the universes: multi-service environments with tasks"_s, {}},
        {u"universe data"_s,
         {u"ID"_s},
         u"[--service S]"_s,
         u"print the data a fresh instance of universe ID starts with, as JSON (each service's)"_s,
         {{u"service"_s, u"S"_s, u"only the data of service S"_s}}},
        {u"universe acquire"_s,
         {u"ID"_s},
         u"[--run NAME] [--mcp-config FILE]"_s,
         u"take the next idle instance of universe ID and print its id and MCP URLs"_s,
         {{u"run"_s, u"NAME"_s,
           u"hold it in run NAME (created when the ledger has no such run): `run release NAME` gives it "
           "back"_s},
          {u"mcp-config"_s, u"FILE"_s, u"write the instance's mcpServers config to FILE"_s}}},
        {u"universe release"_s,
         {u"INSTANCE"_s},
         {},
         u"give an instance back; the server resets its data to the universe's initial data"_s,
         {}},
        {u"universe task"_s,
         {u"ID"_s, u"N"_s},
         u"[--prompt]"_s,
         u"show task N of universe ID: title, difficulty, description, prompt, how it is verified"_s,
         {{u"prompt"_s, {}, u"print only the prompt, as it is given to an agent"_s}}},
        {u"universe verify"_s,
         {u"INSTANCE"_s, u"N"_s},
         {},
         u"check whether the instance's data shows task N done: PASSED, or FAILED with the reason; exit "
         "code 0 passed, 1 failed, 2 trouble"_s,
         {}},
    };
}

} // namespace

qsizetype CliCommandSpec::requiredArguments() const
{
    return std::count_if(argumentNames.cbegin(), argumentNames.cend(),
                         [](const QString &name) { return !name.startsWith(u'['); });
}

bool CliCommandSpec::takesMoreArguments() const
{
    return !argumentNames.isEmpty() && argumentNames.constLast().endsWith(u"..."_s);
}

const CliOptionSpec *CliCommandSpec::option(const QString &optionName) const
{
    for (const auto &spec : options) {
        if (spec.name == optionName)
            return &spec;
    }
    return nullptr;
}

const QList<CliCommandSpec> &CliCommandSpecs::all()
{
    static const QList<CliCommandSpec> commands = buildCommands() + buildBlaxelCommands() +
                                                  buildDataCommands() + buildMcpCommands() +
                                                  buildRunCommands() + buildUniverseCommands();
    return commands;
}

const CliCommandSpec *CliCommandSpecs::find(const QString &name)
{
    for (const auto &spec : all()) {
        if (spec.name == name)
            return &spec;
    }
    return nullptr;
}

const QList<CliOptionSpec> &CliCommandSpecs::globalOptions()
{
    static const QList<CliOptionSpec> options = {
        {u"base-url"_s, u"URL"_s,
         u"the API to talk to (default: KLAVIS_BASE_URL, else "_s + KlavisHosts::defaultBaseUrl().toString() +
             u"; for blaxel commands BL_API_URL, else "_s + BlaxelHosts::defaultBaseUrl().toString() + u')'},
        {u"json"_s, {}, u"print the server's reply (or a transfer's summary) as JSON"_s},
        {u"timeout"_s, u"SECONDS"_s,
         u"how long one API call may take in all, retries included (default 90)"_s},
        {u"help"_s, {}, u"show this help, or one command's with COMMAND --help"_s},
        {u"version"_s, {}, u"show the version"_s},
    };
    return options;
}

bool CliCommandSpecs::isCommandOption(const QString &optionName)
{
    return std::any_of(all().begin(), all().end(),
                       [&](const CliCommandSpec &spec) { return spec.option(optionName) != nullptr; });
}

bool CliCommandSpecs::isGroup(const QString &name)
{
    return groups().contains(name);
}

QStringList CliCommandSpecs::groups()
{
    QStringList groups{localGroup, blaxelGroup, dataGroup, mcpGroup, runGroup, universeGroup};
    // A group inside "blaxel", whose commands are "blaxel fs ls" and so on.
    groups.insert(2, BlaxelSandboxCommandSpecs::fileGroup());
    return groups;
}

QStringList CliCommandSpecs::subcommandsOf(const QString &group)
{
    QStringList names;
    const QString prefix = group + u' ';
    for (const auto &spec : all()) {
        // "blaxel fs ls" is under "blaxel" as "fs", once.
        const QString next = spec.name.mid(prefix.size()).section(u' ', 0, 0);
        if (spec.name.startsWith(prefix) && !names.contains(next))
            names << next;
    }
    return names;
}
