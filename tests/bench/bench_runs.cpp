// bench_runs [count]: `run create` of `count` Klavis sandboxes (default 100, across github, slack and jira)
// through RunProvisioner against the standalone emulator, with the documented limit of 2 requests/s per key
// on both sides: the client's token bucket (TransportConfig's default, burst 2) and, when the emulator knows
// --requests-per-second, the emulator's own (429 + Retry-After beyond it). Prints the wall time, the floor
// the limit sets (burst free, then 1/rate each: (count - burst) / rate seconds), the ratio, the acquire
// requests the emulator saw and the 429s. Each acquire is written to a ledger in a temporary folder, as the
// CLI does.

#include "api/httptransport.h"
#include "ledger/runledger.h"
#include "runs/runprovisioner.h"

#include "emulatorprocess.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>

#include <cstdio>
#include <ctime>

using namespace Qt::StringLiterals;

namespace {

constexpr double rate = 2.0;
constexpr int burst = 2;
const QString key = u"bench-runs-key"_s;

// The emulator's recorded API requests (its control endpoint), or an empty array.
QJsonArray recordedRequests(const QString &api)
{
    QNetworkAccessManager network;
    QNetworkRequest request(QUrl(api + u"/_emulator/requests"_s));
    request.setRawHeader("Authorization", "Bearer " + key.toUtf8());
    QNetworkReply *reply = network.get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    reply->deleteLater();
    return QJsonDocument::fromJson(reply->readAll()).object().value(u"api"_s).toArray();
}

// The emulator's --help, to tell which options an older build knows.
QByteArray emulatorHelp()
{
    QProcess help;
    help.start(QStringLiteral(SANDBOXDECK_EMULATOR_PATH), {u"--help"_s});
    help.waitForFinished(10000);
    return help.readAllStandardOutput();
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int count = argc > 1 ? std::max(3, QString::fromLocal8Bit(argv[1]).toInt()) : 100;
    const QByteArray help = emulatorHelp();
    const bool serverLimit = help.contains("--requests-per-second");
    QStringList args{u"--port"_s,           u"0"_s, u"--api-key"_s, key, u"--idle-per-server"_s,
                     QString::number(count)};
    // Newer builds record nothing unless asked; the figures below count the recorded acquires.
    if (help.contains("--record-requests"))
        args << u"--record-requests"_s;
    if (serverLimit)
        args << u"--requests-per-second"_s << QString::number(rate) << u"--rate-burst"_s
             << QString::number(burst);
    EmulatorProcess emulator;
    if (!emulator.start(QStringLiteral(SANDBOXDECK_EMULATOR_PATH), args))
        return 1;
    QTemporaryDir folder;
    RunLedger ledger;
    if (auto status = ledger.open(folder.filePath(u"ledger.sqlite"_s)); !status) {
        std::fprintf(stderr, "ledger: %s\n", qPrintable(status.error().message));
        return 1;
    }
    TransportConfig config;
    config.baseUrl = QUrl(emulator.api());
    config.apiKey = key;
    config.requestsPerSecond = rate;
    config.burst = burst;
    HttpTransport transport(config);
    RunProvisioner provisioner(&transport, LedgerAccess(&ledger));

    RunPlan plan;
    plan.name = u"bench-%1"_s.arg(count);
    const int third = count / 3;
    plan.servers = {{u"github"_s, count - 2 * third}, {u"slack"_s, third}, {u"jira"_s, third}};
    QElapsedTimer clock;
    QEventLoop loop; // waits without spinning: the CPU figure below is the provisioner's own
    QObject::connect(&provisioner, &RunProvisioner::finished, &loop, &QEventLoop::quit);
    clock.start();
    const std::clock_t cpuStart = std::clock();
    provisioner.start(plan);
    loop.exec();
    const double seconds = double(clock.elapsed()) / 1000.0;
    const double cpuSeconds = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;

    qsizetype acquires = 0;
    qsizetype tooMany = 0;
    for (const auto &entry : recordedRequests(emulator.api())) {
        const QJsonObject request = entry.toObject();
        if (request.value(u"method"_s).toString() == u"POST"_s &&
            request.value(u"path"_s).toString().startsWith(u"/sandbox/"_s)) {
            ++acquires;
            tooMany += request.value(u"status"_s).toInt() == 429;
        }
    }
    const double floor = double(count - burst) / rate;
    std::printf("bench_runs: %d sandboxes, client limit %.0f/s burst %d, emulator limit %s\n", count, rate,
                burst, serverLimit ? "2/s burst 2" : "none (this emulator has no --requests-per-second)");
    std::printf("  held %d of %d, wall %.1f s, floor %.1f s, ratio %.3f\n", provisioner.heldCount(), count,
                seconds, floor, seconds / floor);
    std::printf("  client CPU %.2f s (this process: transport, ledger writes, provisioner)\n", cpuSeconds);
    std::printf("  acquire requests %lld, 429s seen by the emulator %lld, by the provisioner %d\n",
                qlonglong(acquires), qlonglong(tooMany), provisioner.rateLimitedCount());
    return provisioner.heldCount() == count ? 0 : 1;
}
