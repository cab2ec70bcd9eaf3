// Writes PNGs of the main views on the demo backend, in a light and a dark palette, into
// <build>/screenshots, for the README and for looking at. It fails when a view cannot be shown or its
// picture comes out blank.

#include "api/apiresult.h"
#include "demoapp.h"
#include "screenshotfile.h"
#include "serviceharness.h"

#include "catalog/blaxelhosts.h"
#include "catalog/klavishosts.h"
#include "controllers/localworkspaceactions.h"
#include "controllers/themeapplier.h"
#include "dialogs/acquiredialog.h"
#include "dialogs/blaxelcreatedialog.h"
#include "dialogs/blaxelimportdialog.h"
#include "dialogs/newrunplanpage.h"
#include "dialogs/newrunprogresspage.h"
#include "dialogs/newrunsandboxespage.h"
#include "dialogs/newrunwizard.h"
#include "dialogs/profileform.h"
#include "dialogs/reconciledialog.h"
#include "dialogs/settingsdialog.h"
#include "ledger/ledgeraccess.h"
#include "ledger/ledgerworker.h"
#include "ledger/runledger.h"
#include "models/allsandboxesmodel.h"
#include "models/blaxelsandboxlistmodel.h"
#include "models/mcptoollistmodel.h"
#include "models/sandboxlistmodel.h"
#include "pages/allsandboxespage.h"
#include "pages/blaxelsandboxespage.h"
#include "pages/inspectpage.h"
#include "pages/runspage.h"
#include "pages/sandboxdatapage.h"
#include "pages/transferspage.h"
#include "session/leakmonitor.h"
#include "settings/credentialstore.h"
#include "settings/profilestore.h"
#include "settings/themesetting.h"
#include "widgets/sandboxdetailspane.h"
#include "widgets/sandboxworktabs.h"
#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"

#include <QDir>
#include <QDragEnterEvent>
#include <QFile>
#include <QHeaderView>
#include <QImage>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QPalette>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStyleFactory>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeView>
#include <QUrl>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// The All sandboxes view once every provider's rows are in, the first three rows selected.
bool showAllSandboxes(MainWindow *window)
{
    window->showPage(MainWindow::AllSandboxesView);
    AllSandboxesModel *model = window->allSandboxesPage()->model();
    const auto hasAllProviders = [model] {
        QSet<int> providers;
        for (int row = 0; row < model->rowCount(); ++row)
            providers.insert(int(model->rowAt(row).provider));
        return providers.size() == 3;
    };
    if (!QTest::qWaitFor(hasAllProviders, 10000))
        return false;
    QTableView *table = window->allSandboxesPage()->view();
    table->selectionModel()->select(QItemSelection(table->model()->index(0, 0), table->model()->index(2, 0)),
                                    QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QTest::qWait(300);
    return true;
}

// The Blaxel view with `name` selected and its details loaded.
bool showBlaxelSandbox(MainWindow *window, const QString &name)
{
    window->showPage(MainWindow::BlaxelSandboxesView);
    QTableView *table = window->blaxelSandboxesPage()->view();
    if (!QTest::qWaitFor([table] { return table->model()->rowCount() > 0; }, 10000))
        return false;
    for (int row = 0; row < table->model()->rowCount(); ++row) {
        if (table->model()->index(row, 0).data(BlaxelSandboxListModel::NameRole).toString() == name) {
            table->selectRow(row);
            QTest::qWait(800);
            return true;
        }
    }
    return false;
}

// The Runs view with a run of the ledger (three of the demo's occupied sandboxes, one released), the
// runs the seed's tags make, and the leaks of the demo; the ledger's run selected.
bool showRuns(const DemoApp &app)
{
    QList<LedgerSandbox> sandboxes;
    const SandboxListModel *listed = app.controller()->window()->sandboxesController()->model();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (int row = 0; row < listed->rowCount() && sandboxes.size() < 4; ++row) {
        const SandboxSummary &summary = listed->sandboxAt(row);
        if (summary.status != u"occupied"_s)
            continue;
        LedgerSandbox sandbox;
        sandbox.sandboxId = summary.sandboxId;
        sandbox.servers = {summary.serverName};
        sandbox.run = u"swe-eval-0412"_s;
        sandbox.ttlSeconds = 3600;
        sandbox.acquiredAt = now.addSecs(-600 - 60 * sandboxes.size());
        sandboxes.append(sandbox);
    }
    LedgerWorker *ledger = app.controller()->session()->ledger();
    ledger->post<LedgerDone>([sandboxes](RunLedger &ledger) -> LedgerResult<LedgerDone> {
        LedgerRun run;
        run.name = u"swe-eval-0412"_s;
        run.state = LedgerRunState::Open;
        run.benchmark = u"swe-bench"_s;
        run.createdAt = QDateTime::currentDateTimeUtc().addSecs(-900);
        run.ttlSeconds = 3600;
        (void)ledger.createRun(run);
        for (const LedgerSandbox &sandbox : sandboxes)
            (void)ledger.recordAcquired(sandbox);
        if (!sandboxes.isEmpty())
            (void)ledger.recordReleased(LedgerProvider::Klavis, sandboxes.last().sandboxId,
                                        LedgerRelease::Released);
        return LedgerDone{};
    });
    ledger->flush();
    MainWindow *window = app.window();
    window->showPage(MainWindow::RunsView);
    RunsPage *page = window->runsPage();
    if (!QTest::qWaitFor([page] { return page->selectRun(u"swe-eval-0412"_s); }, 10000))
        return false;
    page->leakMonitor()->recompute();
    QTest::qWait(500);
    return page->leakMonitor()->count() > 0;
}

} // namespace

class TestScreenshots : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
        QVERIFY(QDir().mkpath(outputDir()));
    }

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
        table->selectRow(2);
        QTest::qWait(800);
        save(window, u"sandboxes-"_s + suffix);

        QVERIFY(showBlaxelSandbox(window, u"research-notebook"_s));
        save(window, u"blaxel-sandboxes-"_s + suffix);
        BlaxelCreateDialog create(window);
        create.show();
        QTest::qWait(200);
        save(&create, u"blaxel-create-dialog-"_s + suffix);
        create.close();

        QVERIFY(showAllSandboxes(window));
        save(window, u"all-sandboxes-"_s + suffix);

        window->showPage(MainWindow::LocalSandboxesView);
        QTreeView *tree = app.localPage()->view();
        QVERIFY(QTest::qWaitFor([tree] { return tree->model()->rowCount() > 0; }, 10000));
        tree->expandAll();
        tree->setCurrentIndex(tree->model()->index(0, 0));
        QTest::qWait(800);
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
        const QString seeded = app.emulator()->localSandboxIds().first();
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
        transfers->setCurrentIndex(transfers->model()->index(2, 0));
        QTest::qWait(200);
        save(window, u"transfers-"_s + suffix);

        QVERIFY(showRuns(app));
        save(window, u"runs-"_s + suffix);

        window->showPage(MainWindow::SandboxesView);
        AcquireDialog dialog(QStringList(), window);
        dialog.setServer(u"github"_s);
        dialog.show();
        QTest::qWait(200);
        save(&dialog, u"acquire-dialog-"_s + suffix);
        dialog.close();

        // The widest form: profiles, their fields and the language.
        app.controller()->openSettings();
        auto *settings = window->findChild<SettingsDialog *>();
        QVERIFY(settings);
        QTest::qWait(200);
        save(settings, u"settings-dialog-"_s + suffix);
        settings->close();
    }

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
        app.sandboxesPage()->view()->selectRow(1);
        QTest::qWait(600);
        save(window, u"size-sandboxes-"_s + suffix);
        // The raw JSON folded out: as tall as its text, the pane scrolling rather than a box in a box.
        auto *rawToggle = app.sandboxesPage()->detailsPane()->findChild<QToolButton *>(u"rawJsonToggle"_s);
        QVERIFY(rawToggle);
        rawToggle->click();
        QTest::qWait(100);
        save(window, u"size-rawjson-"_s + suffix);
        rawToggle->click();

        // The Inspect tab of the same sandbox: connected, its tools listed, one chosen.
        SandboxWorkTabs *tabs = app.sandboxesPage()->workTabs();
        QVERIFY(QTest::qWaitFor([tabs] { return tabs->isTabEnabled(tabs->inspectIndex()); }, 10000));
        tabs->setCurrentIndex(tabs->inspectIndex());
        InspectPage *inspect = tabs->currentInspectPage();
        QVERIFY(inspect);
        QVERIFY(QTest::qWaitFor([inspect] { return inspect->toolModel()->rowCount() > 0; }, 10000));
        inspect->selectTool(inspect->toolModel()->index(0, 0).data().toString());
        QTest::qWait(200);
        save(window, u"size-inspect-"_s + suffix);
        // Its Data tab with a dump.
        tabs->setCurrentIndex(tabs->dataIndex());
        QSignalSpy dumped(app.sandboxesPage()->dataPage(), &SandboxDataPage::dumpShown);
        app.sandboxesPage()->dataPage()->dump();
        QVERIFY(dumped.wait(10000));
        QTest::qWait(200);
        save(window, u"size-data-"_s + suffix);
        tabs->setCurrentIndex(tabs->detailsIndex());

        window->showPage(MainWindow::LocalSandboxesView);
        QTreeView *tree = app.localPage()->view();
        QVERIFY(QTest::qWaitFor([tree] { return tree->model()->rowCount() > 0; }, 10000));
        tree->expandAll();
        tree->setCurrentIndex(tree->model()->index(0, 0));
        QTest::qWait(600);
        save(window, u"size-local-"_s + suffix);

        QVERIFY(showBlaxelSandbox(window, u"broken-image"_s));
        save(window, u"size-blaxel-"_s + suffix);

        QVERIFY(showAllSandboxes(window));
        save(window, u"size-all-"_s + suffix);

        // A run with a countdown, the demo's leaks, the status bar's count.
        QVERIFY(showRuns(app));
        save(window, u"size-runs-"_s + suffix);
    }

    // The Settings dialog with a Klavis and a Blaxel profile, the Blaxel one selected; the same with a
    // complaint under the workspace field; and the import from the Blaxel CLI, at a small and a usual size.
    void profiles_data()
    {
        QTest::addColumn<QString>("theme");
        QTest::addColumn<QSize>("size");
        for (const QString &theme : {u"light"_s, u"dark"_s})
            for (const QSize &size : {QSize(800, 500), QSize(1280, 780)})
                QTest::addRow("%s-%dx%d", qPrintable(theme), size.width(), size.height()) << theme << size;
    }

    void profiles()
    {
        QFETCH(QString, theme);
        QFETCH(QSize, size);
        QTemporaryDir settingsDir;
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
        QSettings(u"SandboxDeck"_s, u"SandboxDeck"_s).clear();
        ThemeApplier::apply(theme == u"dark"_s ? ThemeSetting::Theme::Dark : ThemeSetting::Theme::Light);
        const QString suffix = u"%1-%2x%3"_s.arg(theme).arg(size.width()).arg(size.height());

        ProfileStore profiles;
        CredentialStore credentials;
        Profile klavis;
        klavis.name = u"Klavis"_s;
        klavis.baseUrl = KlavisHosts::defaultBaseUrl();
        QVERIFY(!profiles.addProfile(klavis).isEmpty());
        Profile blaxel;
        blaxel.name = u"Blaxel research"_s;
        blaxel.provider = Profile::Provider::Blaxel;
        blaxel.baseUrl = BlaxelHosts::defaultBaseUrl();
        blaxel.workspace = u"research"_s;
        QVERIFY(!profiles.addProfile(blaxel).isEmpty());

        SettingsDialog settings(&profiles, &credentials);
        settings.setBlaxelSources(QStringLiteral(SANDBOXDECK_TEST_DATA_DIR) +
                                      u"/blaxel/config/two-workspaces.yaml"_s,
                                  QProcessEnvironment());
        settings.resize(size);
        settings.show();
        settings.profileList()->setCurrentRow(1);
        QTest::qWait(200);
        save(&settings, u"settings-blaxel-"_s + suffix);

        settings.form()->workspaceField()->clear();
        settings.okButton()->click();
        QVERIFY(!settings.form()->fieldError(ProfileForm::Field::Workspace).isEmpty());
        QTest::qWait(100);
        save(&settings, u"settings-blaxel-error-"_s + suffix);

        BlaxelImportDialog *import = settings.openBlaxelImport();
        import->resize(std::min(size.width(), import->width()), import->height());
        QTest::qWait(200);
        save(import, u"blaxel-import-"_s + suffix);
        import->reject();
        ThemeApplier::apply(ThemeSetting::Theme::System);
    }

    // The New run wizard's pages (a run provisioned on the emulator, one server's pool empty so that its
    // rows fail) and the reconcile dialog, at a small and a usual size.
    void runs_data() { profiles_data(); }

    void runs()
    {
        QFETCH(QString, theme);
        QFETCH(QSize, size);
        QTemporaryDir dir;
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
        ThemeApplier::apply(theme == u"dark"_s ? ThemeSetting::Theme::Dark : ThemeSetting::Theme::Light);
        const QString suffix = u"%1-%2x%3"_s.arg(theme).arg(size.width()).arg(size.height());

        ServiceHarness emulator;
        emulator.emulator->setEmptyPool(u"jira"_s);
        RunLedger ledger;
        QVERIFY(ledger.open(dir.filePath(u"ledger.sqlite"_s)).ok());
        RunProvisioner provisioner(emulator.transport.get(), LedgerAccess(&ledger));
        NewRunWizard wizard(&provisioner);
        wizard.resize(size);
        wizard.show();
        wizard.planPage()->nameEdit()->setText(u"swe-eval-2026.11"_s);
        QTest::qWait(100);
        save(&wizard, u"newrun-plan-"_s + suffix);
        wizard.next();
        NewRunSandboxesPage *sandboxes = wizard.sandboxesPage();
        sandboxes->countSpin(u"github"_s)->setValue(3);
        sandboxes->countSpin(u"slack"_s)->setValue(2);
        sandboxes->countSpin(u"jira"_s)->setValue(1);
        sandboxes->localServerList()->item(0)->setCheckState(Qt::Checked);
        sandboxes->addLocalSetButton()->click();
        QTest::qWait(100);
        save(&wizard, u"newrun-sandboxes-"_s + suffix);
        wizard.next();
        wizard.next();
        QTest::qWait(100);
        save(&wizard, u"newrun-summary-"_s + suffix);
        QSignalSpy finished(wizard.progressPage(), &NewRunProgressPage::runFinished);
        wizard.next();
        QVERIFY(finished.wait(20000));
        QTRY_COMPARE(wizard.currentId(), int(NewRunWizard::ProgressPage));
        QTest::qWait(100);
        save(&wizard, u"newrun-progress-"_s + suffix);
        wizard.next();
        QTest::qWait(100);
        save(&wizard, u"newrun-exports-"_s + suffix);
        wizard.close();

        ReconcileReport report;
        LedgerOperation intent;
        intent.id = 1;
        intent.run = u"swe-eval-2026.11"_s;
        intent.server = u"github"_s;
        intent.startedAt = QDateTime::currentDateTimeUtc().addSecs(-1800);
        LedgerOperation lost = intent;
        lost.id = 2;
        lost.server = u"slack"_s;
        report.openIntents = {intent, lost};
        report.leftovers = {{LedgerProvider::Klavis, {u"github"_s}, u"3f0c8a52-sandbox"_s, intent.run, 1}};
        ReconcileDialog reconcile(report);
        reconcile.resize(std::min(size.width(), reconcile.width()), reconcile.height());
        reconcile.show();
        QTest::qWait(100);
        save(&reconcile, u"reconcile-"_s + suffix);
        reconcile.reject();
        ThemeApplier::apply(ThemeSetting::Theme::System);
    }

private:
    static QString outputDir() { return QStringLiteral(SANDBOXDECK_SCREENSHOT_DIR); }

    static void save(QWidget *widget, const QString &name)
    {
        ScreenshotFile::save(widget, outputDir(), name);
    }
};

QTEST_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
