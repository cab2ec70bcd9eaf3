#include "emulatorprobe.h"
#include "transferharness.h"
#include "workspace/dumpjob.h"
#include "workspace/uploadjob.h"

#include <QStandardPaths>
#include <QTemporaryDir>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

// A workspace through the whole trip: UploadJob packs and PUTs it, the emulator unpacks it in memory, and
// DumpJob brings it back and extracts it. Every path, byte, mode and link target must survive.
class TestWorkspaceRoundTrip : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void roundTripKeepsPathsBytesModesAndLinks();

private:
    static constexpr qint64 bigFileSize = qint64(100) * 1024 * 1024 + 4321; // over 100 MB, not aligned
};

void TestWorkspaceRoundTrip::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    ::umask(022); // the modes compared below are the ones written here
}

void TestWorkspaceRoundTrip::roundTripKeepsPathsBytesModesAndLinks()
{
    QTemporaryDir work;
    QVERIFY(work.isValid());
    const QString source = work.filePath(u"source"_s);
    using namespace TransferFiles;
    QVERIFY(writeFile(source + u"/README.md"_s, "# Round trip\n\nA workspace that must come back whole.\n"));
    QVERIFY(writeFile(source + u"/src/app/main.cpp"_s, "int main() { return 0; }\n"));
    QVERIFY(writeFile(source + u"/src/app/deep/er/still/leaf.txt"_s, QByteArray(3000, 'x') + "\nend\n"));
    QVERIFY(writeFile(source + u"/empty.txt"_s, {}));
    QVERIFY(writeFile(source + u"/src/app/deep/empty.log"_s, {}));
    QVERIFY(QDir().mkpath(source + u"/emptydir"_s));
    QVERIFY(writeFile(source + u"/donn\u00e9es/\u00fc.txt"_s, "contenu non ASCII: \xc3\xa9\xc3\xa8\n"));
    QVERIFY(writeFile(source + u"/bin/run.sh"_s, "#!/bin/sh\necho run\n", 0755));
    QVERIFY(QDir().mkpath(source + u"/docs"_s));
    QVERIFY(makeLink(u"../src/app/deep/er/still/leaf.txt"_s, source + u"/docs/leaf-link"_s));
    QVERIFY(writeRandomFile(source + u"/big/blob.bin"_s, bigFileSize, 20240611));
    const QStringList sourceTree = describeTree(source);
    QVERIFY(sourceTree.contains(u"bin/run.sh file 755 "_s +
                                QString::fromLatin1(sha256(source + u"/bin/run.sh"_s))));
    QVERIFY(sourceTree.contains(u"docs/leaf-link link -> ../src/app/deep/er/still/leaf.txt"_s));

    TransferHarness harness;
    const QString sandbox = harness.freshSandbox();
    UploadJob upload(harness.service.get(), harness.network.get(), sandbox, u"us"_s, {source});
    upload.setRetryBaseDelayMs(10);
    upload.start();
    QVERIFY(TransferHarness::waitFinished(&upload, 240000));
    QCOMPARE(upload.state(), TransferJob::State::Done);
    QVERIFY2(upload.errorText().isEmpty(), qPrintable(upload.errorText()));

    // What the sandbox holds: the same paths, and each file's bytes.
    QStringList expectedPaths;
    for (const QString &line : sourceTree)
        expectedPaths.append(line.section(u' ', 0, 0));
    expectedPaths.sort();
    QCOMPARE(EmulatorProbe(harness.emulator).workspacePaths(sandbox), expectedPaths);
    for (const QString &line : sourceTree) {
        if (line.section(u' ', 1, 1) != u"file")
            continue;
        const QString path = line.section(u' ', 0, 0);
        QCOMPARE(sha256(EmulatorProbe(harness.emulator).workspaceFile(sandbox, path)),
                 sha256(source + u'/' + path));
    }
    QCOMPARE(EmulatorProbe(harness.emulator).workspaceFile(sandbox, u"big/blob.bin"_s).size(), bigFileSize);

    const QString extracted = work.filePath(u"extracted"_s);
    DumpJob dump(harness.service.get(), harness.network.get(), sandbox, u"us"_s, DumpJob::Mode::Extract,
                 extracted);
    dump.setRetryBaseDelayMs(10);
    dump.start();
    QVERIFY(TransferHarness::waitFinished(&dump, 240000));
    QVERIFY2(dump.state() == TransferJob::State::Done, qPrintable(dump.errorText()));
    QCOMPARE(dump.resultPath(), extracted);

    QCOMPARE(describeTree(extracted), sourceTree);
}

QTEST_GUILESS_MAIN(TestWorkspaceRoundTrip)
#include "tst_workspaceroundtrip.moc"
