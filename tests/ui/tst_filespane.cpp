// The Files tab of a Blaxel sandbox, driven as a person drives it against the in-process demo emulator: the
// tree opened folder by folder, a file shown with line numbers, edited and saved; a save that finds the file
// changed by someone else asks before it overwrites; a folder made, renamed and deleted; find by name and by
// content; a file another writer makes appears by itself (the watch stream); images and binary files; another
// sandbox starts over; a hidden tab watches nothing. The other writer is a second client of the sandbox's
// API.

#include "blaxelrows.h"
#include "demoapp.h"
#include "filedrop.h"

#include "api/blaxelfilecontent.h"
#include "api/blaxelsandboxfiles.h"
#include "blaxel/blaxelsandboxespage.h"
#include "common/linenumberedit.h"
#include "files/filepreview.h"
#include "files/filesearchpanel.h"
#include "files/filespane.h"
#include "files/filetransferactions.h"
#include "files/filetreeview.h"
#include "models/blaxelfiletreemodel.h"
#include "session/appsession.h"
#include "session/blaxelsandboxescontroller.h"
#include "session/filebrowser.h"
#include "session/filecontroller.h"
#include "session/filedragout.h"
#include "workspace/blaxeldumpjob.h"
#include "workspace/blaxeluploadjob.h"
#include "workspace/transferqueue.h"

#include <QApplication>
#include <QBuffer>
#include <QImage>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QMouseEvent>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>
#include <QTreeWidget>

using namespace Qt::StringLiterals;

class TestFilesPane : public QObject
{
    Q_OBJECT

    std::unique_ptr<DemoApp> app;
    std::unique_ptr<BlaxelSandboxFiles> other; // another writer in the same sandbox

    BlaxelSandboxesPage *page() const { return app->window()->blaxelSandboxesPage(); }
    FilesPane *pane() const { return page()->filesPane(); }
    BlaxelFileTreeModel *tree() const { return pane()->browser()->model(); }
    QPushButton *button(const QString &name) const { return pane()->findChild<QPushButton *>(name); }

    // The Files tab of `sandbox`, its working folder (the tree's root) listed.
    bool showFilesOf(const QString &sandbox)
    {
        if (!BlaxelRows::selectOnly(page()->view(), sandbox))
            return false;
        page()->sideTabs()->setCurrentWidget(pane());
        return QTest::qWaitFor([this] { return pane()->browser() && tree()->isListed(u"/blaxel"_s); }, 10000);
    }

    void connectOther(const QString &sandbox)
    {
        const BlaxelSandbox *stored = app->window()->blaxelSandboxesController()->store()->find(sandbox);
        QVERIFY(stored);
        other.reset(app->controller()->session()->blaxelSandboxFiles(sandbox, stored->url, nullptr));
        QVERIFY(other);
    }

    // What the other writer's calls answer, waited for.
    template <typename T, typename Call> T waitFor(Call call)
    {
        std::optional<ApiResult<T>> answer;
        call([&](const ApiResult<T> &result) { answer = result; });
        if (!QTest::qWaitFor([&] { return answer.has_value(); }, 10000) || !*answer) {
            qWarning() << (answer ? answer->error().fullText() : u"no answer"_s);
            return T{};
        }
        return answer->value();
    }

    qint64 writeElsewhere(const QString &path, const QByteArray &bytes)
    {
        BlaxelFileContent content(other.get());
        return waitFor<qint64>([&](auto done) { content.write(path, bytes, this, done); });
    }

    QByteArray readElsewhere(const QString &path)
    {
        BlaxelFileContent content(other.get());
        return waitFor<BlaxelFileBytes>([&](auto done) { content.read(path, 1 << 20, this, done); }).bytes;
    }

    static void onNextDialog(const std::function<void(QWidget *)> &act)
    {
        answerNextDialog<QWidget>(act, 30000);
    }

    void typeIntoNextInput(const QString &text)
    {
        onNextDialog([text](QWidget *modal) {
            auto *input = qobject_cast<QInputDialog *>(modal);
            QVERIFY(input);
            input->setTextValue(text);
            input->accept();
        });
    }

    bool select(const QString &path)
    {
        if (!QTest::qWaitFor([&] { return tree()->indexOfPath(path).isValid(); }, 10000))
            return false;
        pane()->view()->setCurrentIndex(tree()->indexOfPath(path));
        return true;
    }

    QString editorText() const { return pane()->preview()->editor()->toPlainText(); }

    // The centre of `path`'s row in the tree's viewport, once the row is there.
    QPoint rowCentre(const QString &path)
    {
        if (!QTest::qWaitFor([&] { return tree()->indexOfPath(path).isValid(); }, 10000))
            return {};
        const QModelIndex index = tree()->indexOfPath(path);
        pane()->view()->scrollTo(index);
        return pane()->view()->visualRect(index).center();
    }

    // A folder of the tree opened and listed.
    bool openFolder(const QString &path)
    {
        if (!QTest::qWaitFor([&] { return tree()->indexOfPath(path).isValid(); }, 10000))
            return false;
        pane()->view()->expand(tree()->indexOfPath(path));
        return QTest::qWaitFor([&] { return tree()->isListed(path); }, 10000);
    }

    static bool writeLocal(const QString &path, const QByteArray &bytes)
    {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
    }

    BlaxelUploadJob *lastUpload() const
    {
        const QList<TransferJob *> jobs = app->controller()->session()->transfers()->jobs();
        return jobs.isEmpty() ? nullptr : qobject_cast<BlaxelUploadJob *>(jobs.constLast());
    }

    // Replaces the text as typing does (setPlainText would leave the document unmodified).
    void typeOver(const QString &text)
    {
        LineNumberEdit *editor = pane()->preview()->editor();
        editor->selectAll();
        editor->insertPlainText(text);
    }

private Q_SLOTS:
    // The drag folders go to a cache of the test's own, not the person's.
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        QVERIFY(app->showBlaxelSandboxes());
        connectOther(u"research-notebook"_s);
    }
    void cleanup()
    {
        other.reset();
        app.reset();
    }

    void opensEditsAndSavesAFile()
    {
        writeElsewhere(u"/blaxel/notes.txt"_s, "first line\nsecond line\n");
        QVERIFY(showFilesOf(u"research-notebook"_s));
        QVERIFY(pane()->findChild<QLabel *>(u"filesNotice"_s)->text().contains(u"this machine"_s));
        QVERIFY(select(u"/blaxel/notes.txt"_s));
        QTRY_COMPARE_WITH_TIMEOUT(editorText(), u"first line\nsecond line\n"_s, 10000);
        QVERIFY(!pane()->preview()->saveButton()->isEnabled());
        QVERIFY(!pane()->preview()->editor()->isReadOnly());

        pane()->preview()->editor()->moveCursor(QTextCursor::End);
        pane()->preview()->editor()->insertPlainText(u"third line, typed\n"_s);
        QVERIFY(pane()->preview()->saveButton()->isEnabled());
        pane()->preview()->saveButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(pane()->stateLabel()->text().startsWith(u"Saved /blaxel/notes.txt"_s),
                                 10000);
        QCOMPARE(readElsewhere(u"/blaxel/notes.txt"_s), "first line\nsecond line\nthird line, typed\n");
        QVERIFY(!pane()->preview()->saveButton()->isEnabled());

        // The tree starts where the sandbox's work is; the whole filesystem is a path away.
        auto *root = pane()->findChild<QLineEdit *>(u"filesRootEdit"_s);
        QCOMPARE(root->text(), u"/blaxel"_s);
        root->setText(u"/"_s);
        QTest::keyClick(root, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(tree()->isListed(u"/"_s), 10000);
        QVERIFY(tree()->isFolder(tree()->indexOfPath(u"/blaxel"_s)));
        QVERIFY(!tree()->isListed(u"/blaxel"_s));
    }

    void aFileChangedMeanwhileIsNotOverwrittenUnseen()
    {
        writeElsewhere(u"/blaxel/shared.txt"_s, "original\n");
        QVERIFY(showFilesOf(u"research-notebook"_s));
        // Not followed: the change below must be found by the save itself.
        pane()->browser()->setActive(false);
        QVERIFY(select(u"/blaxel/shared.txt"_s));
        QTRY_COMPARE_WITH_TIMEOUT(editorText(), u"original\n"_s, 10000);
        typeOver(u"mine\n"_s);
        writeElsewhere(u"/blaxel/shared.txt"_s, "theirs\n");

        // Cancel: nothing is written, and the text stays to be saved.
        bool asked = false;
        onNextDialog([&](QWidget *modal) {
            auto *box = qobject_cast<QMessageBox *>(modal);
            QVERIFY(box);
            QVERIFY(box->text().contains(u"changed in the sandbox"_s));
            asked = true;
            box->button(QMessageBox::Cancel)->click();
        });
        pane()->preview()->saveButton()->click();
        QTRY_VERIFY2_WITH_TIMEOUT(asked, qPrintable(pane()->stateLabel()->text()), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(pane()->stateLabel()->text().startsWith(u"Not saved"_s), 10000);
        QCOMPARE(readElsewhere(u"/blaxel/shared.txt"_s), "theirs\n");
        QCOMPARE(editorText(), u"mine\n"_s);

        // Reload: what the sandbox holds now, and the changes dropped.
        onNextDialog([](QWidget *modal) {
            auto *box = qobject_cast<QMessageBox *>(modal);
            QVERIFY(box);
            for (QAbstractButton *b : box->buttons())
                if (b->text().remove(u'&') == u"Reload"_s)
                    b->click();
        });
        pane()->preview()->saveButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(editorText(), u"theirs\n"_s, 10000);
        QVERIFY(!pane()->preview()->isModified());

        // Overwrite: written although it changed.
        typeOver(u"mine again\n"_s);
        writeElsewhere(u"/blaxel/shared.txt"_s, "theirs again\n");
        onNextDialog([](QWidget *modal) {
            auto *box = qobject_cast<QMessageBox *>(modal);
            QVERIFY(box);
            for (QAbstractButton *b : box->buttons())
                if (b->text().remove(u'&') == u"Overwrite"_s)
                    b->click();
        });
        pane()->preview()->saveButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(pane()->stateLabel()->text().startsWith(u"Saved /blaxel/shared.txt"_s),
                                 10000);
        QCOMPARE(readElsewhere(u"/blaxel/shared.txt"_s), "mine again\n");
    }

    void makesRenamesAndDeletesAFolder()
    {
        QVERIFY(showFilesOf(u"research-notebook"_s));
        typeIntoNextInput(u"made here"_s);
        button(u"newFolderButton"_s)->click();
        QVERIFY(select(u"/blaxel/made here"_s));
        QVERIFY(tree()->isFolder(tree()->indexOfPath(u"/blaxel/made here"_s)));

        // F2 on the tree renames, as in a file manager.
        typeIntoNextInput(u"it's renamed"_s);
        pane()->view()->setFocus();
        QTest::keyClick(pane()->view(), Qt::Key_F2);
        QVERIFY2(select(u"/blaxel/it's renamed"_s), qPrintable(pane()->stateLabel()->text()));
        QTRY_VERIFY_WITH_TIMEOUT(!tree()->indexOfPath(u"/blaxel/made here"_s).isValid(), 10000);

        // A name that is not one segment is refused before anything is asked.
        typeIntoNextInput(u"../escape"_s);
        button(u"newFolderButton"_s)->click();
        QVERIFY(pane()->stateLabel()->text().contains(u"cannot hold '/'"_s));

        // Delete asks first; Cancel keeps it.
        onNextDialog([](QWidget *modal) {
            auto *box = qobject_cast<QMessageBox *>(modal);
            QVERIFY(box);
            QVERIFY(box->text().contains(u"it's renamed"_s));
            box->button(QMessageBox::Cancel)->click();
        });
        QVERIFY(select(u"/blaxel/it's renamed"_s));
        button(u"deleteFileButton"_s)->click();
        QVERIFY(tree()->indexOfPath(u"/blaxel/it's renamed"_s).isValid());
        onNextDialog([](QWidget *modal) {
            auto *box = qobject_cast<QMessageBox *>(modal);
            QVERIFY(box);
            for (QAbstractButton *b : box->buttons())
                if (box->buttonRole(b) == QMessageBox::AcceptRole ||
                    box->buttonRole(b) == QMessageBox::DestructiveRole)
                    b->click();
        });
        button(u"deleteFileButton"_s)->click();
        QTRY_VERIFY_WITH_TIMEOUT(!tree()->indexOfPath(u"/blaxel/it's renamed"_s).isValid(), 10000);
    }

    void findsByNameAndByContent()
    {
        writeElsewhere(u"/blaxel/src/alpha.py"_s, "import os\n\nNEEDLE = 42\n");
        writeElsewhere(u"/blaxel/src/beta.txt"_s, "nothing here\n");
        QVERIFY(showFilesOf(u"research-notebook"_s));
        FileSearchPanel *search = pane()->searchPanel();
        pane()->search(u"*.py"_s, FileSearchPanel::Mode::Names);
        QTRY_VERIFY_WITH_TIMEOUT(
            !search->results()->findItems(u"/blaxel/src/alpha.py"_s, Qt::MatchExactly).isEmpty(), 10000);
        QVERIFY(search->results()->findItems(u"/blaxel/src/beta.txt"_s, Qt::MatchExactly).isEmpty());

        // By content, through the field and Enter as a person does; the line found opens at its number.
        search->setMode(FileSearchPanel::Mode::Contents);
        search->searchEdit()->setText(u"needle"_s);
        QTest::keyClick(search->searchEdit(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(search->results()->topLevelItemCount(), 1, 10000);
        QTreeWidgetItem *found = search->results()->topLevelItem(0);
        QCOMPARE(found->text(0), u"/blaxel/src/alpha.py"_s);
        QCOMPARE(found->text(1), u"3"_s);
        emit search->results()->itemActivated(found, 0);
        QTRY_VERIFY_WITH_TIMEOUT(editorText().contains(u"NEEDLE"_s), 10000);
        QCOMPARE(pane()->preview()->editor()->textCursor().blockNumber(), 2);
    }

    void aFileWrittenElsewhereAppearsAndTheShownOneFollows()
    {
        writeElsewhere(u"/blaxel/live.txt"_s, "one\n");
        QVERIFY(showFilesOf(u"research-notebook"_s));
        QTRY_VERIFY_WITH_TIMEOUT(pane()->browser()->isWatching(), 10000);
        QVERIFY(select(u"/blaxel/live.txt"_s));
        QTRY_COMPARE_WITH_TIMEOUT(editorText(), u"one\n"_s, 10000);

        // Nothing refreshes by hand here: the watch stream says what changed.
        writeElsewhere(u"/blaxel/appeared.txt"_s, "new\n");
        QTRY_VERIFY_WITH_TIMEOUT(tree()->indexOfPath(u"/blaxel/appeared.txt"_s).isValid(), 10000);
        writeElsewhere(u"/blaxel/live.txt"_s, "two\n");
        QTRY_COMPARE_WITH_TIMEOUT(editorText(), u"two\n"_s, 10000);
    }

    void showsImagesAndSaysWhatIsNotText()
    {
        QImage image(32, 16, QImage::Format_RGB32);
        image.fill(Qt::darkCyan);
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        QVERIFY(image.save(&buffer, "PNG"));
        writeElsewhere(u"/blaxel/picture.png"_s, png);
        writeElsewhere(u"/blaxel/data.bin"_s, QByteArray("\x00\x01\x02binary", 9));
        QVERIFY(showFilesOf(u"research-notebook"_s));

        QVERIFY(select(u"/blaxel/picture.png"_s));
        QTRY_VERIFY_WITH_TIMEOUT(pane()->preview()->image()->isVisible(), 10000);
        QCOMPARE(pane()->preview()->image()->pixmap().size(), QSize(32, 16));

        QVERIFY(select(u"/blaxel/data.bin"_s));
        QTRY_VERIFY_WITH_TIMEOUT(pane()->preview()->message()->text().contains(u"is not text"_s), 10000);
        QVERIFY(!pane()->preview()->saveButton()->isEnabled());
    }

    // The window's keys for the sandbox itself (Delete deletes it, F2 edits it) do not reach it from the
    // tree: pressed as the window system delivers them (through the shortcut map), they act on the file.
    void theWindowsKeysActOnTheFileWhileTheTreeHasTheFocus()
    {
        writeElsewhere(u"/blaxel/keys.txt"_s, "k\n");
        QVERIFY(showFilesOf(u"research-notebook"_s));
        QVERIFY(select(u"/blaxel/keys.txt"_s));
        pane()->view()->setFocus();
        QTRY_VERIFY(pane()->view()->hasFocus());
        QString asked;
        onNextDialog([&](QWidget *modal) {
            auto *box = qobject_cast<QMessageBox *>(modal);
            asked = box ? box->text() : DemoApp::describe(modal);
            if (box)
                box->button(QMessageBox::Cancel)->click();
            else
                modal->close();
        });
        QTest::keyClick(app->window()->windowHandle(), Qt::Key_Delete);
        QTRY_COMPARE_WITH_TIMEOUT(asked, u"Delete /blaxel/keys.txt?"_s, 10000);

        asked.clear();
        onNextDialog([&](QWidget *modal) {
            auto *input = qobject_cast<QInputDialog *>(modal);
            asked = input ? input->textValue() : DemoApp::describe(modal);
            modal->close();
        });
        QTest::keyClick(app->window()->windowHandle(), Qt::Key_F2);
        QTRY_COMPARE_WITH_TIMEOUT(asked, u"keys.txt"_s, 10000);

        // Ctrl+F in the tab finds files, not sandboxes.
        app->window()->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(app->window()));
        pane()->view()->setFocus();
        QTRY_VERIFY(pane()->view()->hasFocus());
        QTest::keyClick(app->window()->windowHandle(), Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(pane()->searchPanel()->searchEdit()->hasFocus());
    }

    void anotherSandboxStartsOverAndAHiddenTabWatchesNothing()
    {
        QVERIFY(showFilesOf(u"research-notebook"_s));
        QTRY_VERIFY_WITH_TIMEOUT(pane()->browser()->isWatching(), 10000);
        QPointer<FileBrowser> first = pane()->browser();
        page()->sideTabs()->setCurrentIndex(0);
        QVERIFY(!first->isWatching());
        QVERIFY(!first->isActive());

        QVERIFY(showFilesOf(u"agent-runner-01"_s));
        QVERIFY(first.isNull());
        QCOMPARE(pane()->browser()->sandbox(), u"agent-runner-01"_s);
        QVERIFY(!tree()->indexOfPath(u"/blaxel/notes.txt"_s).isValid());

        // A sandbox that is not DEPLOYED has no files to show, and says so.
        QVERIFY(BlaxelRows::selectOnly(page()->view(), u"broken-image"_s));
        QTRY_VERIFY_WITH_TIMEOUT(!pane()->browser(), 10000);
        QVERIFY(pane()->stateLabel()->text().contains(u"DEPLOYED"_s));
        QVERIFY(!button(u"newFolderButton"_s)->isEnabled());
    }

    void filesDroppedOnAFolderRowUploadIntoIt()
    {
        writeElsewhere(u"/blaxel/target/keep.txt"_s, "kept\n");
        QVERIFY(showFilesOf(u"research-notebook"_s));
        QVERIFY(openFolder(u"/blaxel/target"_s));
        QTemporaryDir local;
        const QByteArray bytes = QByteArray("dropped bytes\n").repeated(1000);
        QVERIFY(writeLocal(local.filePath(u"up.txt"_s), bytes));
        QVERIFY(writeLocal(local.filePath(u"folder/inner/deep.txt"_s), "deep\n"));
        const QPoint centre = rowCentre(u"/blaxel/target"_s);
        QWidget *viewport = pane()->view()->viewport();

        // While the drag moves over the row, the pane says where it would land.
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(local.filePath(u"up.txt"_s))});
        QDragEnterEvent enter(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport, &enter);
        QVERIFY(enter.isAccepted());
        QDragMoveEvent move(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport, &move);
        QVERIFY(move.isAccepted());
        QCOMPARE(pane()->stateLabel()->text(), u"Drop to upload into /blaxel/target."_s);
        QDragLeaveEvent leave;
        QApplication::sendEvent(viewport, &leave);

        FileDrop::dropFiles(viewport, {local.filePath(u"up.txt"_s), local.filePath(u"folder"_s)}, centre);
        // Through the transfer queue, as the Transfers page shows it.
        BlaxelUploadJob *job = lastUpload();
        QVERIFY(job);
        QCOMPARE(job->remoteFolder(), u"/blaxel/target"_s);
        QVERIFY(QTest::qWaitFor([job] { return job->isFinished(); }, 60000));
        QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
        QTRY_VERIFY_WITH_TIMEOUT(tree()->indexOfPath(u"/blaxel/target/up.txt"_s).isValid(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(tree()->indexOfPath(u"/blaxel/target/folder"_s).isValid(), 10000);
        QVERIFY(pane()->stateLabel()->text().startsWith(u"Uploaded into /blaxel/target"_s));
        QCOMPARE(readElsewhere(u"/blaxel/target/up.txt"_s), bytes);
        QCOMPARE(readElsewhere(u"/blaxel/target/folder/inner/deep.txt"_s), QByteArray("deep\n"));
        QCOMPARE(readElsewhere(u"/blaxel/target/keep.txt"_s), QByteArray("kept\n"));
    }

    void aDropOnAFileRowLandsInItsFolderAndOnEmptySpaceInTheRoot()
    {
        writeElsewhere(u"/blaxel/place/here.txt"_s, "here\n");
        QVERIFY(showFilesOf(u"research-notebook"_s));
        QVERIFY(openFolder(u"/blaxel/place"_s));
        QTemporaryDir local;
        QVERIFY(writeLocal(local.filePath(u"beside.txt"_s), "beside\n"));
        FileDrop::dropFiles(pane()->view()->viewport(), {local.filePath(u"beside.txt"_s)},
                            rowCentre(u"/blaxel/place/here.txt"_s));
        BlaxelUploadJob *job = lastUpload();
        QVERIFY(job);
        QVERIFY(QTest::qWaitFor([job] { return job->isFinished(); }, 60000));
        QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
        QTRY_VERIFY_WITH_TIMEOUT(tree()->indexOfPath(u"/blaxel/place/beside.txt"_s).isValid(), 10000);
        QCOMPARE(readElsewhere(u"/blaxel/place/beside.txt"_s), QByteArray("beside\n"));

        // Below the last row: the tree's root.
        QVERIFY(writeLocal(local.filePath(u"rooted.txt"_s), "root\n"));
        const QRect area = pane()->view()->viewport()->rect();
        const QPoint empty(area.center().x(), area.bottom() - 2);
        QVERIFY(!pane()->view()->indexAt(empty).isValid());
        FileDrop::dropFiles(pane()->view()->viewport(), {local.filePath(u"rooted.txt"_s)}, empty);
        job = lastUpload();
        QVERIFY(job);
        QCOMPARE(job->remoteFolder(), u"/blaxel"_s);
        QVERIFY(QTest::qWaitFor([job] { return job->isFinished(); }, 60000));
        QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
        QTRY_VERIFY_WITH_TIMEOUT(tree()->indexOfPath(u"/blaxel/rooted.txt"_s).isValid(), 10000);
        QCOMPARE(readElsewhere(u"/blaxel/rooted.txt"_s), QByteArray("root\n"));
    }

    void downloadGivesAFileAsItselfAndAFolderAsItsTree()
    {
        writeElsewhere(u"/blaxel/out/one.txt"_s, "one\n");
        writeElsewhere(u"/blaxel/out/sub/two.txt"_s, "two\n");
        QVERIFY(showFilesOf(u"research-notebook"_s));
        QVERIFY(openFolder(u"/blaxel/out"_s));
        QTemporaryDir local;
        QPushButton *download = button(u"downloadFileButton"_s);
        QVERIFY(download);
        QCOMPARE(download->text(), u"Do&wnload…"_s);

        QVERIFY(select(u"/blaxel/out/one.txt"_s));
        QVERIFY(download->isEnabled());
        pane()->transfers()->downloadSelectedTo(local.path());
        auto *job =
            qobject_cast<BlaxelDumpJob *>(app->controller()->session()->transfers()->jobs().constLast());
        QVERIFY(job);
        QVERIFY(QTest::qWaitFor([job] { return job->isFinished(); }, 60000));
        QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(local.filePath(u"one.txt"_s)).isFile(), 10000);
        QFile one(local.filePath(u"one.txt"_s));
        QVERIFY(one.open(QIODevice::ReadOnly));
        QCOMPARE(one.readAll(), QByteArray("one\n"));

        QVERIFY(select(u"/blaxel/out"_s));
        pane()->transfers()->downloadSelectedTo(local.path());
        job = qobject_cast<BlaxelDumpJob *>(app->controller()->session()->transfers()->jobs().constLast());
        QVERIFY(job);
        QVERIFY(QTest::qWaitFor([job] { return job->isFinished(); }, 60000));
        QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(local.filePath(u"out/sub/two.txt"_s)).isFile(), 10000);
        QVERIFY(QFileInfo(local.filePath(u"out/one.txt"_s)).isFile());
        // Nothing but what was asked for is left beside it.
        QTRY_COMPARE_WITH_TIMEOUT(
            QDir(local.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
            (QStringList{u"one.txt"_s, u"out"_s}), 10000);

        // A name that is taken is refused before anything is queued.
        const qsizetype queued = app->controller()->session()->transfers()->jobs().size();
        pane()->transfers()->downloadSelectedTo(local.path());
        QCOMPARE(app->controller()->session()->transfers()->jobs().size(), queued);
        QVERIFY(pane()->stateLabel()->text().contains(u"is there already"_s));
        // A name taken while the download runs: the download is kept whole where it is, and the pane says so.
        QVERIFY(select(u"/blaxel/out/one.txt"_s));
        QTemporaryDir racing;
        pane()->transfers()->downloadSelectedTo(racing.path());
        job = qobject_cast<BlaxelDumpJob *>(app->controller()->session()->transfers()->jobs().constLast());
        QVERIFY(job);
        {
            QFile theirs(racing.filePath(u"one.txt"_s));
            QVERIFY(theirs.open(QIODevice::WriteOnly));
            theirs.write("theirs\n");
        }
        QVERIFY(QTest::qWaitFor([job] { return job->isFinished(); }, 60000));
        QTRY_VERIFY_WITH_TIMEOUT(pane()->stateLabel()->text().contains(u"was not replaced"_s), 10000);
        QFile kept(racing.filePath(u"one.txt"_s));
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("theirs\n"));
        const QStringList staging =
            QDir(racing.path()).entryList({u".sandboxdeck-download-*"_s}, QDir::Dirs | QDir::Hidden);
        QCOMPARE(staging.size(), 1);
        QFile downloaded(QDir(racing.filePath(staging.constFirst())).filePath(u"one.txt"_s));
        QVERIFY(downloaded.open(QIODevice::ReadOnly));
        QCOMPARE(downloaded.readAll(), QByteArray("one\n"));
    }

    void aRetriedDownloadLandsInPlaceAsTheFirstWould()
    {
        writeElsewhere(u"/blaxel/again.txt"_s, "again\n");
        QVERIFY(showFilesOf(u"research-notebook"_s));
        QVERIFY(select(u"/blaxel/again.txt"_s));
        QTemporaryDir local;
        TransferQueue *queue = app->controller()->session()->transfers();
        pane()->transfers()->downloadSelectedTo(local.path());
        auto *job = qobject_cast<BlaxelDumpJob *>(queue->jobs().constLast());
        QVERIFY(job);
        job->cancel();
        QVERIFY(QTest::qWaitFor([job] { return job->isFinished(); }, 60000));
        QCOMPARE(job->state(), TransferJob::State::Cancelled);
        const auto hiddenEntries = [&local] {
            return QDir(local.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
        };
        // A cancelled download leaves nothing in the folder, not even its empty staging folder.
        QCOMPARE(hiddenEntries(), QStringList());

        queue->retry(int(queue->jobs().indexOf(job)));
        auto *fresh = qobject_cast<BlaxelDumpJob *>(queue->jobs().constLast());
        QVERIFY(fresh);
        QVERIFY(fresh != job);
        QCOMPARE(fresh->landingPath(), local.filePath(u"again.txt"_s));
        QVERIFY(QTest::qWaitFor([fresh] { return fresh->isFinished(); }, 60000));
        QVERIFY2(fresh->state() == TransferJob::State::Done, qPrintable(fresh->errorText()));
        QVERIFY(fresh->landed());
        QCOMPARE(fresh->resultPath(), local.filePath(u"again.txt"_s));
        QCOMPARE(hiddenEntries(), QStringList{u"again.txt"_s});
        QFile landed(local.filePath(u"again.txt"_s));
        QVERIFY(landed.open(QIODevice::ReadOnly));
        QCOMPARE(landed.readAll(), QByteArray("again\n"));
        QTRY_VERIFY_WITH_TIMEOUT(pane()->stateLabel()->text().startsWith(u"Downloaded "_s), 10000);
    }

    void aDragOutGivesTheFileOnceWholeAndOneDroppedNowhereCancels()
    {
        writeElsewhere(u"/blaxel/drag/me.txt"_s, "drag me\n");
        QVERIFY(showFilesOf(u"research-notebook"_s));
        QVERIFY(openFolder(u"/blaxel/drag"_s));
        QVERIFY(tree()->flags(tree()->indexOfPath(u"/blaxel/drag/me.txt"_s)) & Qt::ItemIsDragEnabled);
        TransferQueue *queue = app->controller()->session()->transfers();

        // The drop asks for the files at once: the answer waits for the download and gives the whole file.
        std::unique_ptr<QMimeData> data(
            pane()->transfers()->dragOut(tree()->indexOfPath(u"/blaxel/drag/me.txt"_s)));
        QVERIFY(data);
        QVERIFY(pane()->stateLabel()->text().startsWith(u"Fetching /blaxel/drag/me.txt"_s));
        QVERIFY(data->hasUrls());
        const QList<QUrl> urls = data->urls();
        QCOMPARE(urls.size(), 1);
        QVERIFY(urls.constFirst().isLocalFile());
        const QString local = urls.constFirst().toLocalFile();
        QCOMPARE(QFileInfo(local).fileName(), u"me.txt"_s);
        QVERIFY(local.startsWith(FileController::dragFolderParent() + u'/'));
        QFile dropped(local);
        QVERIFY(dropped.open(QIODevice::ReadOnly));
        QCOMPARE(dropped.readAll(), QByteArray("drag me\n"));
        // Readable by this user alone: it may be a file with a token in it.
        QCOMPARE(QFileInfo(QFileInfo(local).absolutePath()).permissions() &
                     (QFileDevice::ReadGroup | QFileDevice::ReadOther),
                 QFileDevice::Permissions());
        // A drop keeps the file: the target may read it later.
        app->controller()->session()->files()->endDragOut(qobject_cast<FileDragOut *>(data.get()),
                                                          Qt::CopyAction);
        QVERIFY(QFileInfo(local).isFile());

        // A drag through the tree that ends nowhere (the offscreen platform drops nothing): what it started
        // downloading is cancelled and its folder goes.
        const qsizetype before = queue->jobs().size();
        QWidget *viewport = pane()->view()->viewport();
        const QPoint from = rowCentre(u"/blaxel/drag/me.txt"_s);
        QTest::mousePress(viewport, Qt::LeftButton, {}, from);
        for (const QPoint &to : {from + QPoint(2, 0), from + QPoint(40, 10)}) {
            QMouseEvent move(QEvent::MouseMove, to, viewport->mapToGlobal(to), Qt::NoButton, Qt::LeftButton,
                             Qt::NoModifier);
            QApplication::sendEvent(viewport, &move);
        }
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, from + QPoint(40, 10));
        QCOMPARE(queue->jobs().size(), before + 1);
        auto *job = qobject_cast<BlaxelDumpJob *>(queue->jobs().constLast());
        QVERIFY(job);
        const QString folder = QFileInfo(job->landingPath()).absolutePath();
        QVERIFY(folder.startsWith(FileController::dragFolderParent() + u'/'));
        QVERIFY(QTest::qWaitFor([job] { return job->isFinished(); }, 60000));
        QCOMPARE(job->state(), TransferJob::State::Cancelled);
        QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(folder), 10000);
        QCOMPARE(pane()->stateLabel()->text(),
                 u"The drag ended without a drop: its download is cancelled."_s);
    }

    void aFinishedUploadListsItsFolderAgainWithoutTheWatch()
    {
        QVERIFY(showFilesOf(u"research-notebook"_s));
        // Another tab in front: nothing watches the sandbox, so only the upload's end can show the file.
        page()->sideTabs()->setCurrentIndex(0);
        QVERIFY(!pane()->browser()->isWatching());
        QTemporaryDir local;
        QVERIFY(writeLocal(local.filePath(u"unwatched.txt"_s), "quiet\n"));
        pane()->transfers()->upload({local.filePath(u"unwatched.txt"_s)}, u"/blaxel"_s);
        BlaxelUploadJob *job = lastUpload();
        QVERIFY(job);
        QVERIFY(QTest::qWaitFor([job] { return job->isFinished(); }, 60000));
        QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
        QTRY_VERIFY_WITH_TIMEOUT(tree()->indexOfPath(u"/blaxel/unwatched.txt"_s).isValid(), 10000);
    }
};

QTEST_MAIN(TestFilesPane)
#include "tst_filespane.moc"
