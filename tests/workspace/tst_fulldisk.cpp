// A full disk during a dump download or an extraction: the job fails with a sentence that says the disk is
// full, and nothing partial stays at the target (no file, no folder, no staging or temporary files).
// Runs under with-small-disk.sh, which mounts a 2 MiB tmpfs and names it in SANDBOXDECK_SMALL_DISK.

#include "emulatorprobe.h"
#include "transferharness.h"
#include "workspace/dumpjob.h"
#include "workspace/safeextractor.h"

#include <QDir>
#include <QTemporaryDir>

#include <cstring>

#include <archive.h>
#include <archive_entry.h>

#include <sys/statvfs.h>

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 MiB = 1024 * 1024;

QByteArray randomBytes(qint64 size)
{
    QByteArray data(size, Qt::Uninitialized);
    QRandomGenerator generator(7);
    for (qint64 i = 0; i < size; i += 4) {
        const quint32 word = generator.generate();
        std::memcpy(data.data() + i, &word, size_t(std::min<qint64>(4, size - i)));
    }
    return data;
}

// A .tar.gz of one file and a few small ones after it, written with libarchive.
bool writeArchive(const QString &path, const QByteArray &big)
{
    archive *writer = archive_write_new();
    archive_write_add_filter_gzip(writer);
    archive_write_set_format_pax_restricted(writer);
    if (archive_write_open_filename(writer, QFile::encodeName(path).constData()) != ARCHIVE_OK) {
        archive_write_free(writer);
        return false;
    }
    const auto add = [writer](const char *name, const QByteArray &data) {
        archive_entry *entry = archive_entry_new();
        archive_entry_set_pathname(entry, name);
        archive_entry_set_filetype(entry, AE_IFREG);
        archive_entry_set_perm(entry, 0644);
        archive_entry_set_size(entry, data.size());
        archive_write_header(writer, entry);
        archive_write_data(writer, data.constData(), size_t(data.size()));
        archive_entry_free(entry);
    };
    add("small.txt", "before the big one\n");
    add("data/big.bin", big);
    add("z-after.txt", "after the big one\n");
    const bool ok = archive_write_close(writer) == ARCHIVE_OK;
    archive_write_free(writer);
    return ok;
}

bool saysDiskIsFull(const QString &text)
{
    return text.contains(u"No space left on device"_s) ||
           text.contains(u"disk is full"_s, Qt::CaseInsensitive);
}

} // namespace

class TestFullDisk final : public QObject
{
    Q_OBJECT

private:
    QString m_disk;
    std::unique_ptr<TransferHarness> m_harness;
    QString m_sandbox;

    QStringList leftOnDisk() const
    {
        return QDir(m_disk).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_disk = qEnvironmentVariable("SANDBOXDECK_SMALL_DISK");
        QVERIFY2(!m_disk.isEmpty(), "run me through tests/workspace/with-small-disk.sh (ctest does)");
        struct statvfs info
        {
        };
        QVERIFY(::statvfs(QFile::encodeName(m_disk).constData(), &info) == 0);
        const qint64 size = qint64(info.f_blocks) * qint64(info.f_frsize);
        QVERIFY2(size > 0 && size <= 2 * MiB, qPrintable(QString::number(size)));
    }

    void init()
    {
        QCOMPARE(leftOnDisk(), QStringList());
        m_harness = std::make_unique<TransferHarness>();
        m_sandbox = m_harness->freshSandbox();
        // 3 MiB that gzip cannot shrink: the dump is bigger than the whole disk.
        QCOMPARE(EmulatorProbe(m_harness->emulator)
                     .addWorkspaceFile(m_sandbox, u"data/random.bin"_s, randomBytes(3 * MiB)),
                 QString());
        QCOMPARE(EmulatorProbe(m_harness->emulator).addWorkspaceFile(m_sandbox, u"notes.txt"_s, "notes\n"),
                 QString());
    }

    void cleanup()
    {
        m_harness.reset();
        // Whatever a failing test left must not spoil the next one.
        QDir(m_disk).removeRecursively();
        QDir().mkpath(m_disk);
    }

    void dumpDownloadOntoAFullDisk()
    {
        const QString target = m_disk + u"/dump.tar.gz"_s;
        DumpJob job(m_harness->service.get(), m_harness->network.get(), m_sandbox, u"us"_s,
                    DumpJob::Mode::SaveArchive, target);
        job.start();
        QVERIFY(TransferHarness::waitFinished(&job));
        QCOMPARE(job.state(), TransferJob::State::Failed);
        QVERIFY2(saysDiskIsFull(job.errorText()), qPrintable(job.errorText()));
        QVERIFY(!QFileInfo::exists(target));
        QCOMPARE(leftOnDisk(), QStringList()); // no QSaveFile temporary either
    }

    void dumpExtractionOntoAFullDisk()
    {
        // The download goes to TMPDIR (not the small disk); the extraction into the small disk fails.
        const QString target = m_disk + u"/extracted"_s;
        DumpJob job(m_harness->service.get(), m_harness->network.get(), m_sandbox, u"us"_s,
                    DumpJob::Mode::Extract, target);
        job.start();
        QVERIFY(TransferHarness::waitFinished(&job));
        QCOMPARE(job.state(), TransferJob::State::Failed);
        QVERIFY2(saysDiskIsFull(job.errorText()), qPrintable(job.errorText()));
        QVERIFY(!QFileInfo::exists(target));
        QCOMPARE(leftOnDisk(), QStringList());
    }

    void extractorOntoAFullDisk_data()
    {
        QTest::addColumn<bool>("targetExists");
        QTest::newRow("new folder") << false;
        QTest::newRow("existing empty folder") << true;
    }

    void extractorOntoAFullDisk()
    {
        QFETCH(bool, targetExists);
        QTemporaryDir work; // on the ordinary disk
        QVERIFY(work.isValid());
        const QString archive = work.filePath(u"big.tar.gz"_s);
        QVERIFY(writeArchive(archive, randomBytes(3 * MiB)));
        const QString target = m_disk + u"/out"_s;
        if (targetExists)
            QVERIFY(QDir().mkpath(target));
        const std::atomic_bool cancel = false;
        const ExtractionReport report =
            SafeExtractor::extract(archive, target, ExtractionLimits(), cancel, {});
        QVERIFY(!report.ok);
        QVERIFY(!report.cancelled);
        QVERIFY2(saysDiskIsFull(report.error), qPrintable(report.error));
        // An empty folder the person chose may stay, empty; a new one is not left behind.
        if (targetExists) {
            QCOMPARE(leftOnDisk(), QStringList{u"out"_s});
            QCOMPARE(QDir(target).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                     QStringList());
        } else {
            QCOMPARE(leftOnDisk(), QStringList());
        }
    }
};

QTEST_GUILESS_MAIN(TestFullDisk)
#include "tst_fulldisk.moc"
