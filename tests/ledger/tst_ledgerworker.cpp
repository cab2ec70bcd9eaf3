// LedgerWorker: answers on the caller's thread in the order asked, nothing for a caller that is gone, no
// write lost at shutdown; and three processes writing one ledger at once (this one through the worker, two
// ledger-writer processes through RunLedger as the CLI does) lose no record and duplicate none. LedgerAccess:
// the same call at once on a RunLedger, on the worker's thread through a worker, NotOpen without either.

#include "../postedevents.h"
#include "ledgertestfiles.h"

#include "ledger/ledgeraccess.h"
#include "ledger/ledgerworker.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

LedgerOperation uploadIntent(const QString &writer, const QString &run)
{
    LedgerOperation intent;
    intent.kind = LedgerOperationKind::Upload;
    intent.profile = writer;
    intent.provider = LedgerProvider::KlavisLocal;
    intent.server = u"github"_s;
    intent.run = run;
    return intent;
}

// One operation begun and finished in one job, as a session does for an upload it already knows the end of.
LedgerStatus writeOne(RunLedger &ledger, const QString &writer, const QString &run, int index)
{
    const LedgerResult<qint64> id = ledger.beginOperation(uploadIntent(writer, run));
    if (!id)
        return id.error();
    LedgerOutcome outcome;
    outcome.sandboxId = writer + u'-' + QString::number(index);
    return ledger.finishOperation(id.value(), outcome);
}

} // namespace

class TestLedgerWorker : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void answersComeBackInOrderOnTheCallersThread()
    {
        QTemporaryDir dir;
        LedgerWorker worker;
        QObject context;
        std::optional<LedgerStatus> opened;
        worker.open(dir.filePath(u"ledger.sqlite"_s), {}, &context,
                    [&](const LedgerStatus &status) { opened = status; });
        QList<qint64> ids;
        bool allOnThisThread = true;
        constexpr int count = 50;
        for (int i = 0; i < count; ++i)
            worker.beginOperation(uploadIntent(u"gui"_s, {}), &context, [&](const LedgerResult<qint64> &id) {
                allOnThisThread = allOnThisThread && QThread::currentThread() == thread();
                ids.append(id ? id.value() : -1);
            });
        QTRY_COMPARE(ids.size(), count);
        QVERIFY(opened && opened->ok());
        QVERIFY(allOnThisThread);
        for (int i = 1; i < count; ++i)
            QVERIFY(ids.at(i) > ids.at(i - 1)); // in the order posted, every write through

        std::optional<LedgerResult<QList<LedgerOperation>>> intents;
        worker.openIntents(&context,
                           [&](const LedgerResult<QList<LedgerOperation>> &result) { intents = result; });
        QTRY_VERIFY(intents.has_value());
        QCOMPARE(intents->value().size(), count);
    }

    void accessAnswersAtOnceOrOnTheWorkersThread()
    {
        QTemporaryDir dir;
        QObject context;
        auto beginOne = [](QThread **ranOn) {
            return std::function<LedgerResult<qint64>(RunLedger &)>([ranOn](RunLedger &ledger) {
                *ranOn = QThread::currentThread();
                return ledger.beginOperation(uploadIntent(u"access"_s, {}));
            });
        };

        RunLedger ledger;
        QVERIFY(ledger.open(dir.filePath(u"sync.sqlite"_s)));
        const LedgerAccess sync(&ledger);
        QVERIFY(sync.isActive());
        QThread *ranOn = nullptr;
        std::optional<LedgerResult<qint64>> answer;
        sync.call<qint64>(beginOne(&ranOn), &context, [&](const LedgerResult<qint64> &id) { answer = id; });
        QVERIFY(answer && answer->ok()); // before call() returned
        QCOMPARE(ranOn, QThread::currentThread());

        LedgerWorker worker;
        worker.open(dir.filePath(u"worker.sqlite"_s));
        const LedgerAccess async(&worker);
        QVERIFY(async.isActive());
        answer.reset();
        QThread *answeredOn = nullptr;
        async.call<qint64>(beginOne(&ranOn), &context, [&](const LedgerResult<qint64> &id) {
            answeredOn = QThread::currentThread();
            answer = id;
        });
        QVERIFY(!answer.has_value());
        QTRY_VERIFY(answer.has_value());
        QVERIFY(answer->ok());
        QVERIFY(ranOn != QThread::currentThread());
        QCOMPARE(answeredOn, QThread::currentThread());

        const LedgerAccess none;
        QVERIFY(!none.isActive());
        answer.reset();
        none.call<qint64>(beginOne(&ranOn), &context, [&](const LedgerResult<qint64> &id) { answer = id; });
        QVERIFY(answer && !answer->ok());
        QCOMPARE(answer->error().kind, LedgerError::Kind::NotOpen);
        QVERIFY(!answer->error().message.isEmpty());
    }

    void noAnswerOnceTheCallerIsGone()
    {
        QTemporaryDir dir;
        LedgerWorker worker;
        worker.open(dir.filePath(u"ledger.sqlite"_s));
        bool answered = false;
        bool jobRan = false;
        auto context = std::make_unique<QObject>();
        worker.post<qint64>(
            [&jobRan](RunLedger &ledger) {
                QThread::msleep(100);
                jobRan = true;
                return ledger.beginOperation(uploadIntent(u"gui"_s, {}));
            },
            context.get(), [&answered](const LedgerResult<qint64> &) { answered = true; });
        context.reset();
        worker.flush();
        // The job has run: an answer, were one sent, is queued already and handled before this call.
        QVERIFY(PostedEvents::handled());
        QVERIFY(jobRan);    // the write was done
        QVERIFY(!answered); // but nobody was left to tell
    }

    void shutdownRunsWhatWasQueued()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"ledger.sqlite"_s);
        constexpr int count = 200;
        {
            LedgerWorker worker;
            worker.open(path);
            for (int i = 0; i < count; ++i)
                worker.post<qint64>(
                    [](RunLedger &ledger) { return ledger.beginOperation(uploadIntent(u"gui"_s, {})); });
        }
        RunLedger ledger;
        QVERIFY(ledger.open(path));
        QCOMPARE(ledger.openIntents()->size(), count);
    }

    void threeWritersLoseNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"ledger.sqlite"_s);
        const QString run = u"concurrency"_s;
        {
            RunLedger setup;
            QVERIFY(setup.open(path));
            QVERIFY(setup.createRun(namedRun(run, LedgerRunState::Open)));
        }
        constexpr int count = 300;
        const QStringList writers = {u"cli-a"_s, u"cli-b"_s, u"gui"_s};
        QElapsedTimer timer;
        timer.start();
        std::vector<std::unique_ptr<QProcess>> processes;
        for (const QString &writer : {writers.at(0), writers.at(1)}) {
            auto process = std::make_unique<QProcess>();
            process->start(QStringLiteral(LEDGER_WRITER), {path, writer, run, QString::number(count)});
            QVERIFY(process->waitForStarted());
            processes.push_back(std::move(process));
        }
        int failures = 0;
        QObject context;
        {
            LedgerWorker worker;
            worker.open(path);
            for (int i = 0; i < count; ++i)
                worker.post<LedgerDone>(
                    [&run, i](RunLedger &ledger) { return writeOne(ledger, u"gui"_s, run, i); }, &context,
                    [&failures](const LedgerStatus &status) {
                        if (!status) {
                            qWarning("%s", qPrintable(status.error().message));
                            ++failures;
                        }
                    });
            worker.flush();
        }
        for (const auto &process : processes) {
            QVERIFY(process->waitForFinished(60000));
            QVERIFY2(process->exitStatus() == QProcess::NormalExit && process->exitCode() == 0,
                     process->readAllStandardError().constData());
        }
        const qint64 elapsed = timer.elapsed();
        QCoreApplication::processEvents();
        QCOMPARE(failures, 0);

        RunLedger ledger;
        QVERIFY(ledger.open(path));
        const auto operations = ledger.operationsOfRun(run);
        QVERIFY(operations);
        QCOMPARE(operations->size(), count * writers.size());
        QSet<qint64> ids;
        QSet<QString> records;
        for (const LedgerOperation &operation : operations.value()) {
            QCOMPARE(operation.state, LedgerOperationState::Succeeded);
            QCOMPARE(operation.profile + u'-', operation.sandboxId.left(operation.profile.size() + 1));
            ids.insert(operation.id);
            records.insert(operation.sandboxId);
        }
        QCOMPARE(ids.size(), operations->size());
        for (const QString &writer : writers)
            for (int i = 0; i < count; ++i)
                QVERIFY2(records.contains(writer + u'-' + QString::number(i)), qPrintable(writer));
        qInfo("three writers, %d operations each (begin + finish: two transactions): %lld ms, %.0f "
              "operations/s",
              count, elapsed, double(count * writers.size()) * 1000.0 / double(std::max<qint64>(elapsed, 1)));
        // About 250 ms here, processes started included: the bound catches writers that wait out each other's
        // locks one back-off after another, not speed.
        QVERIFY2(elapsed < 5000, qPrintable(QString::number(elapsed)));
    }
};

QTEST_GUILESS_MAIN(TestLedgerWorker)
#include "tst_ledgerworker.moc"
