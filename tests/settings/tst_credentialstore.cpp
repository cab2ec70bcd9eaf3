// Runs against a real gnome-keyring over a real D-Bus session: ctest starts it through with-keyring.sh.
// The failure paths (a broken or missing keychain) are tst_credentialstorefailures'.

#include "credentialstoretest.h"
#include "keyringsandbox.h"
#include "settings/credentialstore.h"

#include "catalog/blaxelhosts.h"
#include "catalog/klavishosts.h"
#include "settings/profilestore.h"

#include <qt6keychain/keychain.h>

#include <QFile>
#include <QSignalSpy>
#include <QTest>
#include <QUuid>

using namespace Qt::StringLiterals;
using namespace CredentialTest;

class TestCredentialStore final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { CredentialTest::requireUsableKeyring(); }

    void cleanup()
    {
        qunsetenv("KLAVIS_API_KEY");
        qunsetenv("BL_API_KEY");
    }

    void names()
    {
        QCOMPARE(CredentialStore::serviceName(), u"SandboxDeck"_s);
        QCOMPARE(CredentialStore::keychainKey(u"abc"_s), u"klavis-api-key/abc"_s);
        QCOMPARE(CredentialStore::keychainKey(u"abc"_s, Provider::Klavis), u"klavis-api-key/abc"_s);
        QCOMPARE(CredentialStore::keychainKey(u"abc"_s, Provider::Blaxel), u"blaxel-api-key/abc"_s);
        QCOMPARE(CredentialStore::environmentVariable(Provider::Klavis), u"KLAVIS_API_KEY"_s);
        QCOMPARE(CredentialStore::environmentVariable(Provider::Blaxel), u"BL_API_KEY"_s);
    }

    // A Blaxel profile's key lives under its own name, beside (never over) a Klavis entry, and an entry
    // stored under the Klavis name before providers existed still reads as that profile's Klavis key.
    void providersHaveTheirOwnEntries()
    {
        CredentialStore store;
        const QString profile = newProfileId();
        {
            // An existing entry, as every earlier version wrote it.
            QKeychain::WritePasswordJob job(CredentialStore::serviceName());
            job.setAutoDelete(false);
            job.setInsecureFallback(false);
            job.setKey(u"klavis-api-key/"_s + profile);
            job.setTextData(u"kl-existing-key"_s);
            QSignalSpy finished(&job, &QKeychain::Job::finished);
            job.start();
            QVERIFY(finished.wait(kWaitMs));
            QCOMPARE(job.error(), QKeychain::NoError);
        }
        QCOMPARE(readKey(store, profile).key, u"kl-existing-key"_s);
        QCOMPARE(readKey(store, profile, kCustomHost, Provider::Blaxel).key, QString()); // not Blaxel's

        QCOMPARE(writeKey(store, profile, u"bl-own-key"_s, Provider::Blaxel), QString());
        QCOMPARE(readKey(store, profile, kCustomHost, Provider::Blaxel).key, u"bl-own-key"_s);
        QCOMPARE(readKey(store, profile, kCustomHost, Provider::Klavis).key, u"kl-existing-key"_s);
        {
            // Where it went, read straight from the keychain.
            QKeychain::ReadPasswordJob job(CredentialStore::serviceName());
            job.setAutoDelete(false);
            job.setInsecureFallback(false);
            job.setKey(u"blaxel-api-key/"_s + profile);
            QSignalSpy finished(&job, &QKeychain::Job::finished);
            job.start();
            QVERIFY(finished.wait(kWaitMs));
            QCOMPARE(job.error(), QKeychain::NoError);
            QCOMPARE(job.textData(), u"bl-own-key"_s);
        }

        QCOMPARE(deleteKey(store, profile, Provider::Blaxel), QString());
        QCOMPARE(readKey(store, profile, kCustomHost, Provider::Blaxel).key, QString());
        QCOMPARE(readKey(store, profile).key, u"kl-existing-key"_s); // the other entry is left alone
        QCOMPARE(deleteKey(store, profile), QString());
        QCOMPARE(readKey(store, profile).key, QString());
    }

    // BL_API_KEY is a Blaxel profile's headless key, on Blaxel's own host or for the command line's profile;
    // neither variable ever serves the other provider's profile.
    void environmentKeyBelongsToItsProvider()
    {
        CredentialStore store;
        const QString blaxel = newProfileId();
        const QString klavis = newProfileId();
        const QUrl blaxelHost = BlaxelHosts::defaultBaseUrl();
        QCOMPARE(writeKey(store, blaxel, u"bl-from-keychain"_s, Provider::Blaxel), QString());
        QCOMPARE(writeKey(store, klavis, u"kl-from-keychain"_s), QString());

        qputenv("BL_API_KEY", "bl-from-environment\n");
        QVERIFY(store.keyFromEnvironment(Provider::Blaxel));
        QVERIFY(!store.keyFromEnvironment(Provider::Klavis));
        QCOMPARE(readKey(store, blaxel, blaxelHost, Provider::Blaxel).key, u"bl-from-environment"_s);
        QCOMPARE(readKey(store, blaxel, kCustomHost, Provider::Blaxel).key, u"bl-from-keychain"_s);
        QCOMPARE(readKey(store, klavis, kKlavisUs).key, u"kl-from-keychain"_s);
        QCOMPARE(CredentialStore::environmentKey(), QString()); // KLAVIS_API_KEY's, unset

        qunsetenv("BL_API_KEY");
        qputenv("KLAVIS_API_KEY", "kl-from-environment");
        store.setEnvironmentKeyProfile(blaxel);
        QCOMPARE(readKey(store, blaxel, blaxelHost, Provider::Blaxel).key, u"bl-from-keychain"_s);
        QCOMPARE(readKey(store, blaxel, kCustomHost, Provider::Blaxel).key, u"bl-from-keychain"_s);
        qputenv("BL_API_KEY", "bl-from-environment");
        QCOMPARE(readKey(store, blaxel, kCustomHost, Provider::Blaxel).key, u"bl-from-environment"_s);

        qputenv("BL_API_KEY", "bl-live\r\nX-Injected: 1");
        const ReadResult refused = readKey(store, blaxel, blaxelHost, Provider::Blaxel);
        QCOMPARE(refused.key, QString());
        QVERIFY2(refused.error.startsWith(u"BL_API_KEY: "_s), qPrintable(refused.error));
        QVERIFY(!refused.error.contains(u"X-Injected"_s));

        QCOMPARE(deleteKey(store, blaxel, Provider::Blaxel), QString());
        QCOMPARE(deleteKey(store, klavis), QString());
    }

    void writeReadOverwriteDelete()
    {
        CredentialStore store;
        const QString profile = newProfileId();
        QVERIFY(!store.keyFromEnvironment());

        QCOMPARE(readKey(store, profile).answered, true);
        QCOMPARE(readKey(store, profile).key, QString()); // nothing stored yet: empty, no error
        QCOMPARE(readKey(store, profile).error, QString());

        QCOMPARE(writeKey(store, profile, u"sk-first-value"_s), QString());
        ReadResult read = readKey(store, profile);
        QCOMPARE(read.error, QString());
        QCOMPARE(read.key, u"sk-first-value"_s);

        QCOMPARE(writeKey(store, profile, u"sk-second-välue ✓"_s), QString()); // replaces, keeps Unicode
        QCOMPARE(readKey(store, profile).key, u"sk-second-välue ✓"_s);

        QCOMPARE(deleteKey(store, profile), QString());
        read = readKey(store, profile);
        QVERIFY(read.answered);
        QCOMPARE(read.key, QString());
        QCOMPARE(read.error, QString());

        QCOMPARE(deleteKey(store, profile), QString()); // nothing left to delete: still fine
    }

    void profilesAreIsolated()
    {
        CredentialStore store;
        const QString a = newProfileId();
        const QString b = newProfileId();
        QCOMPARE(writeKey(store, a, u"key-of-a"_s), QString());
        QCOMPARE(writeKey(store, b, u"key-of-b"_s), QString());
        QCOMPARE(readKey(store, a).key, u"key-of-a"_s);
        QCOMPARE(readKey(store, b).key, u"key-of-b"_s);

        QCOMPARE(deleteKey(store, a), QString());
        QCOMPARE(readKey(store, a).key, QString());
        QCOMPARE(readKey(store, b).key, u"key-of-b"_s);
        QCOMPARE(deleteKey(store, b), QString());
    }

    void secondStoreSeesTheSameKeychain()
    {
        const QString profile = newProfileId();
        {
            CredentialStore writer;
            QCOMPARE(writeKey(writer, profile, u"shared-key"_s), QString());
        }
        CredentialStore reader;
        QCOMPARE(readKey(reader, profile).key, u"shared-key"_s);
        QCOMPARE(deleteKey(reader, profile), QString());
    }

    void environmentKeyAppliesToOfficialHostsOnly()
    {
        CredentialStore store;
        const QString profile = newProfileId();
        QCOMPARE(writeKey(store, profile, u"from-keychain"_s), QString());

        qputenv("KLAVIS_API_KEY", "from-environment \n");
        QVERIFY(store.keyFromEnvironment());
        QCOMPARE(CredentialStore::environmentKey(), u"from-environment"_s); // the paste's newline dropped
        QCOMPARE(readKey(store, profile, kKlavisUs).key, u"from-environment"_s);
        QCOMPARE(readKey(store, newProfileId(), kKlavisEu).key, u"from-environment"_s);
        // A custom host keeps its own key; one without a stored key gets none, not the Klavis one.
        QCOMPARE(readKey(store, profile, kCustomHost).key, u"from-keychain"_s);
        QCOMPARE(readKey(store, newProfileId(), kCustomHost).key, QString());
        // Look-alikes of the official hosts are custom hosts.
        QCOMPARE(readKey(store, profile, QUrl(u"http://"_s + kKlavisUs.host())).key, u"from-keychain"_s);
        QCOMPARE(readKey(store, profile, QUrl(u"https://"_s + kKlavisUs.host() + u".evil.example"_s)).key,
                 u"from-keychain"_s);
        QCOMPARE(readKey(store, profile, QUrl(u"https://"_s + kKlavisUs.host() + u":8443"_s)).key,
                 u"from-keychain"_s);

        // The profile named on the app's command line takes the environment key whatever its host.
        store.setEnvironmentKeyProfile(profile);
        QCOMPARE(readKey(store, profile, kCustomHost).key, u"from-environment"_s);
        QCOMPARE(readKey(store, newProfileId(), kCustomHost).key, QString());

        qunsetenv("KLAVIS_API_KEY");
        QVERIFY(!store.keyFromEnvironment());
        QCOMPARE(readKey(store, profile, kKlavisUs).key, u"from-keychain"_s); // the keychain was left alone
        QCOMPARE(deleteKey(store, profile), QString());
    }

    void environmentKeyWithALineBreakIsRefused()
    {
        CredentialStore store;
        qputenv("KLAVIS_API_KEY", "sk-live\r\nX-Injected: 1");
        QCOMPARE(CredentialStore::environmentKey(), QString());
        const ReadResult read = readKey(store, newProfileId(), kKlavisUs);
        QVERIFY(read.answered);
        QCOMPARE(read.key, QString());
        QVERIFY2(read.error.startsWith(u"KLAVIS_API_KEY: The API key contains a carriage return (CR)"_s),
                 qPrintable(read.error));
        QVERIFY2(!read.error.contains(u"X-Injected"_s), qPrintable(read.error)); // never quoted back
    }

    void storedKeyWithALineBreakIsRefused()
    {
        CredentialStore store;
        const QString profile = newProfileId();
        // writeKey() refuses such a key, so it is stored the way another tool or an older version would.
        QKeychain::WritePasswordJob job(CredentialStore::serviceName());
        job.setAutoDelete(false);
        job.setInsecureFallback(false);
        job.setKey(CredentialStore::keychainKey(profile));
        job.setTextData(u"sk-stored\nX-Injected: 1"_s);
        QSignalSpy finished(&job, &QKeychain::Job::finished);
        job.start();
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(job.error(), QKeychain::NoError);

        const ReadResult read = readKey(store, profile);
        QVERIFY(read.answered);
        QCOMPARE(read.key, QString());
        QVERIFY2(read.error.contains(u"a line break (LF)"_s), qPrintable(read.error));

        // Only invisible trailing whitespace: used without it.
        QVERIFY(writeKey(store, profile, u"sk-a\rb"_s).contains(u"carriage return"_s)); // inside: refused
        QCOMPARE(writeKey(store, profile, u"sk-pasted\t \n"_s), QString());
        QCOMPARE(readKey(store, profile).key, u"sk-pasted"_s);
        QCOMPARE(deleteKey(store, profile), QString());
    }

    void answersComeFromTheEventLoop()
    {
        CredentialStore store;
        QSignalSpy read(&store, &CredentialStore::keyRead);
        QSignalSpy written(&store, &CredentialStore::keyWritten);
        store.readKey(QString(), kCustomHost); // refused at once, but still answered later
        store.writeKey(u"p"_s, u" "_s);        // likewise
        QCOMPARE(read.count(), 0);
        QCOMPARE(written.count(), 0);
        QTRY_COMPARE(read.count(), 1);
        QTRY_COMPARE(written.count(), 1);
        QVERIFY(!read.at(0).at(2).toString().isEmpty());
        QVERIFY(written.at(0).at(1).toString().contains(u"empty"_s));
    }

    void storeDestroyedWhileBusy()
    {
        const QString profile = newProfileId();
        {
            CredentialStore store;
            store.writeKey(profile, u"orphan-write"_s);
            store.readKey(profile, kCustomHost);
        } // the jobs outlive the store and must not call into it
        // The orphaned write lands when its keychain job ends; a later read sees it then.
        CredentialStore store;
        QTRY_COMPARE(readKey(store, profile).key, u"orphan-write"_s);
        QCOMPARE(deleteKey(store, profile), QString());
    }

    // A key written through CredentialStore appears neither in the profile settings file nor, in plain
    // text, anywhere under the sandbox HOME that with-keyring.sh made (the keyring file is encrypted).
    void keyNeverReachesPlainFiles()
    {
        ProfileStore profiles;
        Profile profile;
        profile.name = u"Secret test "_s + newProfileId();
        profile.baseUrl = kKlavisUs;
        const QString id = profiles.addProfile(profile);
        QVERIFY(!id.isEmpty());

        const QString word = u"quokkasecret"_s;
        const QString key = u"kl-"_s + word + u"-"_s + QUuid::createUuid().toString(QUuid::Id128);
        CredentialStore store;
        QCOMPARE(writeKey(store, id, key), QString());
        QCOMPARE(readKey(store, id).key, key);

        QFile settings(profiles.settingsFileName());
        QVERIFY2(settings.open(QIODevice::ReadOnly), qPrintable(profiles.settingsFileName()));
        const QByteArray text = settings.readAll();
        QVERIFY(text.contains(id.toUtf8())); // the right file
        QVERIFY(!text.contains(key.toUtf8()));
        QVERIFY(!text.contains(word.toUtf8()));
        QVERIFY(!text.toLower().contains("key"));

        if (!KeyringSandbox::path().isEmpty()) {
            const auto scan = KeyringSandbox::filesHolding({word.toUtf8()});
            QVERIFY2(scan.holding.isEmpty(), qPrintable(scan.holding.join(u", ")));
            QVERIFY(scan.files >= 2); // at least the settings file and the keyring
        }
        QCOMPARE(deleteKey(store, id), QString());
    }
};

QTEST_GUILESS_MAIN(TestCredentialStore)
#include "tst_credentialstore.moc"
