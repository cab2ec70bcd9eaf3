// bench_transfers [--tree DIR] [--rounds N]: times UploadJob and DumpJob against the shell recipes a person
// would type (tar + curl, tar -I pigz + curl), and BlaxelUploadJob into an emulated Blaxel sandbox against
// its recipe (tar -czf, curl -F to the filesystem API as the SDKs' form, curl to the process API), through
// the standalone emulator in a process of its own, on a deterministic tree of about 200 MB in 12,000 files
// (generated once under $TMPDIR/sandboxdeck-bench-transfers). Each of our jobs runs in a child process of
// this program, so that its peak RSS is its own. Prints figures.

#include "api/blaxelsandboxfiles.h"
#include "api/httptransport.h"
#include "api/klavislocalsandboxservice.h"
#include "workspace/blaxeluploadjob.h"
#include "workspace/dumpjob.h"
#include "workspace/uploadjob.h"

#include "peakmemory.h"
#include "workspacetree.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>

#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>

#include <sys/resource.h>

using namespace Qt::StringLiterals;

namespace {

// Reads every file once: all contenders then start from a warm page cache. Answers {files, bytes}.
std::pair<qint64, qint64> readTree(const QString &root)
{
    std::pair<qint64, qint64> tally;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
    QByteArray buffer(1 << 20, Qt::Uninitialized);
    while (it.hasNext()) {
        QFile file(it.next());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        ++tally.first;
        for (qint64 got; (got = file.read(buffer.data(), buffer.size())) > 0;)
            tally.second += got;
    }
    return tally;
}

// --child-upload API KEY SANDBOX TREE | --child-dump API KEY SANDBOX TARGET | --child-blaxel-upload[-one-put]
// SANDBOX_URL KEY NAME TREE: one job, then one line "RESULT ok|failed <peak RSS KiB> <phases>" and, on
// failure, the error on the next line.
int runChild(const QStringList &args)
{
    TransportConfig config;
    config.baseUrl = QUrl(args.at(2));
    config.apiKey = args.at(3);
    HttpTransport transport(config);
    KlavisLocalSandboxService service(&transport);
    QNetworkAccessManager network;
    BlaxelSandboxFiles blaxel(args.at(4), QUrl(args.at(2)), args.at(3), u"demo"_s, &network);
    std::unique_ptr<TransferJob> job;
    if (args.at(1) == u"--child-blaxel-upload-one-put") {
        // The archive in one PUT, as before multipart uploads: the row that the parts are measured against.
        BlaxelSandboxFiles::Limits limits = blaxel.limits();
        limits.multipartThresholdBytes = std::numeric_limits<qint64>::max();
        blaxel.setLimits(limits);
    }
    if (args.at(1).startsWith(u"--child-blaxel-upload"))
        job = std::make_unique<BlaxelUploadJob>(&blaxel, QStringList{args.at(5)});
    else if (args.at(1) == u"--child-upload")
        job = std::make_unique<UploadJob>(&service, &network, args.at(4), u"us"_s, QStringList{args.at(5)});
    else
        job = std::make_unique<DumpJob>(&service, &network, args.at(4), u"us"_s, DumpJob::Mode::Extract,
                                        args.at(5));
    QElapsedTimer clock;
    QStringList phases;
    QString phase; // the one running, since phaseStart
    qint64 phaseStart = 0;
    QObject::connect(job.get(), &TransferJob::stateChanged, job.get(), [&] {
        if (!phase.isEmpty())
            phases << u"%1 %2s"_s.arg(phase).arg(double(clock.elapsed() - phaseStart) / 1000.0, 0, 'f', 2) +
                          u" (peak %1 MB)"_s.arg(PeakMemory::kib() / 1024);
        phase = job->stateText().toLower();
        phaseStart = clock.elapsed();
    });
    QObject::connect(job.get(), &TransferJob::finished, qApp, &QCoreApplication::quit);
    clock.start();
    job->start();
    if (!job->isFinished())
        QCoreApplication::exec();
    const bool ok = job->state() == TransferJob::State::Done;
    std::printf("RESULT %s %lld %s\n%s\n", ok ? "ok" : "failed", PeakMemory::kib(),
                qPrintable(phases.join(u", "_s)), qPrintable(job->errorText()));
    return ok ? 0 : 1;
}

struct Run
{
    bool ok = false;
    double seconds = 0;
    qint64 rssKiB = -1;
    QString detail; // our phases
};

// Wall time of a whole process, start-up included, as a person running it would see.
Run runTimed(const QString &program, const QStringList &args, const QProcessEnvironment &env = {})
{
    QProcess process;
    if (!env.isEmpty())
        process.setProcessEnvironment(env);
    QElapsedTimer timer;
    timer.start();
    process.start(program, args);
    const bool ended = process.waitForFinished(-1);
    Run run;
    run.seconds = double(timer.nsecsElapsed()) / 1e9;
    run.ok = ended && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    const QString out = QString::fromUtf8(process.readAllStandardOutput());
    static const QRegularExpression result(u"^RESULT (\\w+) (\\d+) ?(.*)$"_s,
                                           QRegularExpression::MultilineOption);
    if (const auto match = result.match(out); match.hasMatch()) {
        run.rssKiB = match.captured(2).toLongLong();
        run.detail = match.captured(3);
    }
    if (!run.ok)
        std::fprintf(stderr, "%s failed:\n%s%s\n", qPrintable(program), qPrintable(out),
                     process.readAllStandardError().constData());
    return run;
}

struct EmulatorProcess
{
    QProcess process;
    QString api;

    bool start(const QString &program, const QString &key)
    {
        process.start(program, {u"--port"_s, u"0"_s, u"--api-key"_s, key});
        static const QRegularExpression listening(u"listening on (http://127\\.0\\.0\\.1:\\d+)"_s);
        QString out;
        while (process.waitForReadyRead(10000)) {
            out += QString::fromUtf8(process.readAllStandardOutput());
            if (const auto match = listening.match(out);
                match.hasMatch() && out.contains(u"object store"_s)) {
                api = match.captured(1);
                return true;
            }
        }
        std::fprintf(stderr, "the emulator did not start: %s\n", qPrintable(out));
        return false;
    }
    ~EmulatorProcess()
    {
        process.terminate();
        // Removing the sandboxes' folders takes a while after a Blaxel upload of the whole tree.
        if (!process.waitForFinished(30000)) {
            process.kill();
            process.waitForFinished(5000);
        }
    }
};

QStringList localSandboxIds(const QString &api, const QString &key)
{
    QProcess curl;
    curl.start(u"curl"_s, {u"-sf"_s, u"-H"_s, u"Authorization: Bearer "_s + key, api + u"/local-sandbox"_s});
    curl.waitForFinished(-1);
    QStringList ids;
    const auto list =
        QJsonDocument::fromJson(curl.readAllStandardOutput()).object().value(u"local_sandboxes"_s);
    for (const auto &item : list.toArray())
        ids << item.toObject().value(u"local_sandbox_id"_s).toString();
    return ids;
}

const char uploadRecipe[] = R"sh(set -e
url=$(curl -sf -X POST -H "Authorization: Bearer $KEY" "$API/local-sandbox/$ID/upload-url?region=us" |
      sed -n 's/.*"upload_url" *: *"\([^"]*\)".*/\1/p')
tar $PACK "$OUT/shell.tar.gz" -C "$TREE" .
curl -sf -o /dev/null -T "$OUT/shell.tar.gz" -H "Content-Type: application/gzip" "$url"
curl -sf -o /dev/null -X POST -H "Authorization: Bearer $KEY" "$API/local-sandbox/$ID/initialize?region=us"
rm -f "$OUT/shell.tar.gz"
)sh";

const char dumpRecipe[] = R"sh(set -e
url=$(curl -sf -H "Authorization: Bearer $KEY" "$API/local-sandbox/$ID/dump?region=us" |
      sed -n 's/.*"download_url" *: *"\([^"]*\)".*/\1/p')
curl -sf -o "$OUT/dump.tar.gz" "$url"
mkdir "$TARGET"
tar -xzf "$OUT/dump.tar.gz" -C "$TARGET"
rm -f "$OUT/dump.tar.gz"
)sh";

const char blaxelUploadRecipe[] = R"sh(set -e
h1="Authorization: Bearer $KEY"; h2="X-Blaxel-Workspace: demo"
tar -czf "$OUT/blaxel.tar.gz" -C "$TREE" .
curl -sf -o /dev/null -X PUT -H "$h1" -H "$h2" -F "file=@$OUT/blaxel.tar.gz;type=application/octet-stream" \
     -F permissions=0644 -F path=/tmp/shell.tar.gz "$SANDBOX/filesystem//tmp/shell.tar.gz"
curl -sf -H "$h1" -H "$h2" -H "Content-Type: application/json" "$SANDBOX/process" \
     -d '{"command":"tar -xzf /tmp/shell.tar.gz","waitForCompletion":true}' | grep -q '"exitCode":0'
curl -sf -o /dev/null -H "$h1" -H "$h2" -H "Content-Type: application/json" "$SANDBOX/process" \
     -d '{"command":"rm -f /tmp/shell.tar.gz","waitForCompletion":true}'
rm -f "$OUT/blaxel.tar.gz"
)sh";

// Creates a Blaxel sandbox in the emulator's workspace "demo" and answers its metadata.url once DEPLOYED.
QString deployedBlaxelSandbox(const QString &api, const QString &key, const QString &name)
{
    const QStringList headers{u"-H"_s, u"Authorization: Bearer "_s + key,
                              u"-H"_s, u"X-Blaxel-Workspace: demo"_s,
                              u"-H"_s, u"Blaxel-Version: 2026-04-28"_s};
    const QByteArray body =
        QJsonDocument(
            QJsonObject{{u"metadata"_s, QJsonObject{{u"name"_s, name}}},
                        {u"spec"_s, QJsonObject{{u"runtime"_s,
                                                 QJsonObject{{u"image"_s, u"blaxel/base-image:latest"_s}}}}}})
            .toJson(QJsonDocument::Compact);
    QProcess create;
    create.start(u"curl"_s, QStringList{u"-sf"_s, u"-H"_s, u"Content-Type: application/json"_s, u"-d"_s,
                                        QString::fromUtf8(body), api + u"/v0/sandboxes"_s} +
                                headers);
    create.waitForFinished(-1);
    for (int attempt = 0; attempt < 100; ++attempt) {
        QProcess get;
        get.start(u"curl"_s, QStringList{u"-sf"_s, api + u"/v0/sandboxes/"_s + name} + headers);
        get.waitForFinished(-1);
        const QJsonObject sandbox = QJsonDocument::fromJson(get.readAllStandardOutput()).object();
        if (sandbox.value(u"status"_s).toString() == u"DEPLOYED")
            return sandbox.value(u"metadata"_s).toObject().value(u"url"_s).toString();
        QThread::msleep(200);
    }
    std::fprintf(stderr, "the Blaxel sandbox %s did not deploy\n", qPrintable(name));
    return {};
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() == 6 && args.at(1).startsWith(u"--child-"_s))
        return runChild(args);

    QString tree;
    int rounds = 2;
    for (qsizetype i = 1; i + 1 < args.size(); i += 2) {
        if (args.at(i) == u"--tree")
            tree = args.at(i + 1);
        else if (args.at(i) == u"--rounds")
            rounds = std::max(1, args.at(i + 1).toInt());
    }
    if (tree.isEmpty()) {
        const QString base = QDir::tempPath() + u"/sandboxdeck-bench-transfers"_s;
        tree = base + u"/tree"_s;
        if (!QFile::exists(base + u"/tree-v2.ready"_s)) {
            QDir(tree).removeRecursively();
            QFile ready(base + u"/tree-v2.ready"_s);
            if (!WorkspaceTree::generate(tree) || !ready.open(QIODevice::WriteOnly))
                return 1;
        }
    }
    const auto [treeFiles, treeBytes] = readTree(tree);
    std::printf("tree: %lld files, %.1f MB in %s; %d cores; best of %d rounds\n", treeFiles, treeBytes / 1e6,
                qPrintable(tree), QThread::idealThreadCount(), rounds);

    const QString key = u"bench-key"_s;
    EmulatorProcess emulator;
    if (!emulator.start(QStringLiteral(SANDBOXDECK_EMULATOR_PATH), key))
        return 1;
    const QStringList ids = localSandboxIds(emulator.api, key);
    if (ids.size() < 3) {
        std::fprintf(stderr, "the emulator lists %lld local sandboxes, 3 needed\n", qint64(ids.size()));
        return 1;
    }
    QTemporaryDir work;
    const QString blaxelOurs = deployedBlaxelSandbox(emulator.api, key, u"bench-ours"_s);
    const QString blaxelShell = deployedBlaxelSandbox(emulator.api, key, u"bench-shell"_s);
    if (blaxelOurs.isEmpty() || blaxelShell.isEmpty())
        return 1;
    const auto shellEnv = [&](const QString &id, const QString &pack, const QString &target) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"SANDBOX"_s, blaxelShell);
        const QList<std::pair<QString, QString>> values = {
            {u"API"_s, emulator.api}, {u"KEY"_s, key},   {u"ID"_s, id},        {u"TREE"_s, tree},
            {u"OUT"_s, work.path()},  {u"PACK"_s, pack}, {u"TARGET"_s, target}};
        for (const auto &[name, value] : values)
            env.insert(name, value);
        return env;
    };
    const QString self = QCoreApplication::applicationFilePath();
    const QString sh = u"/bin/sh"_s;
    const QString ours = work.filePath(u"ours"_s);
    const QString shell = work.filePath(u"shell"_s);
    struct Row
    {
        const char *name;
        QString program;
        QStringList args;
        QProcessEnvironment env;
        Run best = {false, std::numeric_limits<double>::max(), -1, {}};
        qint64 maxRss = -1;
    };
    QList<Row> rows = {
        {"ours: UploadJob", self, {u"--child-upload"_s, emulator.api, key, ids[1], tree}, {}},
        {"shell: tar -czf + curl",
         sh,
         {u"-c"_s, QString::fromLatin1(uploadRecipe)},
         shellEnv(ids[2], u"-czf"_s, {})},
        {"pigz: tar -I pigz + curl",
         sh,
         {u"-c"_s, QString::fromLatin1(uploadRecipe)},
         shellEnv(ids[2], u"-I pigz -cf"_s, {})},
        {"ours: DumpJob extract", self, {u"--child-dump"_s, emulator.api, key, ids[1], ours}, {}},
        {"shell: curl -o + tar -xzf",
         sh,
         {u"-c"_s, QString::fromLatin1(dumpRecipe)},
         shellEnv(ids[1], {}, shell)},
        {"ours: BlaxelUploadJob",
         self,
         {u"--child-blaxel-upload"_s, blaxelOurs, key, u"bench-ours"_s, tree},
         {}},
        {"shell: tar+curl -F+/process",
         sh,
         {u"-c"_s, QString::fromLatin1(blaxelUploadRecipe)},
         shellEnv({}, {}, {})},
        {"ours: BlaxelUploadJob 1 PUT",
         self,
         {u"--child-blaxel-upload-one-put"_s, blaxelOurs, key, u"bench-ours"_s, tree},
         {}},
    };
    // Rounds run every contender once, so that a burst of load elsewhere on the machine hits them alike.
    qint64 oursExtracted = -1, shellExtracted = -1;
    for (int round = 0; round < rounds; ++round) {
        for (Row &row : rows) {
            const Run run = runTimed(row.program, row.args, row.env);
            if (!run.ok)
                return 1;
            row.maxRss = std::max(row.maxRss, run.rssKiB);
            if (run.seconds < row.best.seconds)
                row.best = run;
        }
        oursExtracted = readTree(ours).first;
        shellExtracted = readTree(shell).first;
        QDir(ours).removeRecursively();
        QDir(shell).removeRecursively();
    }

    std::printf("\n%-28s %8s %12s  %s\n", "recipe", "best s", "peak RSS MB", "our phases (best round)");
    for (const Row &row : rows) {
        std::printf("%-28s %8.2f %12s  %s\n", row.name, row.best.seconds,
                    row.maxRss >= 0 ? qPrintable(QString::number(double(row.maxRss) / 1024.0, 'f', 1)) : "-",
                    qPrintable(row.best.detail));
    }
    const auto seconds = [&](int index) { return rows.at(index).best.seconds; };
    std::printf("\nupload ratio ours/shell: %.2f (target <= 1.0, goal <= 0.6)\n", seconds(0) / seconds(1));
    std::printf("upload ratio pigz/shell: %.2f\n", seconds(2) / seconds(1));
    std::printf("dump ratio ours/shell:   %.2f (target <= 1.0)\n", seconds(3) / seconds(4));
    std::printf("blaxel upload ratio ours/shell: %.2f (target <= 1.0)\n", seconds(5) / seconds(6));
    std::printf("blaxel upload ratio in 5 MiB parts/in one PUT: %.2f\n", seconds(5) / seconds(7));
    std::printf("our peak RSS: upload %.1f MB, dump %.1f MB, blaxel upload %.1f MB (target < 100 MB)\n",
                double(rows[0].maxRss) / 1024.0, double(rows[3].maxRss) / 1024.0,
                double(rows[5].maxRss) / 1024.0);
    std::printf("files extracted: ours %lld, shell %lld (tree %lld)\n", oursExtracted, shellExtracted,
                treeFiles);
    return 0;
}
