#include "api/apierror.h"
#include "models/durationtext.h"
#include "models/transfermodel.h"
#include "modelsignals.h"
#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"

#include <QAbstractItemModelTester>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

// A job driven by the test instead of the network: the states and progress a real upload or dump goes
// through, on command.
class ScriptedJob final : public TransferJob
{
public:
    ScriptedJob(Direction direction, const QString &sandboxId, const QString &name, QObject *parent = nullptr)
        : TransferJob(direction, sandboxId, name, parent)
    {}

    void start() override
    {
        ++starts;
        setState(direction() == Direction::Upload ? State::Packing : State::Requesting);
    }
    void cancel() override
    {
        if (beginCancel())
            markCancelled();
    }
    TransferJob *clone(QObject *parent) const override
    {
        return new ScriptedJob(direction(), sandboxId(), name(), parent);
    }

    void advance(State state, qint64 done, qint64 total)
    {
        setState(state);
        setProgress(done, total);
    }
    void finishAt(const QString &path)
    {
        setResultPath(path);
        succeed();
    }
    // As UploadJob does when it sends the initialize call that unpacks the archive into the workspace.
    void askToUnpack()
    {
        setState(State::Initializing);
        markUnpackRequested();
    }
    void weighPhases(const QList<QPair<State, double>> &weights) { setPhaseWeights(weights); }
    void holdUp(const QString &why) { setWaitingNote(why); }
    void failWith(const QString &text, FailureKind kind = FailureKind::Rejected) { fail(text, kind); }
    void finishLeavingOut(const QString &path, const QStringList &leftOut)
    {
        setResultPath(path);
        setLeftOut(leftOut);
        succeed();
    }

    int starts = 0;
};

using State = TransferJob::State;
using Direction = TransferJob::Direction;

} // namespace

class TestTransferModel : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TransferQueue> m_queue;
    std::unique_ptr<TransferModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;

    ScriptedJob *add(Direction direction, const QString &name)
    {
        auto *job = new ScriptedJob(direction, u"vm-1"_s, name);
        m_queue->enqueue(job);
        return job;
    }
    QString cell(int row, int column) const { return m_model->index(row, column).data().toString(); }

private slots:
    void init()
    {
        m_queue = std::make_unique<TransferQueue>(nullptr, nullptr);
        m_queue->setMaxConcurrent(1);
        m_model = std::make_unique<TransferModel>(m_queue.get());
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    }

    void cleanup()
    {
        m_tester.reset();
        m_model.reset();
        m_queue.reset();
    }

    void rowsFollowTheQueue()
    {
        ModelSignals signals_(m_model.get());
        ScriptedJob *upload = add(Direction::Upload, u"project"_s);
        ScriptedJob *dump = add(Direction::Download, u"workspace.tar.gz"_s);
        QCOMPARE(m_model->rowCount(), 2);
        QVERIFY(signals_.events().contains(u"insert 0-0"_s));
        QVERIFY(signals_.events().contains(u"insert 1-1"_s));
        QCOMPARE(m_model->jobAt(0), upload);
        QCOMPARE(m_model->jobAt(2), nullptr);

        QCOMPARE(cell(0, TransferModel::DirectionColumn), u"Upload"_s);
        QCOMPARE(cell(1, TransferModel::DirectionColumn), u"Save dump"_s);
        QCOMPARE(cell(0, TransferModel::SandboxColumn), u"vm-1"_s);
        QCOMPARE(cell(1, TransferModel::NameColumn), u"workspace.tar.gz"_s);
        QCOMPARE(cell(0, TransferModel::StateColumn), u"Packing"_s); // started: one at a time
        QCOMPARE(cell(1, TransferModel::StateColumn), u"Queued"_s);
        QCOMPARE(cell(1, TransferModel::ProgressColumn), QString());
        QCOMPARE(m_model->index(1, 0).data(TransferModel::ProgressRole).toInt(), -1);
        QCOMPARE(m_model->headerData(TransferModel::TimeLeftColumn, Qt::Horizontal).toString(),
                 u"Time left"_s);

        // The first ends, the queue starts the second: both rows say so.
        signals_.take();
        upload->finishAt({});
        QCOMPARE(cell(0, TransferModel::StateColumn), u"Done"_s);
        QCOMPARE(cell(0, TransferModel::ProgressColumn), u"100%"_s);
        QCOMPARE(cell(1, TransferModel::StateColumn), u"Preparing"_s);
        QCOMPARE(dump->starts, 1);
        const QStringList events = signals_.take();
        QVERIFY(events.contains(u"change 0-0 c0-7"_s));
        QVERIFY(events.contains(u"change 1-1 c0-7"_s));
    }

    void progressSpeedAndTimeLeft()
    {
        ScriptedJob *dump = add(Direction::Download, u"dump"_s);
        dump->advance(State::Downloading, 0, 4'000'000);
        QTest::qSleep(60);
        dump->advance(State::Downloading, 500'000, 4'000'000);
        // 60 ms say nothing yet about a speed: no guess rather than a wild one.
        QCOMPARE(cell(0, TransferModel::SpeedColumn), QString());
        QCOMPARE(cell(0, TransferModel::TimeLeftColumn), QString());
        QTest::qSleep(1000);
        dump->advance(State::Downloading, 1'000'000, 4'000'000);
        QCOMPARE(cell(0, TransferModel::ProgressColumn), u"25%"_s);
        QCOMPARE(m_model->index(0, 0).data(TransferModel::ProgressRole).toInt(), 25);
        QCOMPARE(cell(0, TransferModel::SizeColumn), TransferModel::formatBytes(4'000'000));
        QVERIFY(cell(0, TransferModel::SpeedColumn).endsWith(u"/s"_s));
        QVERIFY(!cell(0, TransferModel::TimeLeftColumn).isEmpty());
        // More bytes than announced still reads 100%, not more.
        dump->advance(State::Downloading, 5'000'000, 4'000'000);
        QCOMPARE(cell(0, TransferModel::ProgressColumn), u"100%"_s);
        dump->finishAt({});
        QCOMPARE(cell(0, TransferModel::SpeedColumn), QString());
        QCOMPARE(cell(0, TransferModel::TimeLeftColumn), QString());
        QCOMPARE(DurationText::span(75), u"1 min 15 s"_s);
        QCOMPARE(DurationText::span(-1), QString());
    }

    void failureShowsItsReason()
    {
        ScriptedJob *upload = add(Direction::Upload, u"project"_s);
        upload->failWith(u"the sandbox refused the archive"_s);
        QCOMPARE(cell(0, TransferModel::StateColumn), u"Failed: the sandbox refused the archive"_s);
        QCOMPARE(m_model->index(0, 0).data(TransferModel::ErrorRole).toString(),
                 u"the sandbox refused the archive"_s);
        QCOMPARE(m_model->index(0, 0).data(Qt::ToolTipRole).toString(), u"the sandbox refused the archive"_s);
        QVERIFY(m_model->index(0, 0).data(TransferModel::IsFinishedRole).toBool());
    }

    void entriesLeftOutShowInTheRow()
    {
        ScriptedJob *dump = add(Direction::Download, u"sandbox"_s);
        dump->finishLeavingOut(u"/tmp/out"_s, {u"escape: a link out of the tree"_s, u"dev/null: a device"_s});
        // No translator here: the source text with its count, not the bare "Done".
        QCOMPARE(cell(0, TransferModel::StateColumn), u"Done, 2 entry(ies) left out"_s);
        const QString tip = m_model->index(0, 0).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(u"/tmp/out"_s) && tip.contains(u"escape: a link out of the tree"_s) &&
                     tip.contains(u"dev/null: a device"_s),
                 qPrintable(tip));
    }

    void retryReplacesTheJobInItsRow()
    {
        ScriptedJob *upload = add(Direction::Upload, u"project"_s);
        upload->failWith(u"connection reset"_s, TransferJob::FailureKind::Transient);
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
        m_queue->retry(0);
        QVERIFY(changed.count() >= 1);
        QVERIFY(m_model->jobAt(0) != upload);
        QCOMPARE(m_model->rowCount(), 1);
        QCOMPARE(cell(0, TransferModel::StateColumn), u"Packing"_s);
    }

    void aFailureThatWouldRepeatIsNotRetried()
    {
        ScriptedJob *upload = add(Direction::Upload, u"project"_s);
        upload->failWith(u"422: invalid archive"_s, TransferJob::FailureKind::Rejected);
        m_queue->retry(0);
        QCOMPARE(m_model->jobAt(0), upload);
        QCOMPARE(upload->state(), State::Failed);
    }

    void clearFinishedRemovesTheirRows()
    {
        add(Direction::Upload, u"a"_s)->finishAt({});
        ScriptedJob *running = add(Direction::Upload, u"b"_s);
        add(Direction::Download, u"c"_s)->cancel();
        QCOMPARE(cell(1, TransferModel::StateColumn), u"Packing"_s);
        ModelSignals signals_(m_model.get());
        m_queue->clearFinished();
        QCOMPARE(signals_.take(), QStringList({u"remove 2-2"_s, u"remove 0-0"_s}));
        QCOMPARE(m_model->rowCount(), 1);
        QCOMPARE(m_model->jobAt(0), running);
    }

    void aFinishedDumpDragsOutAsItsFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(u"workspace.tar.gz"_s);
        ScriptedJob *dump = add(Direction::Download, u"workspace.tar.gz"_s);
        const QModelIndex row = m_model->index(0, TransferModel::NameColumn);
        QVERIFY(!(m_model->flags(row) & Qt::ItemIsDragEnabled));
        QVERIFY(m_model->mimeData({row}) == nullptr); // still running

        dump->finishAt(path);
        QVERIFY(m_model->flags(row) & Qt::ItemIsDragEnabled);
        QCOMPARE(m_model->mimeTypes(), QStringList{u"text/uri-list"_s});
        QCOMPARE(m_model->supportedDragActions(), Qt::CopyAction);
        // A whole row is dragged: one URL, not one per cell.
        const std::unique_ptr<QMimeData> mime(
            m_model->mimeData({m_model->index(0, 0), row, m_model->index(0, TransferModel::StateColumn)}));
        QVERIFY(mime);
        QVERIFY(mime->hasFormat(u"text/uri-list"_s));
        QCOMPARE(mime->urls(), QList<QUrl>{QUrl::fromLocalFile(path)});
    }

    void nothingElseDragsOut_data()
    {
        QTest::addColumn<int>("direction");
        QTest::addColumn<int>("outcome"); // 0 done, 1 failed, 2 cancelled
        QTest::newRow("finished upload") << int(Direction::Upload) << 0;
        QTest::newRow("failed dump") << int(Direction::Download) << 1;
        QTest::newRow("cancelled dump") << int(Direction::Download) << 2;
    }

    void nothingElseDragsOut()
    {
        QFETCH(int, direction);
        QFETCH(int, outcome);
        ScriptedJob *job = add(Direction(direction), u"x"_s);
        if (outcome == 0)
            job->finishAt(u"/tmp/x.tar.gz"_s);
        else if (outcome == 1)
            job->failWith(u"boom"_s);
        else
            m_queue->cancel(0);
        const QModelIndex row = m_model->index(0, 0);
        QVERIFY(!(m_model->flags(row) & Qt::ItemIsDragEnabled));
        QVERIFY(m_model->mimeData({row}) == nullptr);
    }

    void oneBarOverTheWeightedPhases()
    {
        ScriptedJob *upload = add(Direction::Upload, u"project"_s);
        upload->weighPhases({{State::Packing, 0.4}, {State::Uploading, 0.5}, {State::Initializing, 0.1}});
        upload->advance(State::Packing, 50, 100);
        QCOMPARE(m_model->index(0, 0).data(TransferModel::ProgressRole).toInt(), 20);
        upload->advance(State::Packing, 100, 100);
        QCOMPARE(cell(0, TransferModel::ProgressColumn), u"40%"_s); // not 100% at the end of packing
        upload->advance(State::Requesting, 100, 100);
        QCOMPARE(cell(0, TransferModel::ProgressColumn), u"40%"_s); // holds while asking for a URL
        upload->advance(State::Uploading, 0, 1000);
        QCOMPARE(cell(0, TransferModel::ProgressColumn), u"40%"_s); // never back to 0% (or 26%)
        upload->advance(State::Uploading, 500, 1000);
        QCOMPARE(cell(0, TransferModel::ProgressColumn), u"65%"_s);
        upload->advance(State::Uploading, 1000, 1000);
        upload->advance(State::Initializing, 0, 0);
        QCOMPARE(cell(0, TransferModel::ProgressColumn), u"90%"_s);
        upload->failWith(u"the sandbox refused the archive"_s, TransferJob::FailureKind::Rejected);
        QCOMPARE(cell(0, TransferModel::ProgressColumn), u"90%"_s); // where it stopped, not 100%
    }

    void retryOnlyWhereItCanHelp_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<bool>("retryable");
        using Kind = TransferJob::FailureKind;
        QTest::newRow("network drop") << int(Kind::Transient) << true;
        QTest::newRow("expired URL") << int(Kind::UrlExpired) << true;
        QTest::newRow("4xx validation") << int(Kind::Rejected) << false;
        QTest::newRow("policy") << int(Kind::Policy) << false;
        QTest::newRow("hostile archive") << int(Kind::HostileData) << false;
        QTest::newRow("full disk") << int(Kind::DiskFull) << false;
        QTest::newRow("local file") << int(Kind::Local) << false;
    }

    void retryOnlyWhereItCanHelp()
    {
        QFETCH(int, kind);
        QFETCH(bool, retryable);
        ScriptedJob *dump = add(Direction::Download, u"dump"_s);
        dump->failWith(u"boom"_s, TransferJob::FailureKind(kind));
        QCOMPARE(dump->canRetry(), retryable);
        const QString details = TransferModel::detailsText(dump);
        QVERIFY2(details.contains(u"Failed: boom"_s), qPrintable(details));
        QVERIFY2(details.contains(retryable ? u"Retry may help"_s : u"Retry would fail"_s),
                 qPrintable(details));
    }

    // Cancel stops what has not happened; an unpack already asked for may happen all the same, and the row
    // must not promise otherwise.
    void cancelAfterTheUnpackWasAskedForSaysItMayHaveLanded()
    {
        m_queue->setMaxConcurrent(2);
        ScriptedJob *late = add(Direction::Upload, u"late"_s);
        ScriptedJob *early = add(Direction::Upload, u"early"_s);
        QCOMPARE(late->starts, 1);
        QCOMPARE(early->starts, 1);
        late->advance(State::Uploading, 100, 100);
        late->askToUnpack();
        late->cancel();
        early->advance(State::Uploading, 10, 100);
        early->cancel();
        QCOMPARE(late->state(), State::Cancelled);
        QCOMPARE(early->state(), State::Cancelled);
        QVERIFY(late->mayHaveLanded());
        QVERIFY(!early->mayHaveLanded());
        const QString lateDetails = TransferModel::detailsText(late);
        QVERIFY2(lateDetails.contains(u"may have landed"_s), qPrintable(lateDetails));
        QVERIFY2(!lateDetails.contains(u"nothing half-written"_s), qPrintable(lateDetails));
        const QString earlyDetails = TransferModel::detailsText(early);
        QVERIFY2(earlyDetails.contains(u"nothing half-written was left behind"_s), qPrintable(earlyDetails));
    }

    void aSandboxStillStartingShowsInTheRow()
    {
        ScriptedJob *job = add(Direction::Upload, u"early-bird"_s);
        job->advance(State::Uploading, 10, 100);
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
        const QString why =
            u"The sandbox is not up yet (HTTP 503: sandbox nb is DEPLOYING). Asking again in 1 s."_s;
        job->holdUp(why);
        QCOMPARE(changed.size(), 1);
        const QModelIndex state = m_model->index(0, TransferModel::StateColumn);
        QCOMPARE(state.data().toString(), u"Uploading, waiting for the sandbox to start"_s);
        QCOMPARE(state.data(Qt::ToolTipRole).toString(), why);
        QVERIFY(TransferModel::detailsText(job).contains(why));
        // The next phase is no longer held up.
        job->advance(State::Initializing, 0, 0);
        QVERIFY(job->waitingNote().isEmpty());
        QCOMPARE(state.data().toString(), u"Unpacking in sandbox"_s);
    }

    void apiFailuresAreSortedByCause()
    {
        using Kind = TransferJob::FailureKind;
        QCOMPARE(TransferJob::failureKindOf(ApiError::network(u"reset"_s)), Kind::Transient);
        QCOMPARE(TransferJob::failureKindOf(ApiError::timeout(30)), Kind::Transient);
        QCOMPARE(TransferJob::failureKindOf(ApiError::http(503, {})), Kind::Transient);
        QCOMPARE(TransferJob::failureKindOf(ApiError::http(429, {})), Kind::Transient);
        QCOMPARE(TransferJob::failureKindOf(ApiError::http(400, {})), Kind::Rejected);
        QCOMPARE(TransferJob::failureKindOf(ApiError::http(422, {})), Kind::Rejected);
        QCOMPARE(TransferJob::failureKindOf(ApiError::http(404, {})), Kind::Rejected);
    }

    void aFinishedTransferTellsWhenWhereAndHowFast()
    {
        ScriptedJob *dump = add(Direction::Download, u"workspace.tar.gz"_s);
        QVERIFY(dump->startedAt().isValid());
        QVERIFY(!dump->finishedAt().isValid());
        dump->advance(State::Downloading, 0, 2'000'000);
        QTest::qSleep(50);
        dump->advance(State::Downloading, 2'000'000, 2'000'000);
        dump->finishAt(u"/tmp/out/workspace.tar.gz"_s);
        QVERIFY(dump->finishedAt() >= dump->startedAt());
        QCOMPARE(dump->networkBytes(), 2'000'000);
        QVERIFY(dump->networkMilliseconds() >= 50);
        const QString details = TransferModel::detailsText(dump);
        QVERIFY2(details.contains(u"Save dump of workspace.tar.gz to file "_s) &&
                     details.contains(u"workspace.tar.gz"_s),
                 qPrintable(details));
        QVERIFY2(details.contains(u"Started "_s) && details.contains(u", ended "_s) &&
                     details.contains(u", took 0 s."_s),
                 qPrintable(details));
        QVERIFY2(details.contains(TransferModel::formatBytes(2'000'000) + u" transferred at "_s) &&
                     details.contains(u"/s on average."_s),
                 qPrintable(details));
        // Cancelled in the queue: it never started.
        ScriptedJob *waiting = add(Direction::Upload, u"later"_s);
        ScriptedJob *queued = add(Direction::Upload, u"never"_s);
        Q_UNUSED(waiting);
        m_queue->cancel(2);
        QVERIFY(!queued->startedAt().isValid());
        QCOMPARE(queued->state(), State::Cancelled);
        QVERIFY(queued->canRetry());
    }

    void aQueueThatGoesTakesItsRows()
    {
        add(Direction::Upload, u"a"_s);
        ModelSignals signals_(m_model.get());
        m_queue.reset();
        QCOMPARE(signals_.take(), QStringList{u"reset"_s});
        QCOMPARE(m_model->rowCount(), 0);
        QCOMPARE(m_model->jobAt(0), nullptr);
    }
};

QTEST_GUILESS_MAIN(TestTransferModel)
#include "tst_transfermodel.moc"
