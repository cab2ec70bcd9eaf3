// The Blaxel CLI's configuration and the environment read into credentials to import: workspaces, contexts,
// hostile and malformed entries, bounds, and the variables BL_API_KEY and BL_WORKSPACE.

#include "blaxelimporttest.h"
#include "catalog/blaxelhosts.h"
#include "settings/blaxelconfigimport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <initializer_list>
#include <utility>

using namespace Qt::StringLiterals;
using namespace BlaxelImportTest;

namespace {

QProcessEnvironment environment(std::initializer_list<std::pair<QString, QString>> variables)
{
    QProcessEnvironment env;
    for (const auto &[name, value] : variables)
        env.insert(name, value);
    return env;
}

} // namespace

class TestBlaxelConfigImport final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { BlaxelImportTest::prepareSuite(); }
    void init() { ProfileTest::clearSettings(); }

    void defaultPath()
    {
        QCOMPARE(BlaxelConfigImport::defaultConfigPath(), QDir::homePath() + u"/.blaxel/config.yaml"_s);
    }

    void maskedKey()
    {
        QCOMPARE(BlaxelConfigImport::maskedKey(kResearchKey), u"••••cdef"_s);
        QCOMPARE(BlaxelConfigImport::maskedKey(u"short-key"_s), u"••••"_s);
        QCOMPARE(BlaxelConfigImport::maskedKey(QString()), u"••••"_s);
    }

    // The CLI's usual file: the current workspace with an API key, a second one with an OAuth token.
    void contextAndTwoWorkspaces()
    {
        const BlaxelConfigScan scan = BlaxelConfigImport::readConfigFile(fixture(u"two-workspaces.yaml"_s),
                                                                         BlaxelHosts::defaultBaseUrl());
        QVERIFY(scan.configFileFound);
        QVERIFY2(scan.problems.isEmpty(), qPrintable(scan.problems.join(u'\n')));
        QCOMPARE(scan.currentWorkspace, u"research"_s);
        QCOMPARE(scan.credentials.size(), 2);
        const BlaxelCredential &research = scan.credentials.at(0);
        QCOMPARE(research.workspace, u"research"_s);
        QCOMPARE(research.key, kResearchKey);
        QVERIFY(research.keyKind == BlaxelCredential::KeyKind::ApiKey);
        QVERIFY(research.source == BlaxelCredential::Source::ConfigFile);
        QVERIFY(research.isCurrentContext);
        QCOMPARE(research.baseUrl, BlaxelHosts::defaultBaseUrl());
        const BlaxelCredential &personal = scan.credentials.at(1);
        QCOMPARE(personal.workspace, u"personal"_s);
        QCOMPARE(personal.key, kPersonalToken); // the access token, not the refresh token
        QVERIFY(personal.keyKind == BlaxelCredential::KeyKind::AccessToken);
        QVERIFY(!personal.isCurrentContext);
    }

    // Every bad entry is named by its position or its (valid) name, the good one is kept, and no key or
    // bad name appears in any sentence.
    void hostileEntries()
    {
        const BlaxelConfigScan scan =
            BlaxelConfigImport::readConfigFile(fixture(u"problems.yaml"_s), BlaxelHosts::defaultBaseUrl());
        QCOMPARE(scan.credentials.size(), 1);
        QCOMPARE(scan.credentials.at(0).workspace, u"good"_s);
        QCOMPARE(scan.credentials.at(0).key, u"bl_fake_good_key_abcdefghijklmnop"_s); // the first "good"
        QVERIFY(scan.currentWorkspace.isEmpty()); // "../../etc" is no workspace name
        const QString problems = scan.problems.join(u'\n');
        QCOMPARE(scan.problems.size(), 8);
        for (const QString &expected :
             {u"entry 2 "_s, u"entry 3 "_s, u"“no-credentials”"_s, u"“client-only”"_s, u"“line-break”"_s,
              u"entry 8 "_s, u"entry 9 "_s, u"“map-key”"_s})
            QVERIFY2(problems.contains(expected), qPrintable(expected + u" in:\n"_s + problems));
        QVERIFY2(problems.contains(u"bl login client-only"_s), qPrintable(problems));
        for (const QString &secret : {u"bl_fake"_s, u"X-Injected"_s, u"ZmFrZS1j"_s, u"etc"_s})
            QVERIFY2(!problems.contains(secret), qPrintable(secret));
    }

    void malformedYamlSaysWhere()
    {
        const BlaxelConfigScan scan =
            BlaxelConfigImport::readConfigFile(fixture(u"malformed.yaml"_s), BlaxelHosts::defaultBaseUrl());
        QVERIFY(scan.configFileFound);
        QVERIFY(scan.credentials.isEmpty());
        QCOMPARE(scan.problems.size(), 1);
        QVERIFY2(scan.problems.at(0).contains(u"is not valid YAML (line "_s),
                 qPrintable(scan.problems.at(0)));
        QVERIFY(scan.problems.at(0).contains(u"malformed.yaml"_s));
        QVERIFY(!scan.problems.at(0).contains(u"bl_fake"_s));
    }

    void notTheCliShape_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("problem"); // empty: nothing wrong, nothing found; "*": anything
        QTest::newRow("list") << QByteArray("- a\n- b\n") << u"not a Blaxel CLI configuration"_s;
        QTest::newRow("scalar") << QByteArray("just text\n") << u"not a Blaxel CLI configuration"_s;
        QTest::newRow("empty") << QByteArray() << QString();
        QTest::newRow("comment only") << QByteArray("# nothing\n") << QString();
        QTest::newRow("workspaces a map") << QByteArray("workspaces: {a: 1}\n") << u"not a list"_s;
        QTest::newRow("workspaces null") << QByteArray("workspaces:\ncontext: {workspace: a}\n") << QString();
        QTest::newRow("deep nesting") << QByteArray(100000, '[') << u"not valid YAML"_s;
        // Whatever it is read as, it offers nothing and does not crash.
        QTest::newRow("binary") << QByteArray("\x00\xff\xfe workspaces", 14) << u"*"_s;
        // Aliases share nodes: a "billion laughs" file stays small in memory and in time.
        QTest::newRow("aliases") << QByteArray(
                                        "a: &a [x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a]\n"
                                        "c: &c [*b, *b, *b, *b, *b, *b]\nworkspaces: [*c, *c, *c]\n")
                                 << u"no usable name"_s;
    }

    void notTheCliShape()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, problem);
        const BlaxelConfigScan scan = BlaxelConfigImport::parseConfig(yaml, BlaxelHosts::defaultBaseUrl());
        QVERIFY(scan.credentials.isEmpty());
        if (problem == u"*"_s)
            return;
        if (problem.isEmpty()) {
            QVERIFY2(scan.problems.isEmpty(), qPrintable(scan.problems.join(u'\n')));
        } else {
            QVERIFY(!scan.problems.isEmpty());
            QVERIFY2(scan.problems.at(0).contains(problem), qPrintable(scan.problems.at(0)));
        }
    }

    void tooManyWorkspaces()
    {
        QByteArray yaml = "workspaces:\n";
        for (int i = 0; i < BlaxelConfigImport::maxWorkspaces + 20; ++i)
            yaml += "  - name: ws" + QByteArray::number(i) + "\n    credentials: {apiKey: bl_fake_many_key_" +
                    QByteArray::number(i) + "_abcdef}\n";
        const BlaxelConfigScan scan = BlaxelConfigImport::parseConfig(yaml, BlaxelHosts::defaultBaseUrl());
        QCOMPARE(scan.credentials.size(), BlaxelConfigImport::maxWorkspaces);
        QCOMPARE(scan.problems.size(), 1);
        QVERIFY2(scan.problems.at(0).contains(u"only the first 100"_s), qPrintable(scan.problems.at(0)));
    }

    // Past the size limit the file is not parsed at all; the test makes it (1 MiB is not kept in tests/data).
    void hugeFileIsNotRead()
    {
        QTemporaryDir dir;
        QFile source(fixture(u"two-workspaces.yaml"_s));
        QVERIFY(source.open(QIODevice::ReadOnly));
        QFile huge(dir.filePath(u"config.yaml"_s));
        QVERIFY(huge.open(QIODevice::WriteOnly));
        huge.write(source.readAll());
        const QByteArray padding = "# " + QByteArray(1000, 'x') + '\n';
        while (huge.size() <= BlaxelConfigImport::maxConfigBytes)
            huge.write(padding);
        huge.close();
        const BlaxelConfigScan scan =
            BlaxelConfigImport::readConfigFile(huge.fileName(), BlaxelHosts::defaultBaseUrl());
        QVERIFY(scan.configFileFound);
        QVERIFY(scan.credentials.isEmpty());
        QCOMPARE(scan.problems.size(), 1);
        QVERIFY2(scan.problems.at(0).contains(u"larger than 1024 KiB"_s), qPrintable(scan.problems.at(0)));

        // Just under the limit it is read.
        QVERIFY(huge.resize(BlaxelConfigImport::maxConfigBytes - 10));
        QVERIFY(huge.open(QIODevice::Append));
        huge.write("\n");
        huge.close();
        QCOMPARE(BlaxelConfigImport::readConfigFile(huge.fileName(), BlaxelHosts::defaultBaseUrl())
                     .credentials.size(),
                 2);
    }

    void missingFileAndNotAFile()
    {
        QTemporaryDir dir;
        const BlaxelConfigScan missing =
            BlaxelConfigImport::readConfigFile(dir.filePath(u"absent.yaml"_s), BlaxelHosts::defaultBaseUrl());
        QVERIFY(!missing.configFileFound);
        QVERIFY(missing.problems.isEmpty());
        QVERIFY(missing.credentials.isEmpty());

        const BlaxelConfigScan folder =
            BlaxelConfigImport::readConfigFile(dir.path(), BlaxelHosts::defaultBaseUrl());
        QCOMPARE(folder.problems.size(), 1);
        QVERIFY(folder.problems.at(0).contains(u"not a regular file"_s));

        // scan() without a file and without variables: nothing, and nothing to complain about.
        const BlaxelConfigScan nothing = BlaxelConfigImport::scan(dir.filePath(u"absent.yaml"_s), {});
        QVERIFY(nothing.credentials.isEmpty());
        QVERIFY(nothing.problems.isEmpty());
    }

    // BL_API_KEY with BL_WORKSPACE comes first and replaces the file's entry for that workspace; BL_API_URL
    // applies to all; BL_WORKSPACE is the current workspace.
    void environment()
    {
        const QString envKey = u"bl_fake_environment_key_5555555555"_s;
        const BlaxelConfigScan scan =
            BlaxelConfigImport::scan(fixture(u"two-workspaces.yaml"_s),
                                     ::environment({{u"BL_API_KEY"_s, QString(envKey + u"\n"_s)},
                                                    {u"BL_WORKSPACE"_s, u"personal"_s},
                                                    {u"BL_API_URL"_s, u"http://127.0.0.1:8931/v0"_s}}));
        QVERIFY2(scan.problems.isEmpty(), qPrintable(scan.problems.join(u'\n')));
        QCOMPARE(scan.currentWorkspace, u"personal"_s);
        QCOMPARE(scan.credentials.size(), 2);
        const BlaxelCredential &fromEnvironment = scan.credentials.at(0);
        QVERIFY(fromEnvironment.source == BlaxelCredential::Source::Environment);
        QCOMPARE(fromEnvironment.workspace, u"personal"_s);
        QCOMPARE(fromEnvironment.key, envKey); // the line break an `echo` leaves is trimmed
        QVERIFY(fromEnvironment.keyKind == BlaxelCredential::KeyKind::ApiKey);
        QVERIFY(fromEnvironment.isCurrentContext);
        QCOMPARE(scan.credentials.at(1).workspace, u"research"_s);
        QVERIFY(!scan.credentials.at(1).isCurrentContext);
        for (const BlaxelCredential &credential : scan.credentials)
            QCOMPARE(credential.baseUrl, QUrl(u"http://127.0.0.1:8931/v0"_s));

        // Without BL_WORKSPACE the key goes with the file's current workspace.
        const BlaxelConfigScan context = BlaxelConfigImport::scan(fixture(u"two-workspaces.yaml"_s),
                                                                  ::environment({{u"BL_API_KEY"_s, envKey}}));
        QCOMPARE(context.credentials.size(), 2);
        QCOMPARE(context.credentials.at(0).workspace, u"research"_s);
        QCOMPARE(context.credentials.at(0).key, envKey);
        QCOMPARE(context.credentials.at(1).workspace, u"personal"_s);
    }

    void environmentProblems_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("workspace");
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("problem");
        QTest::addColumn<int>("offered");
        QTest::newRow("no workspace")
            << u"bl_fake_lonely_key_77777777"_s << QString() << QString() << u"set BL_WORKSPACE"_s << 0;
        QTest::newRow("key with a line break")
            << u"bl_fake\nX-Injected: 1"_s << u"ws"_s << QString() << u"BL_API_KEY cannot be used"_s << 0;
        QTest::newRow("bad workspace")
            << u"bl_fake_key_8888888888"_s << u"a b"_s << QString() << u"BL_WORKSPACE is not a usable"_s << 0;
        QTest::newRow("plain http elsewhere")
            << u"bl_fake_key_8888888888"_s << u"ws"_s << u"http://user:hunter2@api.example.com/v0"_s
            << u"BL_API_URL is refused"_s << 0;
        QTest::newRow("file url") << u"bl_fake_key_8888888888"_s << u"ws"_s << u"file:///etc/passwd"_s
                                  << u"BL_API_URL is refused"_s << 0;
        QTest::newRow("query") << u"bl_fake_key_8888888888"_s << u"ws"_s << u"https://api.example.com/?t=1"_s
                               << u"BL_API_URL is refused"_s << 0;
        QTest::newRow("fine") << u"bl_fake_key_8888888888"_s << u"ws"_s << u"https://api.example.com/v0"_s
                              << QString() << 1;
    }

    void environmentProblems()
    {
        QFETCH(QString, key);
        QFETCH(QString, workspace);
        QFETCH(QString, url);
        QFETCH(QString, problem);
        QFETCH(int, offered);
        QTemporaryDir dir;
        QProcessEnvironment env;
        env.insert(u"BL_API_KEY"_s, key);
        if (!workspace.isEmpty())
            env.insert(u"BL_WORKSPACE"_s, workspace);
        if (!url.isEmpty())
            env.insert(u"BL_API_URL"_s, url);
        const BlaxelConfigScan scan = BlaxelConfigImport::scan(dir.filePath(u"none.yaml"_s), env);
        QCOMPARE(scan.credentials.size(), offered);
        const QString problems = scan.problems.join(u'\n');
        if (problem.isEmpty())
            QVERIFY2(problems.isEmpty(), qPrintable(problems));
        else
            QVERIFY2(problems.contains(problem), qPrintable(problems));
        for (const QString &secret : {u"bl_fake"_s, u"hunter2"_s, u"X-Injected"_s})
            QVERIFY2(!problems.contains(secret), qPrintable(secret));
    }
};

QTEST_GUILESS_MAIN(TestBlaxelConfigImport)
#include "tst_blaxelconfigimport.moc"
