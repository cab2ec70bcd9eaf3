// Blaxel credentials imported into profiles, with the keys going to a real gnome-keyring over a real D-Bus
// session: ctest starts it through with-keyring.sh.

#include "blaxelimporttest.h"
#include "catalog/blaxelhosts.h"
#include "keyringsandbox.h"
#include "settings/blaxelconfigimport.h"
#include "settings/blaxelprofileimporter.h"
#include "settings/credentialstore.h"
#include "settings/profilestore.h"

#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace BlaxelImportTest;

namespace {

constexpr int kWaitMs = 20'000;

QString readKey(CredentialStore &store, const QString &profileId)
{
    QSignalSpy spy(&store, &CredentialStore::keyRead);
    store.readKey(profileId, QUrl(u"https://api.blaxel.ai/v0"_s), Profile::Provider::Blaxel);
    if (spy.isEmpty() && !spy.wait(kWaitMs))
        return u"no answer"_s;
    const QList<QVariant> args = spy.takeFirst();
    return args.at(2).toString().isEmpty() ? args.at(1).toString() : u"error: "_s + args.at(2).toString();
}

bool runImport(BlaxelProfileImporter &importer, const QList<BlaxelCredential> &chosen)
{
    QSignalSpy finished(&importer, &BlaxelProfileImporter::finished);
    importer.start(chosen);
    return finished.wait(kWaitMs) && finished.count() == 1;
}

} // namespace

class TestBlaxelProfileImporter final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { BlaxelImportTest::prepareSuite(); }
    void init() { ProfileTest::clearSettings(); }

    // The import proper: profiles for the chosen workspaces, keys in the keychain and nowhere else, the
    // existing workspace skipped, the token flagged.
    void importCreatesProfilesAndKeys()
    {
        ProfileStore profiles;
        CredentialStore credentials;
        const QString klavis = profiles.addProfile(
            Profile{QString(), u"Klavis"_s, QUrl(u"https://api.klavis.ai"_s), u"us"_s, false, {}, {}});
        QVERIFY(!klavis.isEmpty());
        const BlaxelConfigScan scan = BlaxelConfigImport::readConfigFile(fixture(u"two-workspaces.yaml"_s),
                                                                         BlaxelHosts::defaultBaseUrl());
        QCOMPARE(scan.credentials.size(), 2);

        BlaxelProfileImporter importer(&profiles, &credentials);
        QVERIFY(runImport(importer, scan.credentials));
        const BlaxelProfileImporter::Report report = importer.report();
        QVERIFY2(report.errors.isEmpty(), qPrintable(report.errors.join(u'\n')));
        QCOMPARE(report.created, (QStringList{u"Blaxel research"_s, u"Blaxel personal"_s}));
        QVERIFY(report.tokenMayExpire);
        const QString summary = BlaxelProfileImporter::describe(report);
        QVERIFY2(summary.contains(u"expires"_s), qPrintable(summary));
        QVERIFY(!summary.contains(u"bl_fake"_s));

        QCOMPARE(profiles.profiles().size(), 3);
        const Profile research = profiles.blaxelProfileFor(u"research"_s, BlaxelHosts::defaultBaseUrl());
        QVERIFY(research.isValid());
        QVERIFY(research.provider == Profile::Provider::Blaxel);
        QCOMPARE(research.name, u"Blaxel research"_s);
        QCOMPARE(research.baseUrl, BlaxelHosts::defaultBaseUrl());
        QCOMPARE(importer.createdIds().size(), 2);
        QCOMPARE(readKey(credentials, research.id), kResearchKey);
        const Profile personal = profiles.blaxelProfileFor(u"personal"_s, BlaxelHosts::defaultBaseUrl());
        QCOMPARE(readKey(credentials, personal.id), kPersonalToken);
        // The Klavis profile stays current for Klavis; the first imported one becomes the Blaxel current.
        QCOMPARE(profiles.currentProfile().id, klavis);
        QCOMPARE(profiles.currentProfile(Profile::Provider::Blaxel).id, research.id);

        // The keys are in the keychain, never in the settings file or any plain file of the sandbox HOME.
        QFile settings(profiles.settingsFileName());
        QVERIFY(settings.open(QIODevice::ReadOnly));
        const QByteArray text = settings.readAll();
        QVERIFY(text.contains("research"));
        QVERIFY(!text.contains("bl_fake"));
        QVERIFY(!text.contains("fake-personal"));
        QVERIFY2(!KeyringSandbox::path().isEmpty(), "run under with-keyring.sh");
        const auto keyringFiles = KeyringSandbox::filesHolding({"research_key_0123", "fake-personal-access"});
        QVERIFY2(keyringFiles.holding.isEmpty(), qPrintable(keyringFiles.holding.join(u", ")));
        QVERIFY(keyringFiles.files >= 2);

        // Again: both are skipped, nothing is created twice.
        QVERIFY(runImport(importer, scan.credentials));
        QVERIFY(importer.report().created.isEmpty());
        QCOMPARE(importer.report().skipped, (QStringList{u"research"_s, u"personal"_s}));
        QCOMPARE(profiles.profiles().size(), 3);

        // The same workspace on another API root is another profile, with a name of its own.
        QList<BlaxelCredential> elsewhere{scan.credentials.at(0)};
        elsewhere[0].baseUrl = QUrl(u"http://127.0.0.1:8931/v0"_s);
        QVERIFY(runImport(importer, elsewhere));
        QCOMPARE(importer.report().created, QStringList{u"Blaxel research 2"_s});

        for (const Profile &profile : profiles.profiles())
            credentials.deleteKey(profile.id, profile.provider);
    }

    // A key the keychain refuses leaves no profile behind, so a later import is not skipped.
    void refusedKeyLeavesNoProfile()
    {
        ProfileStore profiles;
        CredentialStore credentials;
        BlaxelCredential broken;
        broken.workspace = u"broken"_s;
        broken.baseUrl = BlaxelHosts::defaultBaseUrl();
        broken.key =
            u"bl_fake\r\nX-Injected: 1"_s; // refused by CredentialStore::writeKey, as a locked keyring would
        BlaxelProfileImporter importer(&profiles, &credentials);
        QVERIFY(runImport(importer, {broken}));
        QVERIFY(importer.report().created.isEmpty());
        QCOMPARE(importer.report().errors.size(), 1);
        QVERIFY(importer.report().errors.at(0).contains(u"“Blaxel broken” was not created"_s));
        QVERIFY(!importer.report().errors.at(0).contains(u"X-Injected"_s));
        QVERIFY(profiles.isEmpty());

        // Nothing chosen: finished all the same, from the event loop.
        QVERIFY(runImport(importer, {}));
        QCOMPARE(BlaxelProfileImporter::describe(importer.report()), u"Nothing was imported."_s);
    }
};

QTEST_GUILESS_MAIN(TestBlaxelProfileImporter)
#include "tst_blaxelprofileimporter.moc"
