// Settings with profiles, the New run wizard and the reconcile dialog. A part of tst_screenshots (see
// screenshotstest.h).

#include "screenshotstest.h"

namespace ScreenshotsTest {

class DialogsScreenshots : public QObject
{
    Q_OBJECT

private slots:
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
        QVERIFY(exposed(&settings));
        settings.profileList()->setCurrentRow(1);
        save(&settings, u"settings-blaxel-"_s + suffix);

        settings.form()->workspaceField()->clear();
        settings.okButton()->click();
        QVERIFY(!settings.form()->fieldError(ProfileForm::Field::Workspace).isEmpty());
        save(&settings, u"settings-blaxel-error-"_s + suffix);

        BlaxelImportDialog *import = settings.openBlaxelImport();
        import->resize(std::min(size.width(), import->width()), import->height());
        QVERIFY(exposed(import));
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
        QVERIFY(exposed(&wizard));
        wizard.planPage()->nameEdit()->setText(u"swe-eval-2026.11"_s);
        save(&wizard, u"newrun-plan-"_s + suffix);
        wizard.next();
        NewRunSandboxesPage *sandboxes = wizard.sandboxesPage();
        sandboxes->countSpin(u"github"_s)->setValue(3);
        sandboxes->countSpin(u"slack"_s)->setValue(2);
        sandboxes->countSpin(u"jira"_s)->setValue(1);
        sandboxes->localServerList()->item(0)->setCheckState(Qt::Checked);
        sandboxes->addLocalSetButton()->click();
        save(&wizard, u"newrun-sandboxes-"_s + suffix);
        wizard.next();
        wizard.next();
        QCOMPARE(wizard.currentId(), int(NewRunWizard::SummaryPage));
        save(&wizard, u"newrun-summary-"_s + suffix);
        QSignalSpy finished(wizard.progressPage(), &NewRunProgressPage::runFinished);
        wizard.next();
        QVERIFY(finished.wait(20000));
        QTRY_COMPARE(wizard.currentId(), int(NewRunWizard::ProgressPage));
        save(&wizard, u"newrun-progress-"_s + suffix);
        wizard.next();
        QCOMPARE(wizard.currentId(), int(NewRunWizard::ExportsPage));
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
        QVERIFY(exposed(&reconcile));
        save(&reconcile, u"reconcile-"_s + suffix);
        reconcile.reject();
        ThemeApplier::apply(ThemeSetting::Theme::System);
    }

private:
};

std::unique_ptr<QObject> newDialogsTest()
{
    return std::make_unique<DialogsScreenshots>();
}

} // namespace ScreenshotsTest

#include "tst_screenshotsdialogs.moc"
