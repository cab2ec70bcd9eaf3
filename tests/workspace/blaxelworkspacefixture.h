#pragma once

// What the Blaxel workspace suites share: the emulator with one DEPLOYED sandbox, the files client on its
// URL, and helpers to look at the sandbox's folders on the emulator's disk.

#include "../emulator/blaxelclient.h"
#include "api/blaxelsandboxfiles.h"
#include "transferharness.h"

#include <QStandardPaths>
#include <QTemporaryDir>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace TransferFiles;

class BlaxelWorkspaceFixture
{
protected:
    std::unique_ptr<QTemporaryDir> m_data;
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<EmulatorTest::BlaxelClient> m_blaxel;
    std::unique_ptr<BlaxelSandboxFiles> m_files;
    QString m_name;

    // The sandbox's working directory on the emulator's disk.
    QString workingDir() const
    {
        return QFileInfo(m_data->path()).canonicalFilePath() + u"/demo/"_s + m_name + u"/blaxel"_s;
    }
    QString sandboxTmp() const
    {
        return QFileInfo(m_data->path()).canonicalFilePath() + u"/demo/"_s + m_name + u"/tmp"_s;
    }
    QStringList temporaryArchives() const
    {
        return QDir(sandboxTmp()).entryList({u"sandboxdeck-*"_s}, QDir::Files);
    }

    ApiResult<BlaxelProcessResult> run(const QString &command)
    {
        std::optional<ApiResult<BlaxelProcessResult>> result;
        QObject context;
        m_files->run(command, {}, &context,
                     [&](const ApiResult<BlaxelProcessResult> &answer) { result = answer; });
        (void)QTest::qWaitFor([&] { return result.has_value(); }, 60000);
        return result.value_or(ApiResult<BlaxelProcessResult>(ApiError::local(u"no answer"_s)));
    }

    template <typename T> std::optional<ApiResult<T>> wait(std::optional<ApiResult<T>> &result)
    {
        (void)QTest::qWaitFor([&] { return result.has_value(); }, 60000);
        return result;
    }

    static QStringList sourceTree(const QString &source, qint64 bigBytes)
    {
        writeFile(source + u"/README.md"_s, "# Round trip\n\nA workspace that must come back whole.\n");
        writeFile(source + u"/src/app/main.cpp"_s, "int main() { return 0; }\n");
        writeFile(source + u"/src/app/deep/er/leaf.txt"_s, QByteArray(3000, 'x') + "\nend\n");
        writeFile(source + u"/empty.txt"_s, {});
        QDir().mkpath(source + u"/emptydir"_s);
        writeFile(source + u"/donn\u00e9es/\u00fc.txt"_s, "contenu non ASCII: \xc3\xa9\xc3\xa8\n");
        writeFile(source + u"/bin/run.sh"_s, "#!/bin/sh\necho run\n", 0755);
        writeFile(source + u"/private.txt"_s, "mine\n", 0600);
        QDir().mkpath(source + u"/docs"_s);
        makeLink(u"../src/app/deep/er/leaf.txt"_s, source + u"/docs/leaf-link"_s);
        if (bigBytes > 0)
            writeRandomFile(source + u"/big/blob.bin"_s, bigBytes, 20261124);
        return describeTree(source);
    }

    // For initTestCase(), init() and cleanup(); a failure in setUpSandbox() is recorded and the test does
    // not run.
    static void setUpOnce()
    {
        QStandardPaths::setTestModeEnabled(true);
        ::umask(022); // the modes compared below are the ones written here
    }

    void setUpSandbox()
    {
        m_data = std::make_unique<QTemporaryDir>();
        QVERIFY(m_data->isValid());
        m_server = EmulatorTest::blaxelEmulator(
            m_data->path(), [](Emulator::BlaxelSettings &settings) { settings.transitionMs = 100; });
        m_server->recordRequests();
        QVERIFY(m_server->listen());
        m_blaxel = std::make_unique<EmulatorTest::BlaxelClient>(m_server->apiBaseUrl());
        m_name = u"workspace-trip"_s;
        QCOMPARE(m_blaxel->control("POST", {}, EmulatorTest::BlaxelClient::createBody(m_name)).status, 200);
        QTRY_COMPARE_WITH_TIMEOUT(m_blaxel->status(m_name), u"DEPLOYED"_s, 5000);
        const QUrl url(m_blaxel->url(m_name));
        QVERIFY(url.isValid());
        m_files = std::make_unique<BlaxelSandboxFiles>(m_name, url, m_server->apiKey(), u"demo"_s);
        BlaxelSandboxFiles::Limits limits = m_files->limits();
        limits.retryBaseDelayMs = 10;
        limits.processPollMs = 50;
        m_files->setLimits(limits);
    }

    void tearDownSandbox()
    {
        m_files.reset();
        m_blaxel.reset();
        m_server.reset();
        m_data.reset();
    }
};
