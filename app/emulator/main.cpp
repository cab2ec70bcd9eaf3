#include "emulator/emulatorserver.h"
#include "emulator/server/requestrecorder.h"
#include "emulator/workspace/workspacearchive.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QSocketNotifier>
#include <QTextStream>

#include <cstdio>
#include <limits>
#include <type_traits>
#include <utility>

#include <csignal>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 mebibyte = qint64(1024) * 1024;
// The archive's own default, so that the option's help and value cannot drift from it.
constexpr qint64 defaultWorkspaceMiB = Emulator::WorkspaceArchive::Limits{}.maxTotalBytes / mebibyte;

struct Options
{
    quint16 apiPort = 0;
    quint16 storePort = 0;
    QString apiKey = u"demo-key"_s;
    quint64 seed = 42;
    int idlePerServer = 5;
    int universeInstances = 3;
    QStringList emptyPools;
    int bulkSandboxes = 0;
    int mcpExtraTools = 0;
    qint64 maxWorkspaceMiB = defaultWorkspaceMiB;
    int maxWorkspaceEntries = Emulator::WorkspaceArchive::Limits{}.maxEntries;
    qint64 maxUploadBytes = -1;
    bool log = false;
    bool recordRequests = false;
    Emulator::FaultSettings faults;
    Emulator::RequestRateLimiter::Settings rateLimit;
    Emulator::BlaxelSettings blaxel;
    Emulator::ExecutionSettings executions;
};

int terminationPipe[2] = {-1, -1};

void onTermination(int)
{
    const char byte = 1;
    [[maybe_unused]] const auto written = ::write(terminationPipe[1], &byte, 1);
}

// SIGTERM and SIGINT end the event loop instead of the process, so that destructors run: the Blaxel
// sandboxes' temporary folder and the commands still running go with the emulator.
void quitOnTermination(QCoreApplication &app)
{
    if (::pipe(terminationPipe) != 0)
        return;
    auto *notifier = new QSocketNotifier(terminationPipe[0], QSocketNotifier::Read, &app);
    QObject::connect(notifier, &QSocketNotifier::activated, &app, &QCoreApplication::quit);
    struct sigaction action = {};
    action.sa_handler = onTermination;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGTERM, &action, nullptr);
    ::sigaction(SIGINT, &action, nullptr);
}

// false with error set: a usage error; true with exitNow set: help or version was printed.
bool parse(const QCoreApplication &app, Options &options, QString &error, bool &exitNow)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Imitates the Klavis sandbox API and its signed-URL object store, and "
        "Blaxel's sandbox API (/v0/sandboxes, each sandbox's filesystem and "
        "process API), on 127.0.0.1, with seeded data and fault injection. Three "
        "seeded universes (GET /universes), ten tasks each, are served as MCP at "
        "the URLs an acquire of one answers."_s);
    const QCommandLineOption help({u"h"_s, u"help"_s}, u"Show this help and exit."_s);
    const QCommandLineOption version({u"v"_s, u"version"_s}, u"Show the version and exit."_s);
    parser.addOptions({help, version});
    const QCommandLineOption port(u"port"_s, u"API port (0 = any free port)."_s, u"N"_s, u"0"_s);
    const QCommandLineOption storePort(u"store-port"_s, u"Object-store port (0 = any free port)."_s, u"N"_s,
                                       u"0"_s);
    const QCommandLineOption apiKey(u"api-key"_s, u"The API key clients must send."_s, u"K"_s, u"demo-key"_s);
    const QCommandLineOption seed(u"seed"_s, u"Seed of the generated data."_s, u"N"_s, u"42"_s);
    const QCommandLineOption idlePerServer(u"idle-per-server"_s,
                                           u"Idle sandboxes every hosted server hands out beyond the "
                                           "account's own."_s,
                                           u"N"_s, u"5"_s);
    const QCommandLineOption universeInstances(
        u"universe-instances"_s, u"Instances in each universe's pool (then 503)."_s, u"N"_s, u"3"_s);
    const QCommandLineOption emptyPool(
        u"empty-pool"_s, u"Answer every acquire of SERVER with 503 (repeatable)."_s, u"SERVER"_s);
    const QCommandLineOption bulk(u"bulk-sandboxes"_s, u"Add N more sandboxes to the account (big lists)."_s,
                                  u"N"_s, u"0"_s);
    const QCommandLineOption mcpExtraTools(
        u"mcp-extra-tools"_s,
        u"Generated tools every emulated MCP server lists after its own (a long, paged tool list)."_s, u"N"_s,
        u"0"_s);
    const QCommandLineOption maxWorkspace(
        u"max-workspace-mb"_s,
        u"Largest workspace (MiB of file content) an upload may unpack to (default %1)."_s.arg(
            defaultWorkspaceMiB),
        u"N"_s, QString::number(defaultWorkspaceMiB));
    const QCommandLineOption maxEntries(
        u"max-workspace-entries"_s,
        u"Most files, folders and links one upload may hold (default %1); stated in each local sandbox."_s
            .arg(Emulator::WorkspaceArchive::Limits{}.maxEntries),
        u"N"_s, QString::number(Emulator::WorkspaceArchive::Limits{}.maxEntries));
    const QCommandLineOption latency(u"latency-ms"_s, u"Delay before every API answer."_s, u"N"_s, u"0"_s);
    const QCommandLineOption errorRate(u"error-rate"_s, u"Fraction of API requests answered 500."_s, u"F"_s,
                                       u"0"_s);
    const QCommandLineOption rateLimit(u"rate-limit"_s, u"Answer the next N API requests 429."_s, u"N"_s,
                                       u"0"_s);
    const QCommandLineOption retryAfter(u"retry-after"_s, u"Retry-After of those 429s, seconds."_s, u"S"_s,
                                        u"1"_s);
    const QCommandLineOption requestsPerSecond(
        u"requests-per-second"_s,
        u"Rate limit of the Klavis API per API key, as the provider's (2); over it, 429 with Retry-After "
        "(0 = unlimited)."_s,
        u"R"_s, u"0"_s);
    const QCommandLineOption rateBurst(u"rate-burst"_s,
                                       u"Requests an API key may send at once under --requests-per-second."_s,
                                       u"B"_s, u"2"_s);
    const QCommandLineOption dropAfter(u"drop-after-bytes"_s, u"Cut the first download after N body bytes."_s,
                                       u"N"_s, u"-1"_s);
    const QCommandLineOption expired(u"expired-urls"_s, u"Issue only expired signed URLs."_s);
    const QCommandLineOption maxUpload(
        u"max-upload-bytes"_s,
        u"State a limit of N bytes per upload and refuse larger ones with S3's "
        "EntityTooLarge (-1 = no limit)."_s,
        u"N"_s, u"-1"_s);
    const QCommandLineOption log(u"log"_s, u"Print one line per request on stderr (never headers)."_s);
    const QCommandLineOption recordRequests(
        u"record-requests"_s,
        u"Keep the last %1 API and object-store requests each for /_emulator/requests (default: none)."_s.arg(
            Emulator::RequestRecorder::defaultKeepLast));
    const Emulator::BlaxelSettings blaxelDefaults;
    const QCommandLineOption blaxelQuota(
        u"blaxel-quota"_s,
        u"Blaxel sandboxes (not terminated) a workspace may have; more answer QUOTA_EXCEEDED."_s, u"N"_s,
        QString::number(blaxelDefaults.quotaPerWorkspace));
    const QCommandLineOption blaxelTransition(
        u"blaxel-transition-ms"_s,
        u"Time a Blaxel sandbox spends DEPLOYING after create and DELETING after delete."_s, u"MS"_s,
        QString::number(blaxelDefaults.transitionMs));
    const QCommandLineOption blaxelEdgeHold(
        u"blaxel-edge-hold-ms"_s,
        u"Longest a call to a DEPLOYING Blaxel sandbox's API is held until it is up; past it, or with 0, the "
        u"call is answered 503."_s,
        u"MS"_s, QString::number(blaxelDefaults.edgeHoldMs));
    const QCommandLineOption blaxelIdle(u"blaxel-idle-seconds"_s,
                                        u"Idle time after which a Blaxel sandbox is in STANDBY."_s, u"S"_s,
                                        QString::number(blaxelDefaults.idleToStandbyMs / 1000));
    const QCommandLineOption blaxelRetention(
        u"blaxel-retention-seconds"_s,
        u"How long a TERMINATED Blaxel sandbox stays listable with showTerminated."_s, u"S"_s,
        QString::number(blaxelDefaults.terminatedRetentionMs / 1000));
    const QCommandLineOption blaxelProcessTimeout(
        u"blaxel-process-timeout"_s, u"Longest run of a command through a Blaxel sandbox's process API."_s,
        u"S"_s, QString::number(blaxelDefaults.processTimeoutMs / 1000));
    const QCommandLineOption blaxelDataDir(
        u"blaxel-data-dir"_s,
        u"Folder of the Blaxel sandboxes' files (default: a temporary folder removed at exit)."_s, u"DIR"_s);
    const Emulator::ExecutionSettings executionDefaults;
    const QCommandLineOption executionLog(
        u"execution-log-mb"_s,
        u"Log kept of each local sandbox execution (MiB); past it, the rest of its output is discarded."_s,
        u"N"_s, QString::number(executionDefaults.maxLogBytes / mebibyte));
    const QCommandLineOption executionTimeLimit(
        u"execution-time-limit"_s,
        u"Longest run of a local sandbox execution; then its process group is killed and it failed."_s,
        u"S"_s, QString::number(executionDefaults.timeLimitSeconds));
    parser.addOptions({executionLog, executionTimeLimit});
    parser.addOptions({port,
                       storePort,
                       apiKey,
                       seed,
                       idlePerServer,
                       emptyPool,
                       bulk,
                       maxWorkspace,
                       maxEntries,
                       latency,
                       errorRate,
                       rateLimit,
                       retryAfter,
                       dropAfter,
                       expired,
                       maxUpload,
                       log,
                       blaxelQuota,
                       blaxelTransition,
                       blaxelEdgeHold,
                       blaxelIdle,
                       blaxelRetention,
                       blaxelProcessTimeout,
                       blaxelDataDir,
                       mcpExtraTools,
                       requestsPerSecond,
                       rateBurst});
    parser.addOption(universeInstances);
    parser.addOption(recordRequests);
    // parse(), not process(): process() exits with 1 on a usage error, and scripts tell 2 from 1.
    if (!parser.parse(app.arguments())) {
        error = parser.errorText();
        return false;
    }
    if (parser.isSet(help)) {
        QTextStream(stdout) << parser.helpText();
        exitNow = true;
        return true;
    }
    if (parser.isSet(version)) {
        QTextStream(stdout) << QCoreApplication::applicationName() << ' '
                            << QCoreApplication::applicationVersion() << '\n';
        exitNow = true;
        return true;
    }
    if (!parser.positionalArguments().isEmpty()) {
        error = u"unexpected argument '%1'"_s.arg(parser.positionalArguments().constFirst());
        return false;
    }

    bool ok = true;
    // A whole number option may state the least value it takes (and the most, where a product could
    // overflow); below or above is the same usage error as a word.
    const auto number = [&](const QCommandLineOption &option, auto convert,
                            qint64 minimum = std::numeric_limits<qint64>::min(),
                            qint64 maximum = std::numeric_limits<qint64>::max()) {
        bool good = false;
        const auto value = convert(parser.value(option), &good);
        if constexpr (std::is_integral_v<decltype(value)> && std::is_signed_v<decltype(value)>)
            good = good && value >= minimum && value <= maximum;
        if (!good) {
            ok = false;
            error = u"invalid value for --%1: %2"_s.arg(option.names().constFirst(), parser.value(option));
        }
        return value;
    };
    const auto toUShort = [](const QString &text, bool *good) { return text.toUShort(good); };
    const auto toInt = [](const QString &text, bool *good) { return text.toInt(good); };
    const auto toLongLong = [](const QString &text, bool *good) { return text.toLongLong(good); };
    options.apiPort = number(port, toUShort);
    options.storePort = number(storePort, toUShort);
    options.apiKey = parser.value(apiKey);
    options.seed = number(seed, [](const QString &text, bool *good) { return text.toULongLong(good); });
    options.idlePerServer = number(idlePerServer, toInt, 0);
    options.emptyPools = parser.values(emptyPool);
    options.universeInstances = number(universeInstances, toInt, 0, 1000);
    options.bulkSandboxes = number(bulk, toInt);
    options.mcpExtraTools = number(mcpExtraTools, toInt, 0, 100000);
    options.maxWorkspaceMiB =
        number(maxWorkspace, toLongLong, 0, std::numeric_limits<qint64>::max() / mebibyte);
    options.maxWorkspaceEntries = number(maxEntries, toInt, 0);
    options.faults.latencyMs = number(latency, toInt);
    options.faults.serverErrorRate =
        number(errorRate, [](const QString &text, bool *good) { return text.toDouble(good); });
    options.faults.rateLimitNextRequests = number(rateLimit, toInt);
    options.faults.retryAfterSeconds = number(retryAfter, toInt);
    options.rateLimit.requestsPerSecond = number(requestsPerSecond, [](const QString &text, bool *good) {
        const double value = text.toDouble(good);
        *good = *good && value >= 0 && value <= 1e6;
        return value;
    });
    options.rateLimit.burst = number(rateBurst, toInt, 1, 1000000);
    options.faults.dropDownloadAfterBytes = number(dropAfter, toLongLong);
    options.faults.expiredUrls = parser.isSet(expired);
    options.maxUploadBytes = number(maxUpload, toLongLong);
    options.log = parser.isSet(log);
    options.recordRequests = parser.isSet(recordRequests);
    constexpr qint64 maxSeconds = 365LL * 24 * 3600;
    options.blaxel.quotaPerWorkspace = number(blaxelQuota, toInt, 0);
    options.blaxel.transitionMs = number(blaxelTransition, toInt, 0);
    options.blaxel.edgeHoldMs = number(blaxelEdgeHold, toInt, 0);
    options.blaxel.idleToStandbyMs = number(blaxelIdle, toLongLong, 0, maxSeconds) * 1000;
    options.blaxel.terminatedRetentionMs = number(blaxelRetention, toLongLong, 0, maxSeconds) * 1000;
    options.blaxel.processTimeoutMs = number(blaxelProcessTimeout, toInt, 1, qint64(24) * 3600) * 1000;
    options.blaxel.dataDir = parser.value(blaxelDataDir);
    options.executions.maxLogBytes =
        number(executionLog, toLongLong, 1, std::numeric_limits<qint64>::max() / mebibyte) * mebibyte;
    options.executions.timeLimitSeconds = number(executionTimeLimit, toInt, 1, qint64(24) * 3600);
    return ok;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"sandboxdeck-emulator"_s);
    QCoreApplication::setApplicationVersion(QString::fromLatin1(SANDBOXDECK_VERSION));

    Options options;
    QString error;
    QTextStream err(stderr);
    bool exitNow = false;
    if (!parse(app, options, error, exitNow)) {
        err << "sandboxdeck-emulator: " << error << "\nTry 'sandboxdeck-emulator --help'." << Qt::endl;
        return 2;
    }
    if (exitNow)
        return 0;
    Emulator::EmulatorServer server(nullptr, options.seed);
    server.setApiKey(options.apiKey);
    server.setIdlePerServer(options.idlePerServer);
    server.setInstancesPerUniverse(options.universeInstances);
    for (const QString &serverName : std::as_const(options.emptyPools))
        server.setEmptyPool(serverName);
    server.addBulkSandboxes(options.bulkSandboxes);
    server.setMcpExtraTools(options.mcpExtraTools);
    server.setMaxWorkspaceBytes(options.maxWorkspaceMiB * mebibyte);
    server.setMaxWorkspaceEntries(options.maxWorkspaceEntries);
    server.setMaxUploadBytes(options.maxUploadBytes);
    server.setFaults(options.faults);
    server.setRateLimit(options.rateLimit);
    server.setBlaxelSettings(options.blaxel);
    server.setExecutionSettings(options.executions);
    if (options.recordRequests)
        server.recordRequests();
    if (!server.listen(options.apiPort, options.storePort)) {
        err << "cannot listen on 127.0.0.1 (ports " << options.apiPort << ", " << options.storePort << ")"
            << Qt::endl;
        return 1;
    }
    if (options.log) {
        QObject::connect(&server, &Emulator::EmulatorServer::requestHandled, &server,
                         [&err](const QByteArray &method, const QString &path, int status) {
                             err << method << ' ' << path << ' ' << status << Qt::endl;
                         });
    }
    quitOnTermination(app);
    // Scripts read the port from the first line, so it goes out (and is flushed) before anything else.
    QTextStream out(stdout);
    out << "listening on " << server.apiBaseUrl().toString() << Qt::endl;
    out << "object store on " << server.objectStoreBaseUrl().toString() << Qt::endl;
    return QCoreApplication::exec();
}
