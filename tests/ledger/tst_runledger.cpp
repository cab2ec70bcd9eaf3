// RunLedger against real SQLite files: the schema and its migrations, files it must refuse and leave alone,
// WAL, what a crash leaves, runs and sandboxes, the write lock's bound, and no secret in the file's bytes.

#include "ledgertestfiles.h"

#include "ledger/ledgerschema.h"
#include "ledger/ledgerwords.h"
#include "ledger/runledger.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

LedgerOperation acquireIntent(const QString &run = {})
{
    LedgerOperation intent;
    intent.kind = LedgerOperationKind::Acquire;
    intent.profile = u"research"_s;
    intent.provider = LedgerProvider::Klavis;
    intent.server = u"github"_s;
    intent.run = run;
    intent.benchmark = u"swe-bench"_s;
    intent.tags = {u"sandboxdeck-run=nightly"_s, u"team=a"_s};
    intent.ttlSeconds = 3600;
    return intent;
}

// The first migration step exactly as it was released (LedgerSchema step 1): history, written out here so
// that a later edit of the step cannot pass unnoticed.
const QStringList version1Schema = {
    u"CREATE TABLE runs (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, state TEXT NOT NULL, "
    u"created_at INTEGER NOT NULL, closed_at INTEGER, profile TEXT NOT NULL DEFAULT '', "
    u"api_base_url TEXT NOT NULL DEFAULT '', benchmark TEXT NOT NULL DEFAULT '', "
    u"ttl_seconds INTEGER NOT NULL DEFAULT 0, plan_json TEXT NOT NULL DEFAULT '')"_s,
    u"CREATE TABLE operations (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, state TEXT NOT "
    u"NULL, "
    u"profile TEXT NOT NULL DEFAULT '', provider TEXT NOT NULL, server TEXT NOT NULL DEFAULT '', "
    u"sandbox_id TEXT NOT NULL DEFAULT '', run TEXT REFERENCES runs(name) ON UPDATE CASCADE, "
    u"benchmark TEXT NOT NULL DEFAULT '', tags TEXT NOT NULL DEFAULT '[]', ttl_seconds INTEGER NOT NULL "
    u"DEFAULT 0, "
    u"started_at INTEGER NOT NULL, finished_at INTEGER, outcome TEXT NOT NULL DEFAULT '')"_s,
    u"PRAGMA user_version = 1"_s,
};

} // namespace

class TestRunLedger : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void newFileGetsTheCurrentSchemaInWalMode()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"nested/folder/ledger.sqlite"_s);
        RunLedger ledger;
        const LedgerStatus opened = ledger.open(path);
        QVERIFY2(opened, qPrintable(opened.error().message));
        QVERIFY(ledger.beginOperation(acquireIntent()));

        RawLedgerConnection raw(path);
        QCOMPARE(raw.exec(u"PRAGMA user_version"_s).toInt(), LedgerSchema::currentVersion());
        QCOMPARE(raw.exec(u"PRAGMA journal_mode"_s).toString(), u"wal"_s);
        QVERIFY(QFile::exists(path + u"-wal"_s));
        for (const QString &table : {u"runs"_s, u"operations"_s, u"sandboxes"_s})
            QCOMPARE(
                raw.exec(u"SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '%1'"_s.arg(
                             table))
                    .toInt(),
                1);
        // The start-up question reads few rows through its partial index, not the whole log.
        QSqlQuery plan(raw.database());
        QVERIFY(plan.exec(
            u"EXPLAIN QUERY PLAN SELECT id FROM operations WHERE state IN ('intent', 'ambiguous')"_s));
        QString planText;
        while (plan.next())
            planText += plan.value(3).toString();
        QVERIFY2(planText.contains(u"operations_unresolved"_s), qPrintable(planText));
    }

    void versionOneIsMigratedWithItsRows()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"ledger.sqlite"_s);
        {
            RawLedgerConnection raw(path);
            for (const QString &statement : version1Schema) {
                bool ok = false;
                raw.exec(statement, &ok);
                QVERIFY(ok);
            }
            bool ok = false;
            raw.exec(u"INSERT INTO runs (name, state, created_at, profile, ttl_seconds) "
                     u"VALUES ('old-run', 'open', 1700000000000, 'research', 600)"_s,
                     &ok);
            QVERIFY(ok);
            raw.exec(u"INSERT INTO operations (kind, state, provider, server, run, tags, started_at) "
                     u"VALUES ('acquire', 'intent', 'klavis', 'jira', 'old-run', '[\"t\"]', 1700000001000)"_s,
                     &ok);
            QVERIFY(ok);
        }
        RunLedger ledger;
        const LedgerStatus opened = ledger.open(path);
        QVERIFY2(opened, qPrintable(opened.error().message));
        {
            RawLedgerConnection raw(path);
            QCOMPARE(raw.exec(u"PRAGMA user_version"_s).toInt(), LedgerSchema::currentVersion());
        }
        const LedgerResult<LedgerRun> run = ledger.run(u"old-run"_s);
        QVERIFY(run);
        QCOMPARE(run->state, LedgerRunState::Open);
        QCOMPARE(run->ttlSeconds, 600);
        QCOMPARE(run->createdAt.toMSecsSinceEpoch(), 1700000000000);
        const auto intents = ledger.openIntents();
        QVERIFY(intents);
        QCOMPARE(intents->size(), 1);
        QCOMPARE(intents->first().server, u"jira"_s);
        QCOMPARE(intents->first().tags, QStringList{u"t"_s});
        QVERIFY(!intents->first().transfer);
        // The new columns and table work on the migrated file.
        LedgerOutcome outcome;
        outcome.sandboxId = u"sb-1"_s;
        outcome.transfer = LedgerTransfer{u"ab"_s.repeated(32), 10, 1, u"w.tar.gz"_s};
        QVERIFY(ledger.finishOperation(intents->first().id, outcome));
        QCOMPARE(ledger.operation(intents->first().id)->transfer->bytes, 10);
        LedgerSandbox sandbox;
        sandbox.sandboxId = u"sb-1"_s;
        sandbox.run = u"old-run"_s;
        QVERIFY(ledger.recordAcquired(sandbox));
        QCOMPARE(ledger.sandboxesOfRun(u"old-run"_s)->size(), 1);
    }

    void newerSchemaIsRefusedAndLeftAlone()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"ledger.sqlite"_s);
        {
            RawLedgerConnection raw(path);
            raw.exec(u"CREATE TABLE future (x)"_s);
            raw.exec(u"PRAGMA user_version = %1"_s.arg(LedgerSchema::currentVersion() + 1));
        }
        const QByteArray before = fileBytes(path);
        RunLedger ledger;
        const LedgerStatus opened = ledger.open(path);
        QVERIFY(!opened);
        QCOMPARE(opened.error().kind, LedgerError::Kind::TooNew);
        QVERIFY2(opened.error().message.contains(u"newer SandboxDeck"_s), qPrintable(opened.error().message));
        QVERIFY(!ledger.isOpen());
        QCOMPARE(ledger.beginOperation(acquireIntent()).error().kind, LedgerError::Kind::NotOpen);
        QCOMPARE(fileBytes(path), before);
        RawLedgerConnection raw(path);
        QCOMPARE(raw.exec(u"PRAGMA journal_mode"_s).toString(), u"delete"_s);
    }

    void somethingElseIsRefusedAndLeftAlone_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("text") << QByteArray("this is my shopping list, not a database\n").repeated(100);
        QTest::newRow("short") << QByteArray("SQLite");
        QByteArray header("SQLite format 3", 16);
        QTest::newRow("broken database") << header + QByteArray(4080, '\xff');
    }

    void somethingElseIsRefusedAndLeftAlone()
    {
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"ledger.sqlite"_s);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
        file.close();
        RunLedger ledger;
        const LedgerStatus opened = ledger.open(path);
        QVERIFY(!opened);
        QVERIFY2(opened.error().kind == LedgerError::Kind::NotADatabase ||
                     opened.error().kind == LedgerError::Kind::Storage,
                 qPrintable(opened.error().message));
        QVERIFY2(opened.error().message.contains(path), qPrintable(opened.error().message));
        QCOMPARE(fileBytes(path), content);
        QVERIFY(!QFile::exists(path + u"-wal"_s));
    }

    void intentSurvivesTheObject()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"ledger.sqlite"_s);
        qint64 id = 0;
        {
            RunLedger ledger;
            QVERIFY(ledger.open(path));
            const LedgerResult<qint64> begun = ledger.beginOperation(acquireIntent());
            QVERIFY(begun);
            id = begun.value();
        }
        RunLedger ledger;
        QVERIFY(ledger.open(path));
        const auto intents = ledger.openIntents();
        QVERIFY(intents);
        QCOMPARE(intents->size(), 1);
        const LedgerOperation &intent = intents->first();
        QCOMPARE(intent.id, id);
        QCOMPARE(intent.state, LedgerOperationState::Intent);
        QCOMPARE(intent.kind, LedgerOperationKind::Acquire);
        QCOMPARE(intent.ttlSeconds, 3600);
        QCOMPARE(intent.tags, acquireIntent().tags);
        QCOMPARE(intent.processId, QCoreApplication::applicationPid());
        QVERIFY(!intent.finishedAt.isValid());

        QVERIFY(
            ledger.resolveIntent(id, LedgerOperationState::Adopted, u"sb-found"_s, u"found by its tag"_s));
        QVERIFY(ledger.openIntents()->isEmpty());
        const auto adopted = ledger.operation(id);
        QCOMPARE(adopted->state, LedgerOperationState::Adopted);
        QCOMPARE(adopted->sandboxId, u"sb-found"_s);
        QVERIFY(adopted->finishedAt.isValid());
        // Resolved once: a second answer, or a late finish from the process that began it, is refused.
        QCOMPARE(ledger.resolveIntent(id, LedgerOperationState::Abandoned).error().kind,
                 LedgerError::Kind::NotFound);
        QCOMPARE(ledger.finishOperation(id, LedgerOutcome{}).error().kind, LedgerError::Kind::NotFound);
        QCOMPARE(ledger.resolveIntent(id, LedgerOperationState::Succeeded).error().kind,
                 LedgerError::Kind::Invalid);
    }

    void intentSurvivesAKilledProcess()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"ledger.sqlite"_s);
        RunLedger ledger;
        QVERIFY(ledger.open(path));
        QVERIFY(ledger.createRun(namedRun(u"nightly"_s)));
        QProcess writer;
        writer.start(QStringLiteral(LEDGER_WRITER), {path, u"cli"_s, u"nightly"_s, u"intent"_s});
        QVERIFY(writer.waitForStarted());
        QVERIFY(QTest::qWaitFor([&] { return writer.canReadLine() || writer.state() != QProcess::Running; },
                                10000));
        const QByteArray line = writer.readLine().trimmed();
        QVERIFY2(line.startsWith("intent "), line.constData());
        const qint64 pid = writer.processId();
        writer.kill();
        QVERIFY(writer.waitForFinished());

        const auto intents = ledger.openIntents();
        QVERIFY(intents);
        QCOMPARE(intents->size(), 1);
        QCOMPARE(intents->first().id, line.mid(7).toLongLong());
        QCOMPARE(intents->first().processId, pid);
        QCOMPARE(intents->first().application, u"ledger-writer"_s);
        QCOMPARE(intents->first().run, u"nightly"_s);
        // An ambiguous acquire (the connection dropped) waits for the same decision.
        const qint64 second = ledger.beginOperation(acquireIntent(u"nightly"_s)).value();
        QVERIFY(
            ledger.finishOperation(second, {LedgerOperationState::Ambiguous, {}, u"connection reset"_s, {}}));
        QCOMPARE(ledger.openIntents()->size(), 2);
        QVERIFY(ledger.resolveIntent(second, LedgerOperationState::Abandoned));
        QCOMPARE(ledger.openIntents()->size(), 1);
    }

    void runsSandboxesAndOperations()
    {
        QTemporaryDir dir;
        RunLedger ledger;
        QVERIFY(ledger.open(dir.filePath(u"ledger.sqlite"_s)));
        LedgerRun run;
        run.name = u"nightly"_s;
        run.profile = u"research"_s;
        run.apiBaseUrl = u"https://api.klavis.ai"_s;
        run.benchmark = u"swe-bench"_s;
        run.ttlSeconds = 7200;
        run.planJson = u"{\"servers\":[\"github\",\"jira\"],\"count\":2}"_s;
        QVERIFY(ledger.createRun(run));
        QCOMPARE(ledger.createRun(run).error().kind, LedgerError::Kind::Storage); // the name is unique
        QCOMPARE(ledger.createRun(LedgerRun{}).error().kind, LedgerError::Kind::Invalid);
        QVERIFY(ledger.createRun(namedRun(u"older"_s, LedgerRunState::Open)));
        QCOMPARE(ledger.runs()->size(), 2);
        QCOMPARE(ledger.runs()->first().name, u"older"_s);
        // Unknown runs are refused: every record of a run points at one.
        QCOMPARE(ledger.beginOperation(acquireIntent(u"nosuchrun"_s)).error().kind,
                 LedgerError::Kind::Storage);
        QCOMPARE(ledger.setRunState(u"nosuchrun"_s, LedgerRunState::Open).error().kind,
                 LedgerError::Kind::NotFound);

        QVERIFY(ledger.setRunState(u"nightly"_s, LedgerRunState::Open));
        const qint64 acquire = ledger.beginOperation(acquireIntent(u"nightly"_s)).value();
        QVERIFY(
            ledger.finishOperation(acquire, {LedgerOperationState::Succeeded, u"sb-1"_s, u"acquired"_s, {}}));
        LedgerSandbox sandbox;
        sandbox.provider = LedgerProvider::KlavisLocal;
        sandbox.sandboxId = u"sb-1"_s;
        sandbox.servers = {u"github"_s, u"jira"_s};
        sandbox.run = u"nightly"_s;
        sandbox.ttlSeconds = 7200;
        sandbox.mcpUrls = {u"http://127.0.0.1:9/local/github/mcp/?local_sandbox_id=sb-1"_s};
        QVERIFY(ledger.recordAcquired(sandbox));
        QVERIFY(ledger.recordAcquired(sandbox)); // the same pair again: one record
        sandbox.sandboxId = u"sb-2"_s;
        sandbox.run.clear();
        QVERIFY(ledger.recordAcquired(sandbox));

        LedgerOperation upload = acquireIntent(u"nightly"_s);
        upload.kind = LedgerOperationKind::Upload;
        upload.sandboxId = u"sb-1"_s;
        const qint64 uploadId = ledger.beginOperation(upload).value();
        const LedgerTransfer facts{u"c0ffee"_s.repeated(10) + u"0000"_s, 123456, 42, u"workspace.tar.gz"_s};
        QVERIFY(ledger.finishOperation(uploadId, {LedgerOperationState::Succeeded, {}, {}, facts}));

        const auto ofRun = ledger.sandboxesOfRun(u"nightly"_s);
        QCOMPARE(ofRun->size(), 1);
        QCOMPARE(ofRun->first().servers, sandbox.servers);
        QCOMPARE(ofRun->first().provider, LedgerProvider::KlavisLocal);
        QCOMPARE(ledger.heldSandboxes()->size(), 2);
        QVERIFY(ledger.recordReleased(LedgerProvider::KlavisLocal, u"sb-1"_s, LedgerRelease::Released));
        QCOMPARE(ledger.recordReleased(LedgerProvider::KlavisLocal, u"sb-1"_s, LedgerRelease::Released)
                     .error()
                     .kind,
                 LedgerError::Kind::NotFound);
        QCOMPARE(
            ledger.recordReleased(LedgerProvider::Klavis, u"sb-2"_s, LedgerRelease::Released).error().kind,
            LedgerError::Kind::NotFound); // keyed by provider too
        const auto held = ledger.heldSandboxes();
        QCOMPARE(held->size(), 1);
        QCOMPARE(held->first().sandboxId, u"sb-2"_s);
        const LedgerSandbox released = ledger.sandboxesOfRun(u"nightly"_s)->first();
        QVERIFY(!released.isHeld());
        QCOMPARE(released.releasedHow, LedgerRelease::Released);
        // A pool hands the id out again: the record is held once more.
        QVERIFY(ledger.recordAcquired(ofRun->first()));
        QVERIFY(ledger.sandboxesOfRun(u"nightly"_s)->first().isHeld());

        const auto operations = ledger.operationsOfRun(u"nightly"_s);
        QCOMPARE(operations->size(), 2);
        QCOMPARE(operations->at(0).sandboxId, u"sb-1"_s);
        QCOMPARE(operations->at(0).outcome, u"acquired"_s);
        QCOMPARE(operations->at(1).kind, LedgerOperationKind::Upload);
        QCOMPARE(operations->at(1).transfer->sha256, facts.sha256);
        QCOMPARE(operations->at(1).transfer->bytes, facts.bytes);
        QCOMPARE(operations->at(1).transfer->fileCount, facts.fileCount);
        QCOMPARE(operations->at(1).transfer->localFileName, facts.localFileName);

        QVERIFY(ledger.setRunState(u"nightly"_s, LedgerRunState::Released));
        const LedgerRun closed = ledger.run(u"nightly"_s).value();
        QCOMPARE(closed.state, LedgerRunState::Released);
        QVERIFY(closed.closedAt.isValid());
        QCOMPARE(closed.planJson, run.planJson);
        QCOMPARE(closed.apiBaseUrl, run.apiBaseUrl);
        QCOMPARE(ledger.run(u"nosuchrun"_s).error().kind, LedgerError::Kind::NotFound);
    }

    void aHeldLockIsWaitedForThenReported()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"ledger.sqlite"_s);
        RunLedger ledger;
        QVERIFY(ledger.open(path));
        ledger.setWriteWaitLimit(std::chrono::milliseconds{300});
        RawLedgerConnection other(path);
        bool ok = false;
        other.exec(u"BEGIN IMMEDIATE"_s, &ok);
        QVERIFY(ok);
        QElapsedTimer timer;
        timer.start();
        const LedgerResult<qint64> blocked = ledger.beginOperation(acquireIntent());
        QVERIFY(!blocked);
        QCOMPARE(blocked.error().kind, LedgerError::Kind::Busy);
        QVERIFY2(blocked.error().message.contains(path), qPrintable(blocked.error().message));
        QVERIFY(timer.elapsed() >= 300);
        QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
        // Reads go on while another process writes (WAL).
        QVERIFY(ledger.openIntents());
        other.exec(u"COMMIT"_s, &ok);
        QVERIFY(ok);
        QVERIFY(ledger.beginOperation(acquireIntent()));
    }

    void noSecretReachesTheFile()
    {
        const QString key = u"sk-ledgertest-0123456789abcdef"_s;
        const QString plainKey = u"klv0plain0key0XYZ987"_s; // no shape gives it away: only setSecrets() does
        const QString token = u"tok0secret0signature0555"_s;
        QTemporaryDir dir;
        const QString path = dir.filePath(u"ledger.sqlite"_s);
        RunLedger ledger;
        QVERIFY(ledger.open(path));
        ledger.setSecrets({plainKey});

        LedgerRun run;
        run.name = u"nightly"_s;
        run.apiBaseUrl = u"https://user:"_s + token + u"@api.example.com/v1?token="_s + token;
        run.planJson = u"{\"servers\":[\"github\"],\"auth_data\":{\"access_token\":\""_s + token +
                       u"\"},\"metadata\":{\"note\":\""_s + token + u"\"},\"api_key\":\""_s + key + u"\"}"_s;
        QVERIFY(ledger.createRun(run));
        const qint64 id = ledger.beginOperation(acquireIntent(u"nightly"_s)).value();
        QVERIFY(ledger.finishOperation(
            id, {LedgerOperationState::Failed, u"sb-1"_s,
                 u"HTTP 401 for Authorization: Bearer "_s + key +
                     u"; retried https://api.klavis.ai/x?api_key="_s + token + u"&page=2; key "_s + plainKey +
                     u" refused; visible-marker-4711"_s,
                 LedgerTransfer{u"ab"_s.repeated(32), 1, 1, u"/tmp/dump?signature="_s + token}}));
        const qint64 second = ledger.beginOperation(acquireIntent(u"nightly"_s)).value();
        QVERIFY(ledger.resolveIntent(second, LedgerOperationState::Abandoned, {},
                                     u"password: "_s + token + u" and "_s + key));
        LedgerSandbox sandbox;
        sandbox.sandboxId = u"sb-1"_s;
        sandbox.mcpUrls = {u"https://mcp.example.com/github/mcp/?token="_s + token,
                           u"https://"_s + token + u"@mcp.example.com/jira/mcp/"_s};
        QVERIFY(ledger.recordAcquired(sandbox));

        const auto scan = [&](const QByteArray &bytes) {
            // The scan sees what was written: a harmless word in the same text is there.
            QVERIFY(bytes.contains("visible-marker-4711"));
            for (const QString &secret : {key, plainKey, token}) {
                QVERIFY2(!bytes.contains(secret.toUtf8()), qPrintable(secret));
                QVERIFY2(!bytes.contains(QUrl::toPercentEncoding(secret)), qPrintable(secret));
            }
        };
        QVERIFY(QFileInfo(path + u"-wal"_s).size() > 0);
        scan(ledgerBytesOnDisk(path)); // before a checkpoint: the records sit in the -wal file
        const auto outcome = ledger.operation(id)->outcome;
        QVERIFY2(outcome.contains(u"Bearer"_s) && outcome.contains(u"refused"_s), qPrintable(outcome));
        QVERIFY(ledger.run(u"nightly"_s)->planJson.contains(u"github"_s));
        {
            RawLedgerConnection raw(path);
            raw.exec(u"PRAGMA wal_checkpoint(TRUNCATE)"_s);
        }
        scan(ledgerBytesOnDisk(path));
    }

    // Runs as tst_runledger_small_disk, on a 2 MiB tmpfs of its own (tests/workspace/with-small-disk.sh).
    void aFullDiskIsAnErrorNotACrash()
    {
        const QString disk = qEnvironmentVariable("SANDBOXDECK_SMALL_DISK");
        if (disk.isEmpty())
            QSKIP("needs a small disk: ctest runs this as tst_runledger_small_disk");
        const QString path = disk + u"/ledger.sqlite"_s;
        RunLedger ledger;
        QVERIFY(ledger.open(path));
        // Everything but 128 KiB taken: the ledger runs into the end of the disk after a few dozen writes.
        QFile filler(disk + u"/filler"_s);
        QVERIFY(filler.open(QIODevice::WriteOnly));
        const QByteArray chunk(64 * 1024, 'f');
        while (filler.write(chunk) == chunk.size() && filler.flush()) {
        }
        filler.close();
        QVERIFY(filler.resize(std::max<qint64>(0, filler.size() - 128 * 1024)));
        LedgerStatus failure = LedgerDone{};
        int written = 0;
        for (; written < 5000 && failure.ok(); ++written) {
            const LedgerResult<qint64> id = ledger.beginOperation(acquireIntent());
            failure = id ? ledger.finishOperation(id.value(), {LedgerOperationState::Failed,
                                                               {},
                                                               QString(3000, u'x') + QString::number(written),
                                                               {}})
                         : LedgerStatus(id.error());
        }
        QVERIFY2(!failure.ok(), "the disk never filled up");
        QCOMPARE(failure.error().kind, LedgerError::Kind::Storage);
        QVERIFY2(failure.error().message.contains(u"full"_s), qPrintable(failure.error().message));
        QVERIFY(written > 1);
        // Reads go on, and so do writes once there is room again.
        QVERIFY(ledger.openIntents());
        QVERIFY(filler.remove());
        const LedgerResult<qint64> after = ledger.beginOperation(acquireIntent());
        QVERIFY2(after, qPrintable(after.error().message));
        QVERIFY(ledger.operation(after.value()));
    }

    void executionsOfASandboxNewestFirst()
    {
        QTemporaryDir dir;
        RunLedger ledger;
        QVERIFY(ledger.open(dir.filePath(u"ledger.sqlite"_s)));
        qint64 ids[3] = {};
        const QString names[3] = {u"exec-first"_s, u"exec-second"_s, u"exec-elsewhere"_s};
        for (int i = 0; i < 3; ++i) {
            LedgerOperation intent;
            intent.kind = LedgerOperationKind::Execute;
            intent.provider = LedgerProvider::KlavisLocal;
            intent.sandboxId = i == 2 ? u"local-2"_s : u"local-1"_s;
            intent.executionName = names[i];
            const auto id = ledger.beginOperation(intent);
            QVERIFY(id);
            ids[i] = id.value();
        }
        // An upload into the same sandbox is no execution.
        LedgerOperation upload;
        upload.kind = LedgerOperationKind::Upload;
        upload.provider = LedgerProvider::KlavisLocal;
        upload.sandboxId = u"local-1"_s;
        QVERIFY(ledger.beginOperation(upload));
        LedgerOutcome failed;
        failed.state = LedgerOperationState::Failed;
        failed.outcome = u"failed"_s;
        QVERIFY(ledger.finishOperation(ids[1], failed));

        const auto executions = ledger.executionsOf(LedgerProvider::KlavisLocal, u"local-1"_s);
        QVERIFY(executions);
        QCOMPARE(executions.value().size(), 2);
        QCOMPARE(executions.value()[0].executionName, names[1]);
        QCOMPARE(executions.value()[0].outcome, u"failed"_s);
        QCOMPARE(executions.value()[0].kind, LedgerOperationKind::Execute);
        QCOMPARE(executions.value()[1].executionName, names[0]);
        QCOMPARE(executions.value()[1].state, LedgerOperationState::Intent);
        QCOMPARE(LedgerWords::word(LedgerOperationKind::Execute), u"execute"_s);
        const auto other = ledger.operation(ids[2]);
        QVERIFY(other);
        QCOMPARE(other.value().executionName, names[2]);
    }

    void oneFileForTheAppAndTheCli()
    {
        const QByteArray saved = qgetenv("SANDBOXDECK_LEDGER");
        qunsetenv("SANDBOXDECK_LEDGER");
        QCoreApplication::setApplicationName(u"SandboxDeck"_s);
        const QString app = RunLedger::defaultPath();
        QCoreApplication::setApplicationName(u"sandboxdeck-cli"_s);
        const QString cli = RunLedger::defaultPath();
        QCOMPARE(app, cli);
        QVERIFY2(app.endsWith(u"/sandboxdeck/ledger.sqlite"_s), qPrintable(app));
        qputenv("SANDBOXDECK_LEDGER", "/elsewhere/runs.sqlite");
        QCOMPARE(RunLedger::defaultPath(), u"/elsewhere/runs.sqlite"_s);
        if (saved.isNull())
            qunsetenv("SANDBOXDECK_LEDGER");
        else
            qputenv("SANDBOXDECK_LEDGER", saved);
    }
};

QTEST_GUILESS_MAIN(TestRunLedger)
#include "tst_runledger.moc"
