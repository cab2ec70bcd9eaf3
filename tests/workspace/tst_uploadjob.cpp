#include "../postedevents.h"
#include "emulatorprobe.h"
#include "transferharness.h"
#include "workspace/objectstorereply.h"
#include "workspace/uploadjob.h"
#include "workspace/workspacearchiver.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <archive.h>
#include <archive_entry.h>

#include <atomic>

using namespace Qt::StringLiterals;

namespace {

// A .tar.gz (or, with raw = true, a gzip of plain bytes) written by libarchive, whatever its entry names say.
bool writeArchive(const QString &path, const QList<QPair<QByteArray, QByteArray>> &entries, bool raw = false)
{
    struct archive *writer = archive_write_new();
    archive_write_add_filter_gzip(writer);
    if (raw)
        archive_write_set_format_raw(writer);
    else
        archive_write_set_format_pax_restricted(writer);
    bool ok = archive_write_open_filename(writer, QFile::encodeName(path).constData()) == ARCHIVE_OK;
    for (const auto &[name, data] : entries) {
        struct archive_entry *entry = archive_entry_new();
        archive_entry_set_pathname(entry, name.constData());
        archive_entry_set_filetype(entry, AE_IFREG);
        archive_entry_set_perm(entry, 0644);
        archive_entry_set_size(entry, data.size());
        ok = ok && archive_write_header(writer, entry) == ARCHIVE_OK &&
             archive_write_data(writer, data.constData(), size_t(data.size())) == data.size();
        archive_entry_free(entry);
    }
    ok = archive_write_close(writer) == ARCHIVE_OK && ok;
    archive_write_free(writer);
    return ok;
}

} // namespace

// UploadJob against the emulator: what goes on the wire, URL refusals, cancels, dropped archives, and the
// words a person reads when it fails.
class TestUploadJob : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void putCarriesOnlyTheSignedHeaders();
    void expiredUrlIsAskedForAgainOnce();
    void twoExpiredUrlsFailWithTheStoreMessage();
    void cancelWhilePackingLeavesNothing();
    void cancelWhileUploadingLeavesNothing();
    void cancelOnEnteringAPhaseSendsNothingMore_data();
    void cancelOnEnteringAPhaseSendsNothingMore();
    void cancelOnceTheUnpackIsAskedForMayHaveLanded();
    void droppedArchiveIsUploadedAsIs();
    void notAnArchiveIsRefusedBeforeAnyRequest_data();
    void notAnArchiveIsRefusedBeforeAnyRequest();
    void archiveRejectedByTheServerShowsWhy();
    void missingSourceFails();
    void errorTextNeverCarriesSecrets();
    void redactedRemovesSignatures();

private:
    std::unique_ptr<UploadJob> makeJob(TransferHarness &harness, const QStringList &sources,
                                       const QString &sandbox = {});
    QString smallTree();

    std::unique_ptr<QTemporaryDir> m_tmp;  // TMPDIR while a test runs: must be empty after each
    std::unique_ptr<QTemporaryDir> m_work; // sources and dropped archives, outside TMPDIR
    QByteArray m_savedTmpDir;
};

void TestUploadJob::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_savedTmpDir = qgetenv("TMPDIR");
}

void TestUploadJob::init()
{
    m_work = std::make_unique<QTemporaryDir>();
    m_tmp = std::make_unique<QTemporaryDir>();
    QVERIFY(m_work->isValid() && m_tmp->isValid());
    qputenv("TMPDIR", QFile::encodeName(m_tmp->path()));
    QCOMPARE(QDir::tempPath(), QDir::cleanPath(m_tmp->path()));
}

void TestUploadJob::cleanup()
{
    if (m_savedTmpDir.isNull())
        qunsetenv("TMPDIR");
    else
        qputenv("TMPDIR", m_savedTmpDir);
    m_tmp.reset();
    m_work.reset();
}

std::unique_ptr<UploadJob> TestUploadJob::makeJob(TransferHarness &harness, const QStringList &sources,
                                                  const QString &sandbox)
{
    auto job =
        std::make_unique<UploadJob>(harness.service.get(), harness.network.get(),
                                    sandbox.isEmpty() ? harness.freshSandbox() : sandbox, u"us"_s, sources);
    job->setRetryBaseDelayMs(10);
    return job;
}

QString TestUploadJob::smallTree()
{
    const QString root = m_work->filePath(u"small"_s);
    TransferFiles::writeFile(root + u"/hello.txt"_s, "hello\n");
    TransferFiles::writeFile(root + u"/sub/data.bin"_s, QByteArray(5000, '\x7f'));
    return root;
}

void TestUploadJob::putCarriesOnlyTheSignedHeaders()
{
    TransferHarness harness;
    auto job = makeJob(harness, {smallTree()});
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));

    const auto puts = harness.storeRequests("PUT");
    QCOMPARE(puts.size(), 1);
    const auto &put = puts.first();
    QCOMPARE(put.status, 200);
    QCOMPARE(put.header("Content-Type"), QByteArray("application/gzip"));
    QVERIFY(!put.hasHeader("Authorization"));
    QVERIFY(!put.hasHeader("Content-Encoding"));
    QVERIFY(put.bodySize > 0 && put.header("Content-Length").toLongLong() == put.bodySize);
    // The API calls did carry the key: the PUT leaving it out is a choice, not an accident of the harness.
    QVERIFY(EmulatorProbe(harness.emulator).apiRequests().first().hasHeader("Authorization"));
    QCOMPARE(EmulatorProbe(harness.emulator).workspacePaths(job->sandboxId()),
             QStringList({u"hello.txt"_s, u"sub"_s, u"sub/data.bin"_s}));
    QCOMPARE(EmulatorProbe(harness.emulator).workspaceFile(job->sandboxId(), u"hello.txt"_s),
             QByteArray("hello\n"));
    QCOMPARE(TransferFiles::leftovers(m_tmp->path()), QStringList());
}

void TestUploadJob::expiredUrlIsAskedForAgainOnce()
{
    TransferHarness harness;
    Emulator::FaultSettings faults;
    faults.expireNextUrls = 1;
    harness.emulator->setFaults(faults);
    auto job = makeJob(harness, {smallTree()});
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));

    QCOMPARE(EmulatorProbe(harness.emulator)
                 .requestCount("POST", harness.apiPath(job->sandboxId(), u"upload-url"_s)),
             2);
    QCOMPARE(EmulatorProbe(harness.emulator)
                 .requestCount("POST", harness.apiPath(job->sandboxId(), u"initialize"_s)),
             1);
    const auto puts = harness.storeRequests("PUT");
    QCOMPARE(puts.size(), 2);
    QCOMPARE(puts.at(0).status, 400);
    QCOMPARE(puts.at(1).status, 200);
    QVERIFY(puts.at(0).query != puts.at(1).query); // the second PUT used the fresh URL
    QCOMPARE(EmulatorProbe(harness.emulator).workspacePaths(job->sandboxId()).size(), 3);
}

void TestUploadJob::twoExpiredUrlsFailWithTheStoreMessage()
{
    TransferHarness harness;
    Emulator::FaultSettings faults;
    faults.expireNextUrls = 2;
    harness.emulator->setFaults(faults);
    auto job = makeJob(harness, {smallTree()});
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QCOMPARE(job->state(), TransferJob::State::Failed);

    QCOMPARE(EmulatorProbe(harness.emulator)
                 .requestCount("POST", harness.apiPath(job->sandboxId(), u"upload-url"_s)),
             2);
    QCOMPARE(harness.storeRequests("PUT").size(), 2);
    QCOMPARE(EmulatorProbe(harness.emulator)
                 .requestCount("POST", harness.apiPath(job->sandboxId(), u"initialize"_s)),
             0);
    const QString text = job->errorText();
    QVERIFY2(text.contains(u"ExpiredToken"_s), qPrintable(text));
    QVERIFY2(text.contains(u"The provided token has expired"_s), qPrintable(text));
    QVERIFY2(text.contains(u"Retry"_s), qPrintable(text));
    QVERIFY(EmulatorProbe(harness.emulator).workspacePaths(job->sandboxId()).isEmpty());
    // A failed or cancelled job removes its temporary folder on a worker, without waiting.
    QTRY_COMPARE(TransferFiles::leftovers(m_tmp->path()), QStringList());
}

void TestUploadJob::cancelWhilePackingLeavesNothing()
{
    const QString root = m_work->filePath(u"big"_s);
    QVERIFY(TransferFiles::writeRandomFile(root + u"/a.bin"_s, 48 << 20, 1));
    QVERIFY(TransferFiles::writeRandomFile(root + u"/b.bin"_s, 48 << 20, 2));
    TransferHarness harness;
    auto job = makeJob(harness, {root});
    bool sawPacking = false;
    connect(job.get(), &TransferJob::progressChanged, this, [&](qint64 done, qint64 total) {
        if (job->state() == TransferJob::State::Packing && done > 0 && done < total && !sawPacking) {
            sawPacking = true;
            QMetaObject::invokeMethod(job.get(), &TransferJob::cancel, Qt::QueuedConnection);
        }
    });
    QSignalSpy finished(job.get(), &TransferJob::finished);
    job->start();
    QCOMPARE(job->state(), TransferJob::State::Packing);
    QVERIFY(!TransferFiles::leftovers(m_tmp->path()).isEmpty()); // the packing happens in TMPDIR
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QVERIFY(sawPacking);
    QCOMPARE(job->state(), TransferJob::State::Cancelled);
    QVERIFY(finished.count() == 1 && job->errorText().isEmpty());
    QCOMPARE(EmulatorProbe(harness.emulator).apiRequests().size(), 0);
    // A failed or cancelled job removes its temporary folder on a worker, without waiting.
    QTRY_COMPARE(TransferFiles::leftovers(m_tmp->path()), QStringList());
    // The packer's end was what completed the cancel: anything still on its way to the job was queued before
    // this call, and is handled by the time it runs.
    QVERIFY(PostedEvents::handled());
    QCOMPARE(finished.count(), 1);
}

void TestUploadJob::cancelWhileUploadingLeavesNothing()
{
    const QString root = m_work->filePath(u"big"_s);
    QVERIFY(TransferFiles::writeRandomFile(root + u"/a.bin"_s, 64 << 20, 3));
    TransferHarness harness;
    auto job = makeJob(harness, {root});
    bool cancelled = false;
    connect(job.get(), &TransferJob::progressChanged, this, [&](qint64 done, qint64 total) {
        if (job->state() == TransferJob::State::Uploading && done > 0 && done < total && !cancelled) {
            cancelled = true;
            job->cancel(); // from inside the reply's own progress signal, the hardest moment
        }
    });
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QVERIFY(cancelled);
    QCOMPARE(job->state(), TransferJob::State::Cancelled);
    QCOMPARE(EmulatorProbe(harness.emulator)
                 .requestCount("POST", harness.apiPath(job->sandboxId(), u"initialize"_s)),
             0);
    // A failed or cancelled job removes its temporary folder on a worker, without waiting.
    QTRY_COMPARE(TransferFiles::leftovers(m_tmp->path()), QStringList());
    // Only an initialize fills the workspace, and the job sends none once cancelled: what was already queued
    // to it (the aborted upload's last signals) is handled before this call runs.
    QVERIFY(PostedEvents::handled());
    QCOMPARE(EmulatorProbe(harness.emulator)
                 .requestCount("POST", harness.apiPath(job->sandboxId(), u"initialize"_s)),
             0);
    QVERIFY(EmulatorProbe(harness.emulator).workspacePaths(job->sandboxId()).isEmpty());
}

void TestUploadJob::cancelOnEnteringAPhaseSendsNothingMore_data()
{
    QTest::addColumn<int>("phase");
    QTest::newRow("requesting a URL") << int(TransferJob::State::Requesting);
    QTest::newRow("uploading") << int(TransferJob::State::Uploading);
    QTest::newRow("initializing") << int(TransferJob::State::Initializing);
}

// Whoever watches the job (the Transfers view, the CLI) may cancel it the moment it says it enters a phase:
// that phase's request must then never go out.
void TestUploadJob::cancelOnEnteringAPhaseSendsNothingMore()
{
    QFETCH(int, phase);
    TransferHarness harness;
    auto job = makeJob(harness, {smallTree()});
    connect(job.get(), &TransferJob::stateChanged, this, [&](TransferJob::State state) {
        if (int(state) == phase)
            job->cancel();
    });
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QCOMPARE(job->state(), TransferJob::State::Cancelled);
    QVERIFY(!job->mayHaveLanded());
    // A call sent after the cancel would be in flight until the emulator answered (and recorded) it.
    QVERIFY(PostedEvents::handled());
    QTRY_COMPARE(harness.transport->inFlight(), 0);
    EmulatorProbe probe(harness.emulator);
    // Nothing reached the API but the requests of the phases before the cancel.
    if (phase == int(TransferJob::State::Requesting))
        QCOMPARE(probe.apiRequests().size(), 0);
    QCOMPARE(probe.requestCount("POST", harness.apiPath(job->sandboxId(), u"initialize"_s)), 0);
    const auto storeRequests = probe.objectStoreRequests();
    const auto puts = std::count_if(storeRequests.cbegin(), storeRequests.cend(),
                                    [](const Emulator::RecordedRequest &r) { return r.method == "PUT"; });
    QCOMPARE(int(puts), phase == int(TransferJob::State::Initializing) ? 1 : 0);
    QVERIFY(probe.workspacePaths(job->sandboxId()).isEmpty());
    QTRY_COMPARE(TransferFiles::leftovers(m_tmp->path()), QStringList());
}

// The initialize call unpacks the archive into the workspace; once it is sent a cancel cannot take it
// back, and the job says so instead of promising that nothing was left.
void TestUploadJob::cancelOnceTheUnpackIsAskedForMayHaveLanded()
{
    TransferHarness harness;
    auto job = makeJob(harness, {smallTree()});
    connect(job.get(), &TransferJob::stateChanged, this, [&](TransferJob::State state) {
        if (state == TransferJob::State::Initializing)
            QMetaObject::invokeMethod(job.get(), &TransferJob::cancel, Qt::QueuedConnection);
    });
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QCOMPARE(job->state(), TransferJob::State::Cancelled);
    QVERIFY(job->mayHaveLanded());
}

void TestUploadJob::droppedArchiveIsUploadedAsIs()
{
    const QString root = smallTree();
    const QString archive = m_work->filePath(u"dropped.tar.gz"_s);
    std::atomic_bool never = false;
    QVERIFY(WorkspaceArchiver::pack({root}, archive, 1, never, {}).ok);
    const QByteArray hashBefore = TransferFiles::sha256(archive);

    TransferHarness harness;
    auto job = makeJob(harness, {archive});
    QList<TransferJob::State> states;
    connect(job.get(), &TransferJob::stateChanged, this,
            [&](TransferJob::State state) { states.append(state); });
    job->start();
    QVERIFY(TransferFiles::leftovers(m_tmp->path()).isEmpty()); // no temporary copy, no repack
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
    QVERIFY(!states.contains(TransferJob::State::Packing));

    const auto puts = harness.storeRequests("PUT");
    QCOMPARE(puts.size(), 1);
    QCOMPARE(puts.first().bodySize, QFileInfo(archive).size());
    QCOMPARE(TransferFiles::sha256(archive), hashBefore); // the user's file stays, untouched
    QCOMPARE(EmulatorProbe(harness.emulator).workspacePaths(job->sandboxId()),
             QStringList({u"hello.txt"_s, u"sub"_s, u"sub/data.bin"_s}));
    QCOMPARE(TransferFiles::leftovers(m_tmp->path()), QStringList());
}

void TestUploadJob::notAnArchiveIsRefusedBeforeAnyRequest_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain text") << u"text"_s << u"is not a gzip file"_s;
    QTest::newRow("gzip, not tar") << u"gzip"_s << u"is not a readable .tar.gz"_s;
    QTest::newRow("empty file") << u"empty"_s << u"is not a gzip file"_s;
}

void TestUploadJob::notAnArchiveIsRefusedBeforeAnyRequest()
{
    QFETCH(QString, kind);
    QFETCH(QString, expected);
    const QString path = m_work->filePath(u"workspace.tar.gz"_s);
    if (kind == u"text")
        QVERIFY(TransferFiles::writeFile(path, "just some notes, not an archive\n"));
    else if (kind == u"gzip")
        QVERIFY(writeArchive(path, {{"notes", QByteArray(2000, 'n')}}, true));
    else
        QVERIFY(TransferFiles::writeFile(path, {}));

    TransferHarness harness;
    auto job = makeJob(harness, {path});
    QSignalSpy finished(job.get(), &TransferJob::finished);
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QCOMPARE(job->state(), TransferJob::State::Failed);
    QCOMPARE(finished.count(), 1);
    const QString text = job->errorText();
    QVERIFY2(text.contains(expected), qPrintable(text));
    QVERIFY2(text.contains(u"workspace.tar.gz"_s), qPrintable(text));
    QVERIFY2(text.contains(u"Drop the folder"_s), qPrintable(text));
    QCOMPARE(EmulatorProbe(harness.emulator).apiRequests().size(), 0);
    QCOMPARE(EmulatorProbe(harness.emulator).objectStoreRequests().size(), 0);
    QVERIFY(QFileInfo::exists(path));
}

void TestUploadJob::archiveRejectedByTheServerShowsWhy()
{
    const QString path = m_work->filePath(u"escape.tar.gz"_s);
    QVERIFY(writeArchive(path, {{"fine.txt", "fine\n"}, {"../escape.txt", "out\n"}}));
    QVERIFY(WorkspaceArchiver::isGzipTar(path)); // passes our own check: only the server can refuse it

    TransferHarness harness;
    auto job = makeJob(harness, {path});
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QCOMPARE(job->state(), TransferJob::State::Failed);
    const QString text = job->errorText();
    QVERIFY2(text.contains(u"Archive rejected: path '../escape.txt' leaves the workspace (..)"_s),
             qPrintable(text));
    QVERIFY2(text.contains(u"could not unpack"_s), qPrintable(text));
    QCOMPARE(harness.storeRequests("PUT").size(), 1);
    QVERIFY(EmulatorProbe(harness.emulator).workspacePaths(job->sandboxId()).isEmpty());
}

void TestUploadJob::missingSourceFails()
{
    TransferHarness harness;
    auto job = makeJob(harness, {m_work->filePath(u"does-not-exist"_s)});
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QCOMPARE(job->state(), TransferJob::State::Failed);
    QVERIFY2(job->errorText().contains(u"does-not-exist"_s), qPrintable(job->errorText()));
    QCOMPARE(EmulatorProbe(harness.emulator).apiRequests().size(), 0);
    // A failed or cancelled job removes its temporary folder on a worker, without waiting.
    QTRY_COMPARE(TransferFiles::leftovers(m_tmp->path()), QStringList());
}

void TestUploadJob::errorTextNeverCarriesSecrets()
{
    const QString key = u"sk-live-DO-NOT-LEAK-5f2e9a"_s;
    TransferHarness harness(key);
    QStringList texts;

    // The store's refusal, twice: its message names the request, never the signature.
    Emulator::FaultSettings faults;
    faults.expireNextUrls = 2;
    harness.emulator->setFaults(faults);
    auto refused = makeJob(harness, {smallTree()});
    refused->start();
    QVERIFY(TransferHarness::waitFinished(refused.get()));
    QCOMPARE(refused->state(), TransferJob::State::Failed);
    texts << refused->errorText();

    // The API failing: its words, not the key it was sent with.
    faults = {};
    faults.failNextRequests = 20;
    harness.emulator->setFaults(faults);
    auto apiDown = makeJob(harness, {smallTree()});
    apiDown->start();
    QVERIFY(TransferHarness::waitFinished(apiDown.get()));
    QCOMPARE(apiDown->state(), TransferJob::State::Failed);
    QVERIFY2(apiDown->errorText().contains(u"upload URL"_s), qPrintable(apiDown->errorText()));
    texts << apiDown->errorText();

    QStringList signatures;
    for (const auto &request : EmulatorProbe(harness.emulator).objectStoreRequests()) {
        for (const QString &item : request.query.split(u'&')) {
            if (item.startsWith(u"X-Goog-Signature="_s))
                signatures << item.mid(17);
        }
    }
    QCOMPARE(signatures.size(), 2);
    for (const QString &text : std::as_const(texts)) {
        qInfo("%s", qPrintable(text));
        QVERIFY(!text.isEmpty());
        QVERIFY2(!text.contains(key), qPrintable(text));
        QVERIFY2(!text.contains(QRegularExpression(u"Signature=[0-9a-f]"_s)), qPrintable(text));
        for (const QString &signature : std::as_const(signatures))
            QVERIFY2(!text.contains(signature), qPrintable(text));
    }
}

void TestUploadJob::redactedRemovesSignatures()
{
    const QUrl url(u"http://127.0.0.1:9/klavis-us/uploads/x.tar.gz?X-Goog-Date=20250101T000000Z"
                   "&X-Goog-Signature=deadbeef0123&X-Goog-Expires=1800"_s);
    // Qt's own error strings quote the whole URL ("Error transferring <url> - server replied: ...").
    const QString text = u"Error transferring "_s + url.toString() + u" - server replied: Forbidden"_s;
    const QString clean = ObjectStoreReply::redacted(text, url);
    QVERIFY2(!clean.contains(u"deadbeef0123"_s), qPrintable(clean));
    QVERIFY2(clean.contains(u"http://127.0.0.1:9/klavis-us/uploads/x.tar.gz"_s), qPrintable(clean));
    QVERIFY2(clean.contains(u"server replied: Forbidden"_s), qPrintable(clean));
    const QString other = ObjectStoreReply::redacted(u"see https://store/o?sig=abc%2F1&se=2030 and "
                                                     "X-Amz-Signature=f00d"_s);
    QVERIFY2(!other.contains(u"abc%2F1"_s) && !other.contains(u"f00d"_s), qPrintable(other));
    QVERIFY2(other.contains(u"se=2030"_s), qPrintable(other));
}

QTEST_GUILESS_MAIN(TestUploadJob)
#include "tst_uploadjob.moc"
