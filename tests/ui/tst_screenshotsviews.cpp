// Every view in a light and a dark palette, in English and German, for the README. A part of tst_screenshots
// (see screenshotstest.h).

#include "emulatorprobe.h"
#include "screenshotstest.h"

namespace ScreenshotsTest {

class ViewsScreenshots : public QObject
{
    Q_OBJECT

private slots:
    void views_data()
    {
        QTest::addColumn<QString>("theme");
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        QTest::newRow("light") << u"light"_s << u"en"_s << QSize(1360, 800);
        QTest::newRow("dark") << u"dark"_s << u"en"_s << QSize(1360, 800);
        // German runs about a third longer than English: a smaller window shows where labels clip.
        QTest::newRow("de-light") << u"light"_s << u"de"_s << QSize(1280, 780);
        QTest::newRow("de-dark") << u"dark"_s << u"de"_s << QSize(1280, 780);
    }

    void cleanup()
    {
        qunsetenv("SANDBOXDECK_LANG");
        qunsetenv("SANDBOXDECK_THEME");
    }

    void views()
    {
        QFETCH(QString, theme);
        QFETCH(QString, language);
        QFETCH(QSize, size);
        qputenv("SANDBOXDECK_LANG", language.toUtf8());
        // English keeps the names the README links to; other languages say theirs.
        const QString suffix = (language == u"en"_s ? QString() : language + u'-') + theme;
        // The app's own theme, applied the way a user's --theme is (ApplicationController, ThemeApplier).
        qputenv("SANDBOXDECK_THEME", theme.toUtf8());
        DemoApp app;
        QVERIFY(app.started());
        const QPalette expected =
            theme == u"dark"_s ? ThemeApplier::darkPalette() : ThemeApplier::lightPalette();
        QCOMPARE(QApplication::palette().color(QPalette::Window), expected.color(QPalette::Window));
        MainWindow *window = app.window();
        window->resize(size);
        QVERIFY(app.waitForSandboxes());

        // A selected sandbox with its details loaded, as a user sees it after one click.
        QTableView *table = app.sandboxesPage()->view();
        QSignalSpy sandboxDetails(window->sandboxesController(), &SandboxesController::detailsLoaded);
        table->selectRow(2);
        QVERIFY(sandboxDetails.wait(10000));
        save(window, u"sandboxes-"_s + suffix);

        QVERIFY(showBlaxelSandbox(window, u"research-notebook"_s));
        save(window, u"blaxel-sandboxes-"_s + suffix);
        BlaxelCreateDialog create(window);
        create.show();
        QVERIFY(exposed(&create));
        save(&create, u"blaxel-create-dialog-"_s + suffix);
        create.close();

        QVERIFY(showAllSandboxes(window));
        save(window, u"all-sandboxes-"_s + suffix);

        window->showPage(MainWindow::LocalSandboxesView);
        QTreeView *tree = app.localPage()->view();
        QVERIFY(QTest::qWaitFor([tree] { return tree->model()->rowCount() > 0; }, 10000));
        tree->expandAll();
        QSignalSpy localDetails(window->localSandboxesController(), &LocalSandboxesController::detailsLoaded);
        tree->setCurrentIndex(tree->model()->index(0, 0));
        QVERIFY(localDetails.wait(10000));
        save(window, u"local-sandboxes-"_s + suffix);

        // Files dragged over the second sandbox: where they would go is highlighted.
        QTemporaryDir dragged;
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(dragged.path())});
        const QPoint over = tree->visualRect(tree->model()->index(1, 0)).center();
        QDragEnterEvent enter(over, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(tree->viewport(), &enter);
        QDragMoveEvent move(over, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(tree->viewport(), &move);
        save(window, u"local-drop-"_s + suffix);
        QDragLeaveEvent leave;
        QApplication::sendEvent(tree->viewport(), &leave);

        // Real transfers of the demo: a dump saved, one extracted, and an upload the server refuses.
        QTemporaryDir work;
        const QString seeded = EmulatorProbe(app.emulator()).localSandboxIds().first();
        LocalWorkspaceActions *actions = app.localPage()->workspaceActions();
        actions->saveDumpTo(seeded, work.filePath(u"workspace.tar.gz"_s));
        actions->extractDumpTo(seeded, work.filePath(u"extracted"_s));
        QFile notAnArchive(work.filePath(u"results.tar.gz"_s));
        QVERIFY(notAnArchive.open(QIODevice::WriteOnly));
        notAnArchive.write("plain text, not gzip");
        notAnArchive.close();
        app.controller()->session()->transfers()->enqueueUpload(seeded, {notAnArchive.fileName()});
        TransferQueue *queue = app.controller()->session()->transfers();
        QVERIFY(QTest::qWaitFor(
            [queue] {
                return std::all_of(queue->jobs().begin(), queue->jobs().end(),
                                   [](auto *job) { return job->isFinished(); });
            },
            20000));
        window->showPage(MainWindow::TransfersView);
        QTreeView *transfers = window->transfersPage()->view();
        transfers->setCurrentIndex(transfers->model()->index(2, 0)); // its details come from the job itself
        save(window, u"transfers-"_s + suffix);

        QVERIFY(showRuns(app));
        save(window, u"runs-"_s + suffix);

        QVERIFY(showUniverses(window, UniversesPage::TasksTab));
        save(window, u"universes-"_s + suffix);
        QVERIFY(showUniverses(window, UniversesPage::InstanceTab));
        save(window, u"universes-instance-"_s + suffix);

        window->showPage(MainWindow::SandboxesView);
        AcquireDialog dialog(QStringList(), window);
        dialog.setServer(u"github"_s);
        dialog.show();
        QVERIFY(exposed(&dialog));
        save(&dialog, u"acquire-dialog-"_s + suffix);
        dialog.close();

        // The widest form: profiles, their fields and the language.
        app.controller()->openSettings();
        auto *settings = window->findChild<SettingsDialog *>();
        QVERIFY(settings);
        QVERIFY(exposed(settings));
        save(settings, u"settings-dialog-"_s + suffix);
        settings->close();
    }
};

std::unique_ptr<QObject> newViewsTest()
{
    return std::make_unique<ViewsScreenshots>();
}

} // namespace ScreenshotsTest

#include "tst_screenshotsviews.moc"
