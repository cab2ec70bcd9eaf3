// Workspaces in the window: files dropped on a local sandbox become an upload job after a confirmation,
// drops that cannot go anywhere say why, dumps land where asked and drag out as files, and every transfer is
// in the session's ledger with the archive's sha256, size and file count.

#include "../postedevents.h"
#include "demoapp.h"
#include "emulatorprobe.h"
#include "filedrop.h"
#include "testwidgets.h"

#include "api/localsandbox.h"
#include "common/workspacedroptarget.h"
#include "ledger/ledgerworker.h"
#include "ledger/runledger.h"
#include "local/localsandboxdetailspane.h"
#include "local/localworkspaceactions.h"
#include "mainwindow/statusbarpanel.h"
#include "models/localsandboxtreemodel.h"
#include "models/transfermodel.h"
#include "session/localsandboxescontroller.h"
#include "store/sandboxstore.h"
#include "transfers/transfernotifier.h"
#include "transfers/transferspage.h"
#include "transfers/uploadconfirmdialog.h"
#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"
#include "workspace/workspacearchiver.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTreeView>
#include <QUrl>

using namespace Qt::StringLiterals;

using TestWidgets::writeFile;

class TestWorkspaceView : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<DemoApp> app;
    std::unique_ptr<QTemporaryDir> work;

    QTreeView *tree() const { return app->localPage()->view(); }
    TransferQueue *queue() const { return app->controller()->session()->transfers(); }

    // Sends a drag-enter, a move and the drop of `paths` at `position` of the tree's viewport.
    void dropOnTree(const QStringList &paths, const QPoint &position)
    {
        FileDrop::dropFiles(tree()->viewport(), paths, position);
    }

    static QString sha256Of(const QString &path)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return {};
        QCryptographicHash hash(QCryptographicHash::Sha256);
        hash.addData(&file);
        return QString::fromLatin1(hash.result().toHex());
    }

    static qint64 regularFilesUnder(const QString &folder)
    {
        qint64 files = 0;
        QDirIterator it(folder, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            it.next();
            ++files;
        }
        return files;
    }

    bool runToTheEnd(TransferJob *job)
    {
        if (!QTest::qWaitFor([job] { return job->isFinished(); }, 20000))
            return false;
        if (job->state() != TransferJob::State::Done)
            qWarning("%s", qPrintable(job->errorText()));
        return job->state() == TransferJob::State::Done;
    }

    QModelIndex sandboxRow(const QString &id) const
    {
        for (int row = 0; row < tree()->model()->rowCount(); ++row) {
            const QModelIndex index = tree()->model()->index(row, 0);
            if (index.data(LocalSandboxTreeModel::LocalSandboxIdRole).toString() == id)
                return index;
        }
        return {};
    }

private slots:
    void init()
    {
        app = std::make_unique<DemoApp>();
        work = std::make_unique<QTemporaryDir>();
        QVERIFY(app->started());
        QVERIFY(work->isValid());
        app->window()->showPage(MainWindow::LocalSandboxesView);
        QVERIFY(QTest::qWaitFor([this] { return tree()->model()->rowCount() >= 3; }, 10000));
        tree()->expandAll();
    }

    void cleanup()
    {
        app.reset();
        work.reset();
    }

    void dropOnASandboxRowStartsItsUpload()
    {
        QVERIFY(QDir().mkpath(work->filePath(u"project/src"_s)));
        writeFile(work->filePath(u"project/src/main.py"_s), "print('hello')\n");
        writeFile(work->filePath(u"project/README.md"_s), "# project\n");
        // The second sandbox, dropped on one of its server rows: the workspace is the sandbox's.
        const QString target = EmulatorProbe(app->emulator()).localSandboxIds().at(1);
        const QModelIndex row = sandboxRow(target);
        QVERIFY(row.isValid());
        const QModelIndex serverRow = tree()->model()->index(0, 0, row);
        QVERIFY(serverRow.isValid());
        dropOnTree({work->filePath(u"project"_s)}, tree()->visualRect(serverRow).center());

        QPointer<UploadConfirmDialog> dialog = app->localPage()->findChild<UploadConfirmDialog *>();
        QVERIFY(dialog);
        QCOMPARE(dialog->sandbox(), target);
        QVERIFY(QTest::qWaitFor([&] { return dialog->isCounted(); }, 5000));
        QVERIFY2(dialog->summaryText().contains(u"2 files"_s), qPrintable(dialog->summaryText()));
        QVERIFY(queue()->jobs().isEmpty()); // nothing moves before the person agrees
        dialog->uploadButton()->click();

        QCOMPARE(queue()->jobs().size(), 1);
        TransferJob *job = queue()->jobs().first();
        QCOMPARE(job->direction(), TransferJob::Direction::Upload);
        QCOMPARE(job->sandboxId(), target);
        QVERIFY(QTest::qWaitFor([job] { return job->isFinished(); }, 20000));
        QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
        // One dropped folder is the workspace itself: its contents land at the root, not under its name.
        const QStringList paths = EmulatorProbe(app->emulator()).workspacePaths(target);
        QCOMPARE(paths, (QStringList{u"README.md"_s, u"src"_s, u"src/main.py"_s}));
        QCOMPARE(EmulatorProbe(app->emulator()).workspaceFile(target, u"src/main.py"_s),
                 QByteArray("print('hello')\n"));
    }

    // The limits the server states are checked in the confirmation, before anything is packed or sent.
    void aDropPastTheServersLimitsIsRefusedInItsConfirmation()
    {
        const QString target = EmulatorProbe(app->emulator()).localSandboxIds().at(1);
        app->emulator()->setMaxWorkspaceEntries(3);
        app->window()->refreshCurrent();
        const LocalSandboxStore *store = app->window()->localSandboxesController()->store();
        QTRY_COMPARE(store->find(target) ? store->find(target)->workspaceLimits.maxEntries : -1, 3);

        QVERIFY(QDir().mkpath(work->filePath(u"four/src"_s)));
        writeFile(work->filePath(u"four/src/main.py"_s), "print('hello')\n");
        writeFile(work->filePath(u"four/a.txt"_s), "a\n");
        writeFile(work->filePath(u"four/b.txt"_s), "b\n");
        dropOnTree({work->filePath(u"four"_s)}, tree()->visualRect(sandboxRow(target)).center());
        QPointer<UploadConfirmDialog> dialog = app->localPage()->findChild<UploadConfirmDialog *>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isCounted());
        QVERIFY2(dialog->limitText().contains(u"at most 3"_s) && dialog->limitText().contains(u"holds 4"_s),
                 qPrintable(dialog->limitText()));
        const QLabel *limit = dialog->findChild<QLabel *>(u"uploadLimit"_s);
        QVERIFY(limit->isVisibleTo(dialog));
        // Shown whole: the dialog, open before the counts came, grew for the wrapped lines (seen cut at
        // 1280x780).
        QTRY_VERIFY2(
            limit->height() >= limit->heightForWidth(limit->width()),
            qPrintable(u"%1 of %2 px"_s.arg(limit->height()).arg(limit->heightForWidth(limit->width()))));
        QVERIFY(!dialog->uploadButton()->isEnabled());
        dialog->reject();
        QVERIFY(PostedEvents::handled());
        QVERIFY(queue()->jobs().isEmpty());

        // Within the limit the same confirmation offers the upload and says nothing of limits.
        QVERIFY(QDir().mkpath(work->filePath(u"three/src"_s)));
        writeFile(work->filePath(u"three/src/main.py"_s), "print('hello')\n");
        writeFile(work->filePath(u"three/a.txt"_s), "a\n");
        dropOnTree({work->filePath(u"three"_s)}, tree()->visualRect(sandboxRow(target)).center());
        dialog = app->localPage()->findChild<UploadConfirmDialog *>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isCounted());
        QCOMPARE(dialog->limitText(), QString());
        QVERIFY(dialog->uploadButton()->isEnabled());
        dialog->reject();
    }

    void cancellingTheConfirmationUploadsNothing()
    {
        writeFile(work->filePath(u"notes.txt"_s), "notes");
        const QModelIndex row = sandboxRow(EmulatorProbe(app->emulator()).localSandboxIds().first());
        dropOnTree({work->filePath(u"notes.txt"_s)}, tree()->visualRect(row).center());
        QPointer<UploadConfirmDialog> dialog = app->localPage()->findChild<UploadConfirmDialog *>();
        QVERIFY(dialog);
        dialog->reject();
        QVERIFY(PostedEvents::handled()); // what the answer queued
        QVERIFY(queue()->jobs().isEmpty());
    }

    void dropsThatCannotGoAnywhereSayWhy()
    {
        writeFile(work->filePath(u"notes.txt"_s), "notes");
        QSignalSpy messages(app->localPage(), &LocalSandboxesPage::statusMessage);
        // Below the last row: no sandbox there.
        dropOnTree({work->filePath(u"notes.txt"_s)}, QPoint(20, tree()->viewport()->height() - 5));
        QVERIFY(!messages.isEmpty());
        QVERIFY(messages.last().first().toString().contains(u"Drop on a local sandbox"_s));
        QVERIFY(!app->localPage()->findChild<UploadConfirmDialog *>());

        // A web link is not a local file.
        messages.clear();
        QMimeData mime;
        mime.setUrls({QUrl(u"https://example.com/workspace.tar.gz"_s)});
        const QPoint onRow =
            tree()->visualRect(sandboxRow(EmulatorProbe(app->emulator()).localSandboxIds().first())).center();
        // Refused at the door: Qt then delivers no drop at all.
        QDragEnterEvent enter(onRow, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(tree()->viewport(), &enter);
        QVERIFY(!enter.isAccepted());
        QVERIFY(!messages.isEmpty());
        QVERIFY(messages.last().first().toString().contains(u"from this computer"_s));
        QVERIFY(queue()->jobs().isEmpty());
    }

    void dropOnTheDetailsPaneTargetsTheShownSandbox()
    {
        writeFile(work->filePath(u"data.csv"_s), "a,b\n1,2\n");
        const QString id = EmulatorProbe(app->emulator()).localSandboxIds().at(2);
        tree()->selectionModel()->setCurrentIndex(sandboxRow(id), QItemSelectionModel::ClearAndSelect |
                                                                      QItemSelectionModel::Rows);
        QCOMPARE(app->localPage()->shownSandboxId(), id);
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(work->filePath(u"data.csv"_s))});
        QWidget *pane = app->localPage()->detailsPane();
        const QPoint centre = pane->rect().center();
        QDragEnterEvent enter(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(pane, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(centre), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(pane, &drop);
        QVERIFY(drop.isAccepted());
        QPointer<UploadConfirmDialog> dialog = app->localPage()->findChild<UploadConfirmDialog *>();
        QVERIFY(dialog);
        QCOMPARE(dialog->sandbox(), id);
        dialog->reject();
    }

    void finishedDumpDragsOutAsAFile()
    {
        // The dump URL is answered after 500 ms, so the job is certainly still running at the first check.
        auto faults = EmulatorProbe(app->emulator()).faults();
        faults.latencyMs = 500;
        app->emulator()->setFaults(faults);
        const QString seeded = EmulatorProbe(app->emulator()).localSandboxIds().first();
        const QString target = work->filePath(u"dump.tar.gz"_s);
        TransferJob *job = app->localPage()->workspaceActions()->saveDumpTo(seeded, target);
        TransfersPage *page = app->window()->transfersPage();
        const QModelIndex row = page->model()->index(0, 0);
        // Not finished yet: nothing to drag.
        QVERIFY(!job->isFinished());
        QVERIFY(!(page->model()->flags(row) & Qt::ItemIsDragEnabled));
        QCOMPARE(page->model()->mimeData({row}), nullptr);
        QVERIFY(QTest::qWaitFor([job] { return job->isFinished(); }, 20000));
        QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
        QVERIFY(QFile::exists(target));
        std::unique_ptr<QMimeData> mime(page->model()->mimeData({row}));
        QVERIFY(mime);
        QCOMPARE(mime->urls(), QList<QUrl>{QUrl::fromLocalFile(target)});
        QVERIFY(page->model()->flags(row) & Qt::ItemIsDragEnabled);
    }

    void statusBarShowsTransfersInFlight()
    {
        auto faults = EmulatorProbe(app->emulator()).faults();
        faults.latencyMs = 400;
        app->emulator()->setFaults(faults);
        auto *indicator = app->window()->statusPanel()->transfersIndicator();
        QVERIFY(!indicator->isVisible());
        TransferJob *job = app->localPage()->workspaceActions()->extractDumpTo(
            EmulatorProbe(app->emulator()).localSandboxIds().first(), work->filePath(u"extracted"_s));
        QVERIFY(QTest::qWaitFor([indicator] { return indicator->isVisible(); }, 5000));
        QVERIFY(qobject_cast<QLabel *>(indicator)->text().contains(u"1 transfer running"_s));
        QVERIFY(QTest::qWaitFor([job] { return job->isFinished(); }, 20000));
        QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
        QVERIFY(QTest::qWaitFor([indicator] { return !indicator->isVisible(); }, 5000));
        QVERIFY(QDir(work->filePath(u"extracted"_s)).exists());
        // Clicking the indicator shows the Transfers view.
        emit app->window()->statusPanel()->transfersClicked();
        QCOMPARE(app->window()->currentPage(), MainWindow::TransfersView);
    }

    void theUploadConfirmationSaysWhatHappensAndWarnsWhenIdle()
    {
        writeFile(work->filePath(u"notes.txt"_s), "notes\n");
        const LocalSandboxTreeModel *model = app->window()->localSandboxesController()->model();
        QString idle, occupied;
        for (const QString &id : EmulatorProbe(app->emulator()).localSandboxIds()) {
            const LocalSandbox *sandbox = model->sandboxById(id);
            QVERIFY(sandbox);
            (sandbox->status == u"idle"_s ? idle : occupied) = id;
        }
        QVERIFY2(!idle.isEmpty() && !occupied.isEmpty(),
                 "the demo has an idle and an occupied local sandbox");
        for (const QString &id : {occupied, idle}) {
            app->localPage()->workspaceActions()->confirmUpload(id, {work->filePath(u"notes.txt"_s)});
            QPointer<UploadConfirmDialog> dialog = app->localPage()->findChild<UploadConfirmDialog *>();
            QVERIFY(dialog);
            // The emulator, like the provider, unpacks over the workspace: nothing already there is deleted.
            QVERIFY2(dialog->effectText().contains(u"merged into the workspace"_s) &&
                         dialog->effectText().contains(u"same path is replaced"_s),
                     qPrintable(dialog->effectText()));
            const QLabel *warning = dialog->findChild<QLabel *>(u"uploadWarning"_s);
            QVERIFY(warning);
            QCOMPARE(warning->isVisibleTo(dialog), id == idle);
            if (id == idle)
                QVERIFY2(dialog->warningText().contains(u"not acquired"_s),
                         qPrintable(dialog->warningText()));
            delete dialog;
        }
    }

    void extractRefusesAFullFolderOrAsks()
    {
        LocalWorkspaceActions *actions = app->localPage()->workspaceActions();
        const QString seeded = EmulatorProbe(app->emulator()).localSandboxIds().first();
        writeFile(work->filePath(u"existing.txt"_s), "mine");
        // As the CLI: never mixed in. The job refuses it (ExtractStaging::targetProblem) and touches nothing.
        TransferJob *refused = actions->extractDumpTo(seeded, work->path());
        QVERIFY(refused);
        QTRY_COMPARE(refused->state(), TransferJob::State::Failed);
        QCOMPARE(refused->failureKind(), TransferJob::FailureKind::Policy);
        QVERIFY2(refused->errorText().contains(u"is not empty"_s), qPrintable(refused->errorText()));
        QCOMPARE(QDir(work->path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList({u"existing.txt"_s}));

        // Asked: a new folder inside it, another choice, or nothing.
        bool again = false;
        answerNextDialog<QMessageBox>([](QMessageBox *box) {
            QVERIFY(box->text().contains(u"is not empty"_s));
            box->findChild<QPushButton *>(u"extractIntoNewFolder"_s)->click();
        });
        const QString inside = actions->confirmExtractTarget(seeded, work->path(), &again);
        QCOMPARE(inside, LocalWorkspaceActions::extractionFolder(work->path(), seeded));
        QVERIFY(!again);
        answerNextDialog<QMessageBox>(
            [](QMessageBox *box) { box->findChild<QPushButton *>(u"chooseAnotherFolder"_s)->click(); });
        QCOMPARE(actions->confirmExtractTarget(seeded, work->path(), &again), QString());
        QVERIFY(again);
        // An empty or new folder needs no question.
        QCOMPARE(actions->confirmExtractTarget(seeded, work->filePath(u"new"_s), &again),
                 work->filePath(u"new"_s));
        QVERIFY(!again);

        // A link to an empty folder is refused (the files would land where it points), and no folder inside
        // it is offered: only another choice.
        QVERIFY(QDir().mkpath(work->filePath(u"empty-elsewhere"_s)));
        QVERIFY(QFile::link(work->filePath(u"empty-elsewhere"_s), work->filePath(u"link"_s)));
        bool offeredInside = true;
        answerNextDialog<QMessageBox>([&offeredInside](QMessageBox *box) {
            QVERIFY2(box->text().contains(u"not a folder"_s), qPrintable(box->text()));
            offeredInside = box->findChild<QPushButton *>(u"extractIntoNewFolder"_s) != nullptr;
            box->findChild<QPushButton *>(u"chooseAnotherFolder"_s)->click();
        });
        QCOMPARE(actions->confirmExtractTarget(seeded, work->filePath(u"link"_s), &again), QString());
        QVERIFY(again);
        QVERIFY(!offeredInside);
    }

    void aFolderCreatedInTheDialogIsExtractedInto()
    {
        const QString seeded = EmulatorProbe(app->emulator()).localSandboxIds().first();
        const QString created = work->filePath(u"created-in-dialog"_s);
        // What the dialog's "Create New Folder" does: an empty folder on disk, then chosen.
        answerNextDialog<QFileDialog>([created](QFileDialog *dialog) {
            QVERIFY(QDir().mkpath(created));
            dialog->setDirectory(created);
            static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept(), as the Choose button
        });
        app->localPage()->workspaceActions()->chooseExtractFolder(seeded);
        QCOMPARE(queue()->jobs().size(), 1);
        TransferJob *job = queue()->jobs().first();
        QVERIFY(QTest::qWaitFor([job] { return job->isFinished(); }, 20000));
        QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
        QCOMPARE(QFileInfo(job->resultPath()).absoluteFilePath(), QFileInfo(created).absoluteFilePath());
        QVERIFY(!QDir(created).isEmpty());
    }

    void transfersAreInTheLedgerWithWhatTheyMoved()
    {
        const QString target = EmulatorProbe(app->emulator()).localSandboxIds().at(1);
        const QString folder = work->filePath(u"ledger-project"_s);
        QVERIFY(QDir().mkpath(folder + u"/sub"_s));
        writeFile(folder + u"/a.txt"_s, "alpha\n");
        writeFile(folder + u"/sub/b.txt"_s, "beta\n");
        writeFile(folder + u"/sub/c.txt"_s, "gamma\n");

        // A folder is packed; its archive is gone after the upload, but packing is reproducible: the same
        // folder packed here gives the bytes that were sent.
        TransferJob *packed = queue()->enqueueUpload(target, {folder});
        QVERIFY(runToTheEnd(packed));
        const QString expected = work->filePath(u"expected.tar.gz"_s);
        std::atomic_bool stop = false;
        QVERIFY(WorkspaceArchiver::pack({folder}, expected, 1, stop, {}).ok);
        const QString packedSha = sha256Of(expected);
        QCOMPARE(packedSha.size(), 64);
        QCOMPARE(packed->sha256(), packedSha);
        QCOMPARE(packed->archiveBytes(), QFileInfo(expected).size());
        QCOMPARE(packed->fileCount(), 3);

        // A .tar.gz is sent as it is: hashed and counted on a worker.
        TransferJob *dropped = queue()->enqueueUpload(target, {expected});
        QVERIFY(runToTheEnd(dropped));
        QCOMPARE(dropped->sha256(), packedSha);
        QCOMPARE(dropped->fileCount(), 3);

        // A saved dump is hashed as it arrives and counted by a header walk; an extracted one counts what
        // its extraction wrote.
        const QString saved = work->filePath(u"dump.tar.gz"_s);
        TransferJob *save = queue()->enqueueDump(target, DumpJob::Mode::SaveArchive, saved);
        QVERIFY(runToTheEnd(save));
        const QString extracted = work->filePath(u"extracted"_s);
        TransferJob *extract = queue()->enqueueDump(target, DumpJob::Mode::Extract, extracted);
        QVERIFY(runToTheEnd(extract));
        const qint64 inWorkspace = regularFilesUnder(extracted);
        QVERIFY2(inWorkspace >= 3, qPrintable(QString::number(inWorkspace)));
        QCOMPARE(save->sha256(), sha256Of(saved));
        QCOMPARE(save->archiveBytes(), QFileInfo(saved).size());
        QCOMPARE(save->fileCount(), inWorkspace);
        QCOMPARE(extract->sha256().size(), 64);
        QVERIFY(extract->archiveBytes() > 0);
        QCOMPARE(extract->fileCount(), inWorkspace);
        // What the status bar says of each: a saved archive was downloaded, an extraction extracted.
        QCOMPARE(TransferNotifier::summary(save), u"Downloaded the dump of %1 to %2."_s.arg(target, saved));
        QCOMPARE(TransferNotifier::summary(extract),
                 u"Extracted the dump of %1 into %2."_s.arg(target, extracted));

        // The ledger has the four, in order, each with its intent closed and what it moved.
        AppSession *session = app->controller()->session();
        session->ledger()->flush();
        RunLedger reader;
        QVERIFY(reader.open(session->ledgerPath()).ok());
        QList<LedgerOperation> transfers;
        for (qint64 id = 1;; ++id) {
            const auto operation = reader.operation(id);
            if (!operation)
                break;
            if (operation->kind == LedgerOperationKind::Upload ||
                operation->kind == LedgerOperationKind::Dump)
                transfers.append(operation.value());
        }
        QCOMPARE(transfers.size(), 4);
        const QList<std::tuple<LedgerOperationKind, QString, qint64, qint64>> expectedFacts{
            {LedgerOperationKind::Upload, packedSha, QFileInfo(expected).size(), 3},
            {LedgerOperationKind::Upload, packedSha, QFileInfo(expected).size(), 3},
            {LedgerOperationKind::Dump, sha256Of(saved), QFileInfo(saved).size(), inWorkspace},
            {LedgerOperationKind::Dump, extract->sha256(), extract->archiveBytes(), inWorkspace}};
        for (qsizetype i = 0; i < transfers.size(); ++i) {
            const LedgerOperation &operation = transfers[i];
            QCOMPARE(operation.kind, std::get<0>(expectedFacts[i]));
            QCOMPARE(operation.provider, LedgerProvider::KlavisLocal);
            QCOMPARE(operation.sandboxId, target);
            QCOMPARE(operation.state, LedgerOperationState::Succeeded);
            QVERIFY(operation.transfer.has_value());
            QCOMPARE(operation.transfer->sha256, std::get<1>(expectedFacts[i]));
            QCOMPARE(operation.transfer->bytes, std::get<2>(expectedFacts[i]));
            QCOMPARE(operation.transfer->fileCount, std::get<3>(expectedFacts[i]));
        }
        QCOMPARE(transfers[0].transfer->localFileName, u"ledger-project"_s);
        QCOMPARE(transfers[2].transfer->localFileName, u"dump.tar.gz"_s);
        QVERIFY(reader.openIntents()->isEmpty());
    }

    void extractionNeverMixesIntoAFullFolder()
    {
        writeFile(work->filePath(u"existing.txt"_s), "mine");
        const QString chosen = LocalWorkspaceActions::extractionFolder(work->path(), u"20a9b893-0eae-4fb8"_s);
        QCOMPARE(chosen, work->filePath(u"workspace-20a9b893"_s));
        QVERIFY(QDir().mkpath(chosen));
        QCOMPARE(LocalWorkspaceActions::extractionFolder(work->path(), u"20a9b893-0eae-4fb8"_s),
                 work->filePath(u"workspace-20a9b893-2"_s));
    }
};

QTEST_MAIN(TestWorkspaceView)
#include "tst_workspaceview.moc"
