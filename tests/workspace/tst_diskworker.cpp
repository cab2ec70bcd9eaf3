// DiskWorker: slow disk calls off the calling thread, the answer back on it, nothing for a dead context.

#include "../postedevents.h"
#include "workspace/diskworker.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <memory>

using namespace Qt::StringLiterals;

class TestDiskWorker : public QObject
{
    Q_OBJECT

private slots:
    void workRunsElsewhereAnswerComesBack()
    {
        QObject context;
        QThread *worker = nullptr;
        QThread *answeredOn = nullptr;
        bool answer = false;
        const QFuture<bool> future = DiskWorker::run(
            &context,
            [&worker] {
                worker = QThread::currentThread();
                return true;
            },
            [&](bool value) {
                answeredOn = QThread::currentThread();
                answer = value;
            });
        QVERIFY(QTest::qWaitFor([&] { return answeredOn != nullptr; }, 5000));
        QVERIFY(future.isFinished());
        QVERIFY(worker != QThread::currentThread());
        QCOMPARE(answeredOn, QThread::currentThread());
        QVERIFY(answer);
    }

    void removeTakesTheFolderThenCallsBack()
    {
        auto folder = std::make_unique<QTemporaryDir>();
        QVERIFY(folder->isValid());
        const QString path = folder->path();
        QFile file(path + u"/archive.tar.gz"_s);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(1 << 20, 'x'));
        file.close();
        QObject context;
        bool called = false;
        DiskWorker::remove(&context, std::move(folder), [&] {
            // The job reports success only here, when nothing of its temporary folder is left.
            QVERIFY(!QFile::exists(path));
            called = true;
        });
        QVERIFY(QTest::qWaitFor([&] { return called; }, 5000));
    }

    void discardLeavesNothingAtTheTarget()
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const QString target = folder.filePath(u"dump.tar.gz"_s);
        auto file = std::make_unique<QSaveFile>(target);
        QVERIFY(file->open(QIODevice::WriteOnly));
        file->write(QByteArray(1 << 20, 'x'));
        QVERIFY(file->flush());
        DiskWorker::discard(std::move(file));
        QVERIFY(!file);
        QTRY_VERIFY(QDir(folder.path()).entryList(QDir::Files | QDir::Hidden).isEmpty());
        QVERIFY(!QFile::exists(target));
    }

    void deadContextIsNotCalled()
    {
        std::atomic_bool release = false;
        auto context = std::make_unique<QObject>();
        bool called = false;
        QFuture<bool> future = DiskWorker::run(
            context.get(),
            [&release] {
                while (!release)
                    QThread::msleep(1);
                return true;
            },
            [&called](bool) { called = true; });
        context.reset();
        release = true;
        future.waitForFinished();
        // The work has ended: its answer, were it delivered, would be queued already and handled before this
        // call.
        QVERIFY(PostedEvents::handled());
        QVERIFY(!called);
    }
};

QTEST_GUILESS_MAIN(TestDiskWorker)
#include "tst_diskworker.moc"
