// Workspaces on Blaxel in the window, against the in-process demo emulator (workspace `demo`) over real HTTP:
// a folder dropped on a Blaxel row becomes an upload after the confirmation, runs in the Transfers view and
// lands in the sandbox's working directory (read back through a dump); a dump saved as a .tar.gz; a sandbox
// that is not DEPLOYED refused with words; a cancel mid-way; the workspace verbs on the Blaxel view.

#include "blaxelrows.h"
#include "demoapp.h"
#include "filedrop.h"
#include "testwidgets.h"

#include "api/blaxelsandboxservice.h"
#include "blaxel/blaxelsandboxespage.h"
#include "common/workspacedroptarget.h"
#include "models/blaxelsandboxlistmodel.h"
#include "models/transfermodel.h"
#include "session/blaxelsandboxescontroller.h"
#include "session/refreshscheduler.h"
#include "transfers/transferspage.h"
#include "transfers/uploadconfirmdialog.h"
#include "transfers/workspaceactions.h"
#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"
#include "workspace/workspacearchiver.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>

using namespace Qt::StringLiterals;

using TestWidgets::writeFile;

class TestBlaxelWorkspaceView : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<DemoApp> app;
    std::unique_ptr<QTemporaryDir> work;

    BlaxelSandboxesPage *page() const { return app->window()->blaxelSandboxesPage(); }
    QTableView *table() const { return page()->view(); }
    TransferQueue *queue() const { return app->controller()->session()->transfers(); }

    QModelIndex rowOf(const QString &name) const { return BlaxelRows::find(table(), name); }

    void select(const QString &name)
    {
        const QModelIndex index = rowOf(name);
        QVERIFY2(index.isValid(), qPrintable(name));
        table()->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                              QItemSelectionModel::Rows);
    }

    // Drops `paths` on the row of `name` and answers the confirmation with Upload; the queued job.
    TransferJob *dropAndConfirm(const QStringList &paths, const QString &name)
    {
        const QModelIndex index = rowOf(name);
        if (!index.isValid())
            return nullptr;
        const int before = int(queue()->jobs().size());
        FileDrop::dropFiles(table()->viewport(), paths, table()->visualRect(index).center());
        QPointer<UploadConfirmDialog> dialog = page()->findChild<UploadConfirmDialog *>();
        if (!dialog || dialog->sandbox() != name)
            return nullptr;
        if (!QTest::qWaitFor([&] { return dialog->isCounted(); }, 10000))
            return nullptr;
        if (queue()->jobs().size() != before) // nothing moves before the person agrees
            return nullptr;
        dialog->uploadButton()->click();
        return queue()->jobs().size() == before + 1 ? queue()->jobs().last() : nullptr;
    }

    static bool waitDone(TransferJob *job, int timeoutMs = 60000)
    {
        return QTest::qWaitFor([job] { return job->isFinished(); }, timeoutMs);
    }

    static QByteArray readAll(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
    }

private slots:
    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        app->window()->scheduler()->setIntervalSeconds(0); // the tests refresh by hand
        app->window()->showPage(MainWindow::BlaxelSandboxesView);
        QVERIFY(QTest::qWaitFor([this] { return table()->model()->rowCount() > 0; }, 10000));
        work = std::make_unique<QTemporaryDir>();
        QVERIFY(work->isValid());
    }

    void cleanup()
    {
        app.reset();
        work.reset();
    }

    void dropOnARowUploadsIntoItsWorkingDirectory()
    {
        QVERIFY(QDir().mkpath(work->filePath(u"project/src"_s)));
        writeFile(work->filePath(u"project/src/main.py"_s), "print('hello')\n");
        writeFile(work->filePath(u"project/README.md"_s), "# project\n");
        QSignalSpy messages(page(), &BlaxelSandboxesPage::statusMessage);

        const QModelIndex index = rowOf(u"scratch"_s);
        QVERIFY(index.isValid());
        FileDrop::dropFiles(table()->viewport(), {work->filePath(u"project"_s)},
                            table()->visualRect(index).center());
        QPointer<UploadConfirmDialog> dialog = page()->findChild<UploadConfirmDialog *>();
        QVERIFY(dialog);
        // Blaxel's words: the working directory of the named sandbox, no idle warning of Klavis.
        auto *question = dialog->findChild<QLabel *>(u"uploadQuestion"_s);
        QVERIFY(question);
        QCOMPARE(question->text(), u"Upload into the working directory of Blaxel sandbox <b>scratch</b>?"_s);
        QVERIFY(dialog->effectText().contains(u"working directory"_s));
        QVERIFY(!dialog->effectText().contains(u"Reset"_s));
        QVERIFY(dialog->warningText().isEmpty());
        QVERIFY(QTest::qWaitFor([&] { return dialog->isCounted(); }, 10000));
        QVERIFY2(dialog->summaryText().contains(u"2 files"_s), qPrintable(dialog->summaryText()));
        QVERIFY(queue()->jobs().isEmpty());
        dialog->uploadButton()->click();

        QCOMPARE(queue()->jobs().size(), 1);
        TransferJob *job = queue()->jobs().first();
        QCOMPARE(job->direction(), TransferJob::Direction::Upload);
        QCOMPARE(job->sandboxId(), u"scratch"_s);
        QVERIFY(!messages.isEmpty());
        QVERIFY2(messages.last().first().toString().contains(u"to Blaxel sandbox scratch"_s),
                 qPrintable(messages.last().first().toString()));
        // The Transfers view has its row.
        TransfersPage *transfers = app->window()->transfersPage();
        QCOMPARE(transfers->model()->rowCount(), 1);
        QCOMPARE(transfers->model()->index(0, TransferModel::SandboxColumn).data().toString(), u"scratch"_s);
        QVERIFY(waitDone(job));
        QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
        QCOMPARE(job->overallFraction(), 1.0);
        // The status bar says where it went: a Blaxel sandbox, as when it began (it once said "local").
        QTRY_COMPARE_WITH_TIMEOUT(app->window()->statusBar()->currentMessage(),
                                  u"Uploaded %1 to Blaxel sandbox scratch."_s.arg(job->name()), 5000);

        // One dropped folder is the workspace itself: its contents land in the working directory. Read back
        // through the sandbox's own API: the dump of its working directory, extracted here.
        const QString extracted = work->filePath(u"extracted"_s);
        TransferJob *dump = page()->workspaceActions()->extractDumpTo(u"scratch"_s, extracted);
        QVERIFY(dump);
        QCOMPARE(queue()->jobs().size(), 2);
        QCOMPARE(dump->direction(), TransferJob::Direction::Download);
        QVERIFY(waitDone(dump));
        QVERIFY2(dump->state() == TransferJob::State::Done, qPrintable(dump->errorText()));
        QCOMPARE(readAll(extracted + u"/src/main.py"_s), QByteArray("print('hello')\n"));
        QCOMPARE(readAll(extracted + u"/README.md"_s), QByteArray("# project\n"));
    }

    void saveDumpWritesAnArchive()
    {
        select(u"research-notebook"_s);
        // The verbs are shown and enabled on the Blaxel view with one sandbox selected.
        for (const auto &name : {u"uploadWorkspace"_s, u"saveDump"_s, u"extractDump"_s}) {
            QVERIFY2(app->window()->action(name)->isVisible(), qPrintable(name));
            QVERIFY2(app->window()->action(name)->isEnabled(), qPrintable(name));
        }
        const QString target = work->filePath(u"notebook.tar.gz"_s);
        TransferJob *job = page()->workspaceActions()->saveDumpTo(u"research-notebook"_s, target);
        QVERIFY(job);
        QVERIFY(waitDone(job));
        QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
        QString why;
        QVERIFY2(WorkspaceArchiver::isGzipTar(target, &why), qPrintable(why));
        // The seeded README is in it.
        const QString extracted = work->filePath(u"again"_s);
        TransferJob *extract = page()->workspaceActions()->extractDumpTo(u"research-notebook"_s, extracted);
        QVERIFY(waitDone(extract));
        QVERIFY2(extract->state() == TransferJob::State::Done, qPrintable(extract->errorText()));
        QVERIFY(readAll(extracted + u"/README.md"_s).startsWith("# Research notebook"));
        // Extracting again into the same, now full, folder: the job refuses it (the GUI asks first).
        TransferJob *refused = page()->workspaceActions()->extractDumpTo(u"research-notebook"_s, extracted);
        QVERIFY(waitDone(refused));
        QCOMPARE(refused->state(), TransferJob::State::Failed);
    }

    void extractAsksAboutAFullFolderAsOnLocal()
    {
        writeFile(work->filePath(u"already.txt"_s), "here");
        bool chooseAgain = true;
        answerNextDialog<QMessageBox>([](QMessageBox *box) {
            auto *inside = box->findChild<QPushButton *>(u"extractIntoNewFolder"_s);
            QVERIFY(inside);
            inside->click();
        });
        const QString target =
            page()->workspaceActions()->confirmExtractTarget(u"web-preview"_s, work->path(), &chooseAgain);
        QVERIFY(!chooseAgain);
        // A fresh folder inside, named after the whole Blaxel name.
        QCOMPARE(target, work->filePath(u"workspace-web-preview"_s));
        QCOMPARE(WorkspaceActions::extractionFolder(work->path(), u"web-preview"_s), target);
        // No selection: the verbs are shown but cannot apply.
        table()->clearSelection();
        QVERIFY(app->window()->action(u"uploadWorkspace"_s)->isVisible());
        QVERIFY(!app->window()->action(u"uploadWorkspace"_s)->isEnabled());
        QVERIFY(!app->window()->action(u"extractDump"_s)->isEnabled());
    }

    void uploadOnASandboxNotUsableIsRefused()
    {
        writeFile(work->filePath(u"notes.txt"_s), "notes");
        QSignalSpy messages(page(), &BlaxelSandboxesPage::statusMessage);
        QString refusal;
        answerNextDialog<QMessageBox>([&refusal](QMessageBox *box) {
            refusal = box->text();
            box->accept();
        });
        const QModelIndex index = rowOf(u"broken-image"_s);
        QVERIFY(index.isValid());
        FileDrop::dropFiles(table()->viewport(), {work->filePath(u"notes.txt"_s)},
                            table()->visualRect(index).center());
        QVERIFY(QTest::qWaitFor([&] { return !refusal.isEmpty(); }, 5000));
        QVERIFY2(refusal.contains(u"broken-image is FAILED"_s), qPrintable(refusal));
        QVERIFY(refusal.contains(u"only a DEPLOYED sandbox"_s));
        QVERIFY(!page()->findChild<UploadConfirmDialog *>());
        QVERIFY(queue()->jobs().isEmpty());
        QVERIFY(!messages.isEmpty());

        // The same from the action, and for the dumps.
        select(u"data-pipeline"_s);
        messages.clear();
        app->window()->action(u"saveDump"_s)->trigger();
        QVERIFY(!messages.isEmpty());
        QVERIFY2(messages.last().first().toString().contains(u"data-pipeline is DEPLOYING"_s),
                 qPrintable(messages.last().first().toString()));
        QVERIFY(queue()->jobs().isEmpty());
    }

    void dropsThatCannotGoAnywhereSayWhy()
    {
        writeFile(work->filePath(u"notes.txt"_s), "notes");
        QSignalSpy messages(page(), &BlaxelSandboxesPage::statusMessage);
        FileDrop::dropFiles(table()->viewport(), {work->filePath(u"notes.txt"_s)},
                            QPoint(20, table()->viewport()->height() - 3));
        QVERIFY(!messages.isEmpty());
        QVERIFY2(messages.last().first().toString().contains(u"Drop on a Blaxel sandbox"_s),
                 qPrintable(messages.last().first().toString()));
        QVERIFY(!page()->findChild<UploadConfirmDialog *>());
    }

    void cancelMidwayStopsTheUpload()
    {
        // Incompressible, so that the upload takes long enough to be caught in the act.
        QByteArray blob(32 * 1024 * 1024, Qt::Uninitialized);
        QRandomGenerator generator(20261124);
        generator.fillRange(reinterpret_cast<quint32 *>(blob.data()), blob.size() / int(sizeof(quint32)));
        QVERIFY(QDir().mkpath(work->filePath(u"big"_s)));
        writeFile(work->filePath(u"big/blob.bin"_s), blob);
        TransferJob *job = dropAndConfirm({work->filePath(u"big"_s)}, u"scratch"_s);
        QVERIFY(job);
        QVERIFY(QTest::qWaitFor(
            [job] { return job->state() == TransferJob::State::Uploading || job->isFinished(); }, 60000));
        QCOMPARE(job->state(), TransferJob::State::Uploading);
        // Cancel from the Transfers view, as a person does.
        app->window()->showPage(MainWindow::TransfersView);
        TransfersPage *transfers = app->window()->transfersPage();
        transfers->view()->selectionModel()->setCurrentIndex(
            transfers->model()->index(0, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QVERIFY(transfers->cancelAction()->isEnabled());
        transfers->cancelAction()->trigger();
        QVERIFY(waitDone(job));
        QCOMPARE(job->state(), TransferJob::State::Cancelled);

        // Nothing of it landed: a dump of the working directory has no blob.
        app->window()->showPage(MainWindow::BlaxelSandboxesView);
        const QString extracted = work->filePath(u"after"_s);
        TransferJob *dump = page()->workspaceActions()->extractDumpTo(u"scratch"_s, extracted);
        QVERIFY(waitDone(dump));
        QVERIFY2(dump->state() == TransferJob::State::Done, qPrintable(dump->errorText()));
        QVERIFY(!QFileInfo::exists(extracted + u"/blob.bin"_s));

        // Retry from the Transfers view: the fresh job takes over the files client of the one it replaces,
        // which goes, and runs to the end.
        app->window()->showPage(MainWindow::TransfersView);
        transfers->view()->selectionModel()->setCurrentIndex(
            transfers->model()->index(0, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QVERIFY(transfers->retryAction()->isEnabled());
        const QPointer<TransferJob> replaced(job);
        transfers->retryAction()->trigger();
        TransferJob *retried = queue()->jobs().first();
        QVERIFY(retried != job);
        QTRY_VERIFY(replaced.isNull());
        QVERIFY(waitDone(retried, 120000));
        QVERIFY2(retried->state() == TransferJob::State::Done, qPrintable(retried->errorText()));
        app->window()->showPage(MainWindow::BlaxelSandboxesView);
        const QString again = work->filePath(u"again"_s);
        TransferJob *second = page()->workspaceActions()->extractDumpTo(u"scratch"_s, again);
        QVERIFY(waitDone(second));
        QVERIFY2(second->state() == TransferJob::State::Done, qPrintable(second->errorText()));
        QCOMPARE(QFileInfo(again + u"/blob.bin"_s).size(), qint64(blob.size()));
    }
};

QTEST_MAIN(TestBlaxelWorkspaceView)
#include "tst_blaxelworkspaceview.moc"
