// A Blaxel profile connected the way a user's is: its key in a real keychain (run under with-keyring.sh),
// read at start-up for the current Blaxel profile, and again when Settings activates another one, beside
// the Klavis connection. The API is the emulator's /v0 over loopback HTTP.

#include "blaxel/blaxelsandboxespage.h"
#include "emulator/emulatorhost.h"
#include "emulator/emulatorserver.h"
#include "emulatorprobe.h"
#include "mainwindow/applicationcontroller.h"
#include "mainwindow/mainwindow.h"
#include "models/blaxelsandboxlistmodel.h"
#include "preferences/settingsdialog.h"
#include "session/appsession.h"
#include "session/blaxelsandboxescontroller.h"
#include "settings/credentialstore.h"
#include "settings/profilestore.h"

#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;

class TestBlaxelProfile final : public QObject
{
    Q_OBJECT

private:
    Emulator::EmulatorHost host;

    QUrl blaxelUrl() const
    {
        QUrl url = host.apiBaseUrl();
        url.setPath(u"/v0"_s);
        return url;
    }

    // Under the profile's provider, as Settings stores it.
    static bool writeKey(CredentialStore *credentials, const QString &id, const QString &key,
                         Profile::Provider provider = Profile::Provider::Klavis)
    {
        QSignalSpy written(credentials, &CredentialStore::keyWritten);
        credentials->writeKey(id, key, provider);
        return (written.count() > 0 || written.wait(20000)) && written.first().at(1).toString().isEmpty();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(!qEnvironmentVariable("SANDBOXDECK_KEYRING_SANDBOX").isEmpty(), "run under with-keyring.sh");
        QVERIFY(host.start());
        host.server()->recordRequests();
        QSettings(u"SandboxDeck"_s, u"SandboxDeck"_s).clear();
    }

    void startupAndSettingsConnectBlaxelBesideKlavis()
    {
        ProfileStore profiles;
        CredentialStore credentials;
        Profile klavis;
        klavis.name = u"Klavis emulator"_s;
        klavis.baseUrl = host.apiBaseUrl();
        const QString klavisId = profiles.addProfile(klavis);
        QVERIFY(!klavisId.isEmpty());
        QVERIFY(writeKey(&credentials, klavisId, host.server()->apiKey()));
        Profile blaxel;
        blaxel.name = u"Blaxel demo"_s;
        blaxel.provider = Profile::Provider::Blaxel;
        blaxel.baseUrl = blaxelUrl();
        blaxel.workspace = u"demo"_s;
        const QString blaxelId = profiles.addProfile(blaxel);
        QVERIFY(!blaxelId.isEmpty());
        QVERIFY(writeKey(&credentials, blaxelId, host.server()->apiKey(), Profile::Provider::Blaxel));
        Profile other = blaxel;
        other.name = u"Blaxel empty"_s;
        other.workspace = u"empty-workspace"_s;
        const QString otherId = profiles.addProfile(other);
        QVERIFY(!otherId.isEmpty());
        QVERIFY(writeKey(&credentials, otherId, host.server()->apiKey(), Profile::Provider::Blaxel));
        QCOMPARE(profiles.currentProfile(Profile::Provider::Blaxel).id, blaxelId);

        ApplicationController controller;
        QVERIFY(controller.start(false));
        AppSession *session = controller.session();
        QVERIFY(QTest::qWaitFor([session] { return session->hasBlaxel() && session->hasKey(); }, 20000));
        QCOMPARE(session->blaxelWorkspace(), u"demo"_s);
        QCOMPARE(session->blaxelProfileName(), u"Blaxel demo"_s);
        QCOMPARE(session->profileName(), u"Klavis emulator"_s);

        MainWindow *window = controller.window();
        window->showPage(MainWindow::BlaxelSandboxesView);
        BlaxelSandboxesPage *page = window->blaxelSandboxesPage();
        QVERIFY(!page->showsConnectHint());
        BlaxelSandboxListModel *model = window->blaxelSandboxesController()->model();
        QVERIFY(QTest::qWaitFor([model] { return model->rowOf(u"research-notebook"_s) >= 0; }, 20000));

        // Settings chooses the other Blaxel profile: its workspace replaces the first, Klavis stays.
        controller.openSettings();
        auto *settings = window->findChild<SettingsDialog *>();
        QVERIFY(settings);
        emit settings->blaxelProfileActivated(otherId);
        QVERIFY(
            QTest::qWaitFor([session] { return session->blaxelWorkspace() == u"empty-workspace"_s; }, 20000));
        QVERIFY(session->hasBlaxel());
        QCOMPARE(session->profileName(), u"Klavis emulator"_s);
        QVERIFY(QTest::qWaitFor(
            [window] { return window->blaxelSandboxesController()->lastRefreshed().isValid(); }, 20000));
        QCOMPARE(model->rowCount(), 0); // that workspace starts empty
        QVERIFY(!page->showsConnectHint());
        settings->reject();

        // Every request named its workspace and carried the key as a Bearer token, on Blaxel's path only.
        bool sawDemo = false;
        bool sawEmpty = false;
        for (const auto &request : EmulatorProbe(host.server()).apiRequests()) {
            if (!request.path.startsWith(u"/v0/"_s))
                continue;
            const QByteArray workspace = request.header("x-blaxel-workspace");
            sawDemo = sawDemo || workspace == "demo";
            sawEmpty = sawEmpty || workspace == "empty-workspace";
        }
        QVERIFY(sawDemo);
        QVERIFY(sawEmpty);
    }
};

QTEST_MAIN(TestBlaxelProfile)
#include "tst_blaxelprofile.moc"
