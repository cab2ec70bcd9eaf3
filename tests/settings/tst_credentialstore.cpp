// Runs against a real gnome-keyring over a real D-Bus session: ctest starts it through with-keyring.sh.
// The failure paths run this same binary as a child process (probe mode) with a broken environment.

#include "settings/credentialstore.h"

#include "catalog/blaxelhosts.h"
#include "catalog/klavishosts.h"
#include "settings/profilestore.h"

#include <qt6keychain/keychain.h>

#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

constexpr int kWaitMs = 20'000;
const QByteArray kProbeVariable = "SANDBOXDECK_KEYCHAIN_PROBE";

QString noKeychain(const QString &variable = u"KLAVIS_API_KEY"_s)
{
    return u"No keychain is available (is a Secret Service such as GNOME Keyring running and unlocked?). "
           "Set %1 instead, or start one."_s.arg(variable);
}

using Provider = Profile::Provider;

QString newProfileId()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

// Each call waits for the one answer; a missing answer fails the test instead of hanging it.
struct ReadResult
{
    QString key;
    QString error;
    bool answered = false;
};

// A profile on a custom host unless told otherwise: KLAVIS_API_KEY does not apply there.
const QUrl kCustomHost(u"https://sandboxes.example.com"_s);
const QUrl kKlavisUs = KlavisHosts::all().at(0).baseUrl;
const QUrl kKlavisEu = KlavisHosts::all().at(1).baseUrl;

ReadResult readKey(CredentialStore &store, const QString &profileId, const QUrl &baseUrl = kCustomHost,
                   Provider provider = Provider::Klavis)
{
    QSignalSpy spy(&store, &CredentialStore::keyRead);
    store.readKey(profileId, baseUrl, provider);
    if (spy.isEmpty() && !spy.wait(kWaitMs))
        return {};
    const QList<QVariant> args = spy.takeFirst();
    if (args.at(0).toString() != profileId)
        return {};
    return {args.at(1).toString(), args.at(2).toString(), true};
}

// Returns the error (empty on success), or "no answer".
QString writeKey(CredentialStore &store, const QString &profileId, const QString &key,
                 Provider provider = Provider::Klavis)
{
    QSignalSpy spy(&store, &CredentialStore::keyWritten);
    store.writeKey(profileId, key, provider);
    if (spy.isEmpty() && !spy.wait(kWaitMs))
        return u"no answer"_s;
    const QList<QVariant> args = spy.takeFirst();
    return args.at(0).toString() == profileId ? args.at(1).toString() : u"wrong profile"_s;
}

QString deleteKey(CredentialStore &store, const QString &profileId, Provider provider = Provider::Klavis)
{
    QSignalSpy spy(&store, &CredentialStore::keyDeleted);
    store.deleteKey(profileId, provider);
    if (spy.isEmpty() && !spy.wait(kWaitMs))
        return u"no answer"_s;
    const QList<QVariant> args = spy.takeFirst();
    return args.at(0).toString() == profileId ? args.at(1).toString() : u"wrong profile"_s;
}

// Probe mode: read, write and delete once, print each error on its own line, exit 0. Run by the
// failure-path tests with a broken D-Bus environment; a crash or hang there fails them.
int runProbe(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    CredentialStore store;
    const int timeoutMs = qEnvironmentVariableIntValue("SANDBOXDECK_KEYCHAIN_PROBE_TIMEOUT_MS");
    store.setTimeoutMs(timeoutMs > 0 ? timeoutMs : kWaitMs / 2);
    const QString profile = newProfileId();
    const Provider provider = qEnvironmentVariable("SANDBOXDECK_KEYCHAIN_PROBE_PROVIDER") == u"blaxel"_s
                                  ? Provider::Blaxel
                                  : Provider::Klavis;
    const ReadResult read = readKey(store, profile, kCustomHost, provider);
    const QString written = writeKey(store, profile, u"probe-secret-zanzibar"_s, provider);
    const QString deleted = deleteKey(store, profile, provider);
    const QString out = u"read:"_s + (read.answered ? read.error : u"no answer"_s) + u"\nwrite:"_s + written +
                        u"\ndelete:"_s + deleted + u'\n';
    std::fputs(out.toUtf8().constData(), stdout);
    return 0;
}

} // namespace

class TestCredentialStore final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qunsetenv("KLAVIS_API_KEY");
        qunsetenv("BL_API_KEY");
        // Fail early, with the reason, when run outside with-keyring.sh.
        CredentialStore store;
        const QString profile = newProfileId();
        const QString error = writeKey(store, profile, u"probe"_s);
        QVERIFY2(error.isEmpty(),
                 qPrintable(u"the keyring is not usable (run under with-keyring.sh): "_s + error));
        QCOMPARE(deleteKey(store, profile), QString());
    }

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
        QTest::qWait(300);
        CredentialStore store;
        QCOMPARE(readKey(store, profile).key, u"orphan-write"_s);
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

        const QString sandbox = qEnvironmentVariable("SANDBOXDECK_KEYRING_SANDBOX");
        if (!sandbox.isEmpty()) {
            int files = 0;
            QDirIterator it(sandbox, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                QFile file(it.next());
                if (!file.open(QIODevice::ReadOnly))
                    continue;
                ++files;
                QVERIFY2(!file.readAll().contains(word.toUtf8()), qPrintable(file.fileName()));
            }
            QVERIFY(files >= 2); // at least the settings file and the keyring
        }
        QCOMPARE(deleteKey(store, id), QString());
    }

    void errorSentences_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("expected"); // the whole sentence, or a part of it

        QTest::newRow("no backend") << 5 << QString() << noKeychain();
        QTest::newRow("locked") << 4 << u"Cannot create an item in a locked collection"_s << noKeychain();
        QTest::newRow("no dbus") << 7 << u"Could not connect: No such file or directory"_s << noKeychain();
        QTest::newRow("no service")
            << 7 << u"The name org.freedesktop.secrets was not provided by any .service files"_s
            << noKeychain();
        QTest::newRow("autolaunch") << 7 << u"Cannot autolaunch D-Bus without X11 $DISPLAY"_s << noKeychain();
        QTest::newRow("denied by user") << 3 << QString() << u"refused"_s;
        QTest::newRow("other") << 7 << u"Disk full"_s << u"(Disk full)"_s;
    }

    void errorSentences()
    {
        QFETCH(int, code);
        QFETCH(QString, backend);
        QFETCH(QString, expected);
        const QString sentence =
            CredentialStore::describeError(CredentialStore::Operation::Write, code, backend);
        QVERIFY2(sentence.contains(expected), qPrintable(sentence));
        QVERIFY(sentence.contains(u"KLAVIS_API_KEY"_s)); // every failure names the way out
        // A Blaxel profile's way out is its own variable.
        const QString blaxel = CredentialStore::describeError(CredentialStore::Operation::Write, code,
                                                              backend, Provider::Blaxel);
        QVERIFY2(blaxel.contains(u"BL_API_KEY"_s), qPrintable(blaxel));
        QVERIFY2(!blaxel.contains(u"KLAVIS"_s), qPrintable(blaxel));
        if (expected == noKeychain())
            QCOMPARE(blaxel, noKeychain(u"BL_API_KEY"_s));
    }

    // A broken keychain: every call answers with a sentence naming the way out, nothing crashes or
    // hangs, and the key written is not echoed. The probe runs with no session bus at all (a bad address,
    // or none and no display to autolaunch one), under with-keyring.sh with a locked keyring or a daemon
    // that has no keyring to offer, or in this session without a GLib event loop, so that libsecret's
    // answers never arrive and the store's timeout must answer instead.
    void noKeychainIsActionable_data()
    {
        QTest::addColumn<QString>("busAddress"); // "inherit" keeps this test's bus
        QTest::addColumn<QString>("wrapperMode");
        QTest::addColumn<QString>("readError");
        QTest::addColumn<QString>("writeError");
        QTest::addColumn<QString>("deleteError");
        QTest::addColumn<QString>("provider");

        const QString timedOut =
            u"The keychain did not answer within 2 seconds. Check that it is running and "
            "unlocked, or set KLAVIS_API_KEY instead."_s;
        QTest::newRow("bus address points at nothing")
            << u"unix:path=/nonexistent/sandboxdeck/bus"_s << QString() << noKeychain() << noKeychain()
            << noKeychain() << QString();
        QTest::newRow("no bus address")
            << QString() << QString() << noKeychain() << noKeychain() << noKeychain() << QString();
        const QString blaxel = noKeychain(u"BL_API_KEY"_s);
        QTest::newRow("no bus address, Blaxel profile")
            << QString() << QString() << blaxel << blaxel << blaxel << u"blaxel"_s;
        // The Secret Service hides the items of a locked keyring, so reading and deleting find nothing
        // (not an error: the UI asks for a key, and saving it then says what is wrong).
        QTest::newRow("keyring locked")
            << QString() << u"--locked"_s << QString() << noKeychain() << QString() << QString();
        QTest::newRow("no keyring") << QString() << u"--no-keyring"_s << QString() << noKeychain()
                                    << QString() << QString();
        QTest::newRow("no answer") << u"inherit"_s << QString() << timedOut << timedOut << timedOut
                                   << QString();
        const QString blaxelTimedOut = QString(timedOut).replace(u"KLAVIS_API_KEY"_s, u"BL_API_KEY"_s);
        QTest::newRow("no answer, Blaxel profile")
            << u"inherit"_s << QString() << blaxelTimedOut << blaxelTimedOut << blaxelTimedOut << u"blaxel"_s;
    }

    void noKeychainIsActionable()
    {
        QFETCH(QString, busAddress);
        QFETCH(QString, wrapperMode);
        QFETCH(QString, readError);
        QFETCH(QString, writeError);
        QFETCH(QString, deleteError);
        QFETCH(QString, provider);
        QTemporaryDir runtime;
        QVERIFY(runtime.isValid());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QString::fromLatin1(kProbeVariable), u"1"_s);
        env.insert(u"SANDBOXDECK_KEYCHAIN_PROBE_TIMEOUT_MS"_s, u"2000"_s);
        env.remove(u"KLAVIS_API_KEY"_s);
        env.remove(u"BL_API_KEY"_s);
        env.insert(u"SANDBOXDECK_KEYCHAIN_PROBE_PROVIDER"_s, provider);
        env.remove(u"DISPLAY"_s);
        env.remove(u"WAYLAND_DISPLAY"_s);
        env.insert(u"XDG_RUNTIME_DIR"_s, runtime.path()); // no "bus" socket there to fall back on
        if (busAddress == u"inherit"_s)
            env.insert(u"QT_NO_GLIB"_s, u"1"_s); // nobody runs GLib's main context: no answers arrive
        else if (busAddress.isEmpty())
            env.remove(u"DBUS_SESSION_BUS_ADDRESS"_s);
        else
            env.insert(u"DBUS_SESSION_BUS_ADDRESS"_s, busAddress);

        QProcess probe;
        probe.setProcessEnvironment(env);
        if (wrapperMode.isEmpty())
            probe.start(QCoreApplication::applicationFilePath(), {});
        else
            probe.start(QString::fromUtf8(SANDBOXDECK_WITH_KEYRING),
                        {wrapperMode, QCoreApplication::applicationFilePath()});
        QVERIFY(probe.waitForFinished(kWaitMs));
        QCOMPARE(probe.exitStatus(), QProcess::NormalExit);
        QCOMPARE(probe.exitCode(), 0);
        const QString out = QString::fromUtf8(probe.readAllStandardOutput());
        QCOMPARE(out,
                 u"read:"_s + readError + u"\nwrite:"_s + writeError + u"\ndelete:"_s + deleteError + u'\n');
        QVERIFY(!out.contains(u"zanzibar"_s));
    }
};

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsSet(kProbeVariable.constData()))
        return runProbe(argc, argv);
    QCoreApplication app(argc, argv);
    TestCredentialStore test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_credentialstore.moc"
