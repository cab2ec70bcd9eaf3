// The in-memory workspace and its tar.gz packing and safe unpacking, without HTTP.

#include "emulator/workspace/workspace.h"
#include "emulator/workspace/workspacearchive.h"
#include "tarbuilder.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;
using Emulator::Workspace;
using Emulator::WorkspaceArchive;

class TestEmulatorWorkspace final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void normalizePath_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("refused");
        QTest::newRow("plain") << u"a/b.txt"_s << u"a/b.txt"_s << false;
        QTest::newRow("dot slash") << u"./a/b.txt"_s << u"a/b.txt"_s << false;
        QTest::newRow("root") << u"./"_s << QString() << false;
        QTest::newRow("inner dot") << u"a/./b"_s << u"a/b"_s << false;
        QTest::newRow("dir slash") << u"./dir/"_s << u"dir"_s << false;
        QTest::newRow("absolute") << u"/etc/passwd"_s << QString() << true;
        QTest::newRow("dot dot") << u"a/../../b"_s << QString() << true;
        QTest::newRow("inner dot dot") << u"a/../b"_s << QString() << true;
    }

    void normalizePath()
    {
        QFETCH(QString, name);
        QFETCH(QString, path);
        QFETCH(bool, refused);
        QString error;
        QCOMPARE(Workspace::normalizePath(name, &error), path);
        QCOMPARE(!error.isEmpty(), refused);
    }

    void symlinkTargets_data()
    {
        QTest::addColumn<QString>("link");
        QTest::addColumn<QString>("target");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("sibling") << u"a/l"_s << u"f"_s << true;
        QTest::newRow("parent") << u"a/l"_s << u"../f"_s << true;
        QTest::newRow("escape") << u"a/l"_s << u"../../f"_s << false;
        QTest::newRow("absolute") << u"l"_s << u"/etc"_s << false;
        QTest::newRow("climb after name") << u"l"_s << u"a/../.."_s << false;
        QTest::newRow("empty") << u"l"_s << QString() << false;
    }

    void symlinkTargets()
    {
        QFETCH(QString, link);
        QFETCH(QString, target);
        QFETCH(bool, accepted);
        Workspace workspace;
        QCOMPARE(workspace.addSymlink(link, target).isEmpty(), accepted);
    }

    void modesAreMasked()
    {
        Workspace workspace;
        QVERIFY(workspace.addFile(u"x/run.sh"_s, "#!/bin/sh\n", 04777).isEmpty());
        QCOMPARE(workspace.entry(u"x/run.sh"_s)->mode, 0755);
        QCOMPARE(workspace.entry(u"x"_s)->type, Workspace::EntryType::Directory);
        QVERIFY(!workspace.addFile(u"x/run.sh/below"_s, "no").isEmpty());
        QVERIFY(!workspace.addFile(u"x"_s, "not over a folder with content").isEmpty());
    }

    void packThenExtract()
    {
        Workspace source;
        source.addFile(u"README.md"_s, "readme");
        source.addFile(u"deep/er/file.bin"_s, QByteArray(70000, '\x07'), 0600);
        source.addSymlink(u"deep/link"_s, u"er/file.bin"_s);
        source.addDirectory(u"empty"_s);
        const QByteArray archive = WorkspaceArchive::pack(source, QDateTime::fromSecsSinceEpoch(1700000000));
        Workspace copy;
        QCOMPARE(WorkspaceArchive::extract(archive, copy), QString());
        QCOMPARE(copy.paths(), source.paths());
        QCOMPARE(copy.entry(u"deep/er/file.bin"_s)->data, source.entry(u"deep/er/file.bin"_s)->data);
        QCOMPARE(copy.entry(u"deep/er/file.bin"_s)->mode, 0600);
        QCOMPARE(copy.entry(u"deep/link"_s)->linkTarget, u"er/file.bin"_s);

        // Every name in a dump starts with "./", the root itself first.
        archive_entry *entry = nullptr;
        struct archive *reader = archive_read_new();
        archive_read_support_filter_gzip(reader);
        archive_read_support_format_tar(reader);
        QCOMPARE(archive_read_open_memory(reader, archive.constData(), size_t(archive.size())), ARCHIVE_OK);
        QStringList names;
        while (archive_read_next_header(reader, &entry) == ARCHIVE_OK)
            names.append(QString::fromUtf8(archive_entry_pathname_utf8(entry)));
        archive_read_free(reader);
        QVERIFY(names.constFirst() == u"."_s || names.constFirst() == u"./"_s);
        for (const QString &name : names)
            QVERIFY2(name.startsWith(u"."_s), qPrintable(name));
        QVERIFY(names.contains(u"./README.md"_s));
    }

    // A dump made twice must be the same bytes (cli_faults compares a resumed download with a whole one).
    // gzip's header holds a modification time at bytes 4..7 (RFC 1952); zero means "none".
    void packIsReproducible()
    {
        Workspace source;
        source.addFile(u"a.txt"_s, "a\n");
        const QByteArray archive = WorkspaceArchive::pack(source, QDateTime::fromSecsSinceEpoch(1700000000));
        QVERIFY(archive.size() > 10);
        QCOMPARE(archive.left(2), QByteArray("\x1f\x8b"));
        QCOMPARE(archive.mid(4, 4), QByteArray(4, '\0'));
        QCOMPARE(WorkspaceArchive::pack(source, QDateTime::fromSecsSinceEpoch(1700000000)), archive);
    }

    void limits()
    {
        const QByteArray archive = makeTar({{u"a"_s, TarEntry::File, QByteArray(1000, 'a'), {}},
                                            {u"b"_s, TarEntry::File, QByteArray(1000, 'b'), {}}});
        Workspace workspace;
        WorkspaceArchive::Limits tight;
        tight.maxTotalBytes = 1500;
        QVERIFY(WorkspaceArchive::extract(archive, workspace, tight).contains(u"more than 1500 bytes"_s));
        tight = {};
        tight.maxEntries = 1;
        QVERIFY(WorkspaceArchive::extract(archive, workspace, tight).contains(u"more than 1 entries"_s));
        QVERIFY(workspace.isEmpty());
        QCOMPARE(WorkspaceArchive::extract(archive, workspace), QString());
        QCOMPARE(workspace.totalFileBytes(), qint64(2000));
    }

    void emptyArchive()
    {
        Workspace workspace;
        QCOMPARE(WorkspaceArchive::extract(makeTar({}), workspace), QString());
        QVERIFY(workspace.isEmpty());
        QVERIFY(!WorkspaceArchive::extract(QByteArray(), workspace).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestEmulatorWorkspace)
#include "tst_emulatorworkspace.moc"
