// CredentialStore when the keychain fails: the sentence each error becomes, and every call answered with one
// (nothing crashes, hangs or echoes the key) when this same binary runs as a child process (probe mode) with
// a broken environment. Under with-keyring.sh, whose session the "no answer" rows inherit.

#include "credentialstoretest.h"
#include "settings/credentialstore.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace CredentialTest;

namespace {

const QByteArray kProbeVariable = "SANDBOXDECK_KEYCHAIN_PROBE";

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

class TestCredentialStoreFailures final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { CredentialTest::requireUsableKeyring(); }

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
    TestCredentialStoreFailures test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_credentialstorefailures.moc"
