// The views at the window sizes a user is likely to have. A part of tst_screenshots (see screenshotstest.h).

#include "screenshotstest.h"

namespace ScreenshotsTest {

class SizesScreenshots : public QObject
{
    Q_OBJECT

private slots:
    // The two lists at the window sizes a user is likely to have, with a row selected: where the
    // columns, the splitter and the details pane land (item 8 to 10 of issue 10 were found this way).
    void sizes_data()
    {
        QTest::addColumn<QString>("theme");
        QTest::addColumn<QSize>("size");
        for (const QString &theme : {u"light"_s, u"dark"_s})
            for (const QSize &size : {QSize(800, 500), QSize(1280, 780), QSize(1600, 1000)})
                QTest::addRow("%s-%dx%d", qPrintable(theme), size.width(), size.height()) << theme << size;
    }

    void sizes()
    {
        QFETCH(QString, theme);
        QFETCH(QSize, size);
        // The app's own theme, applied the way a user's --theme is (ApplicationController, ThemeApplier).
        qputenv("SANDBOXDECK_THEME", theme.toUtf8());
        DemoApp app;
        QVERIFY(app.started());
        MainWindow *window = app.window();
        window->resize(size);
        window->show();
        QVERIFY(app.waitForSandboxes());
        const QString suffix = u"%1-%2x%3"_s.arg(theme).arg(size.width()).arg(size.height());
        QSignalSpy sandboxDetails(window->sandboxesController(), &SandboxesController::detailsLoaded);
        app.sandboxesPage()->view()->selectRow(1);
        QVERIFY(sandboxDetails.wait(10000));
        save(window, u"size-sandboxes-"_s + suffix);
        // The raw JSON folded out: as tall as its text, the pane scrolling rather than a box in a box.
        auto *rawToggle = app.sandboxesPage()->detailsPane()->findChild<QToolButton *>(u"rawJsonToggle"_s);
        QVERIFY(rawToggle);
        rawToggle->click();
        save(window, u"size-rawjson-"_s + suffix);
        rawToggle->click();

        // The Inspect tab of the same sandbox: connected, its tools listed, one chosen.
        SandboxWorkTabs *tabs = app.sandboxesPage()->workTabs();
        QVERIFY(QTest::qWaitFor([tabs] { return tabs->isTabEnabled(tabs->inspectIndex()); }, 10000));
        tabs->setCurrentIndex(tabs->inspectIndex());
        InspectPage *inspect = tabs->currentInspectPage();
        QVERIFY(inspect);
        QVERIFY(QTest::qWaitFor([inspect] { return inspect->toolModel()->rowCount() > 0; }, 10000));
        QVERIFY(inspect->selectTool(inspect->toolModel()->index(0, 0).data().toString())); // its form at once
        save(window, u"size-inspect-"_s + suffix);
        // Its Data tab with a dump.
        tabs->setCurrentIndex(tabs->dataIndex());
        QSignalSpy dumped(app.sandboxesPage()->dataPage(), &SandboxDataPage::dumpShown);
        app.sandboxesPage()->dataPage()->dump();
        QVERIFY(dumped.wait(10000));
        SandboxDataPage *data = app.sandboxesPage()->dataPage();
        QTRY_VERIFY(data->dumpButton()->isEnabled()); // idle again: the buttons as after any dump
        save(window, u"size-data-"_s + suffix);
        tabs->setCurrentIndex(tabs->detailsIndex());

        window->showPage(MainWindow::LocalSandboxesView);
        QTreeView *tree = app.localPage()->view();
        QVERIFY(QTest::qWaitFor([tree] { return tree->model()->rowCount() > 0; }, 10000));
        tree->expandAll();
        QSignalSpy localDetails(window->localSandboxesController(), &LocalSandboxesController::detailsLoaded);
        tree->setCurrentIndex(tree->model()->index(0, 0));
        QVERIFY(localDetails.wait(10000));
        save(window, u"size-local-"_s + suffix);

        QVERIFY(showBlaxelSandbox(window, u"broken-image"_s));
        save(window, u"size-blaxel-"_s + suffix);

        QVERIFY(showAllSandboxes(window));
        save(window, u"size-all-"_s + suffix);

        // A run with a countdown, the demo's leaks, the status bar's count.
        QVERIFY(showRuns(app));
        save(window, u"size-runs-"_s + suffix);

        // The Universes view: the initial data as a tree, then an instance with its verdict.
        QVERIFY(showUniverses(window, UniversesPage::InitialDataTab));
        save(window, u"size-universes-data-"_s + suffix);
        QVERIFY(showUniverses(window, UniversesPage::InstanceTab));
        save(window, u"size-universes-instance-"_s + suffix);
    }

    void cleanup()
    {
        qunsetenv("SANDBOXDECK_LANG");
        qunsetenv("SANDBOXDECK_THEME");
    }
};

std::unique_ptr<QObject> newSizesTest()
{
    return std::make_unique<SizesScreenshots>();
}

} // namespace ScreenshotsTest

#include "tst_screenshotssizes.moc"
