#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "emulatorprobe.h"
#include "serviceharness.h"

#include <QPointer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

class TestKlavisServices : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ServiceHarness> h;
    std::unique_ptr<KlavisSandboxService> sandboxes;
    std::unique_ptr<KlavisLocalSandboxService> local;

    ApiResult<SandboxList> list(const SandboxFilter &filter = {})
    {
        return h->await<SandboxList>([&](QObject *c, auto done) { return sandboxes->list(filter, c, done); });
    }
    ApiResult<AcquiredSandbox> acquire(const AcquireRequest &request)
    {
        return h->await<AcquiredSandbox>(
            [&](QObject *c, auto done) { return sandboxes->acquire(request, c, done); });
    }
    ApiResult<SandboxDetails> details(const QString &server, const QString &id)
    {
        return h->await<SandboxDetails>(
            [&](QObject *c, auto done) { return sandboxes->details(server, id, c, done); });
    }

private slots:
    void init()
    {
        h = std::make_unique<ServiceHarness>();
        sandboxes = std::make_unique<KlavisSandboxService>(h->transport.get());
        local = std::make_unique<KlavisLocalSandboxService>(h->transport.get());
    }

    void listDecodedOffThreadAnswersOnTheCallersThread()
    {
        QObject context;
        QThread *answeredOn = nullptr;
        qsizetype rows = 0;
        sandboxes->listDecodedOffThread({}, &context, [&](const ApiResult<SandboxList> &result) {
            answeredOn = QThread::currentThread();
            rows = result ? result->sandboxes.size() : -1;
        });
        QVERIFY(QTest::qWaitFor([&] { return answeredOn != nullptr; }, 10000));
        QCOMPARE(answeredOn, QThread::currentThread());
        QCOMPARE(rows, list({})->sandboxes.size());
        // A context gone before the answer is not called.
        bool called = false;
        auto gone = std::make_unique<QObject>();
        const QPointer<ApiCall> call = sandboxes->listDecodedOffThread(
            {}, gone.get(), [&](const ApiResult<SandboxList> &) { called = true; });
        gone.reset();
        // The transport deletes a call once it has ended: from then on nothing of it can reach a handler.
        QTRY_VERIFY_WITH_TIMEOUT(call.isNull(), 10000);
        QVERIFY(!called);
    }

    void listsSeededSandboxes()
    {
        const auto all = list();
        QVERIFY2(all.ok(), qPrintable(all.error().fullText()));
        QVERIFY(all->sandboxes.size() >= 30);
        QCOMPARE(all->totalCount, int(all->sandboxes.size()));
        QStringList statuses;
        for (const auto &s : all->sandboxes)
            statuses << s.status;
        QVERIFY(statuses.contains(u"error"_s));
        QVERIFY(statuses.contains(u"occupied"_s));
        QVERIFY(statuses.contains(u"idle"_s));
    }

    void serverAndTagFilters()
    {
        const auto github = list({u"GitHub"_s, {}}); // the filter compares case-insensitively
        QVERIFY(github.ok());
        QVERIFY(!github->sandboxes.isEmpty());
        for (const auto &s : github->sandboxes)
            QCOMPARE(s.serverName, u"github"_s);
        const auto all = list();
        QString someTag;
        for (const auto &s : all->sandboxes)
            if (!s.tags.isEmpty())
                someTag = s.tags.first();
        QVERIFY(!someTag.isEmpty());
        const auto tagged = list({{}, someTag});
        QVERIFY(tagged.ok());
        QVERIFY(!tagged->sandboxes.isEmpty());
        QVERIFY(tagged->sandboxes.size() < all->sandboxes.size());
        for (const auto &s : tagged->sandboxes)
            QVERIFY(s.tags.contains(someTag));
    }

    void acquireDetailsResetRelease()
    {
        AcquireRequest request;
        request.serverName = u"github"_s;
        request.benchmark = u"MCP_Atlas"_s;
        request.tag = u"svc-test"_s;
        request.ttlSeconds = 600;
        const auto acquired = acquire(request);
        QVERIFY2(acquired.ok(), qPrintable(acquired.error().fullText()));
        QCOMPARE(acquired->serverName, u"github"_s);
        QCOMPARE(acquired->status, u"occupied"_s);
        QVERIFY(!acquired->serverUrls.value(u"github"_s).isEmpty());

        const auto shown = details(u"github"_s, acquired->sandboxId);
        QVERIFY(shown.ok());
        QCOMPARE(shown->summary.status, u"occupied"_s);
        QCOMPARE(shown->summary.benchmark, u"MCP_Atlas"_s);
        QVERIFY(shown->summary.tags.contains(u"svc-test"_s));
        QVERIFY(!shown->serverUrls.isEmpty());
        QVERIFY(shown->summary.updatedAt.isValid());

        const auto tagged = list({{}, u"svc-test"_s});
        QCOMPARE(tagged->sandboxes.size(), 1);

        const auto reset = h->await<SandboxActionResult>([&](QObject *c, auto done) {
            return sandboxes->reset(u"github"_s, acquired->sandboxId, c, done);
        });
        QVERIFY(reset.ok());
        QCOMPARE(reset->sandboxId, acquired->sandboxId);

        // A TTL release names the lease it means (the instance in the MCP URL); a stale one is skipped.
        const QString instance =
            QUrlQuery(QUrl(acquired->serverUrls.value(u"github"_s)).query()).queryItemValue(u"instance_id"_s);
        QVERIFY(!instance.isEmpty());
        const auto stale = h->await<SandboxActionResult>([&](QObject *c, auto done) {
            return sandboxes->release(u"github"_s, acquired->sandboxId, c, done, true, u"stale-lease"_s);
        });
        QVERIFY(stale.ok());
        QCOMPARE(stale->status, u"occupied"_s);
        const auto released = h->await<SandboxActionResult>([&](QObject *c, auto done) {
            return sandboxes->release(u"github"_s, acquired->sandboxId, c, done, true, instance);
        });
        QVERIFY(released.ok());
        QCOMPARE(released->status, u"idle"_s);
        const auto last = EmulatorProbe(h->emulator).apiRequests().last();
        QVERIFY(last.query.contains(u"is_ttl=true"_s));
        QVERIFY(last.query.contains(u"instance_id="_s + instance));
        QCOMPARE(details(u"github"_s, acquired->sandboxId)->summary.status, u"idle"_s);
    }

    void serverNameIsPercentEncoded()
    {
        AcquireRequest request;
        request.serverName = u"cal.com"_s;
        const auto acquired = acquire(request);
        QVERIFY2(acquired.ok(), qPrintable(acquired.error().fullText()));
        QCOMPARE(acquired->serverName, u"cal.com"_s);
    }

    void validationErrorsCarryFields_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<int>("ttl");
        QTest::addColumn<QString>("email");
        QTest::addColumn<QString>("field");
        QTest::newRow("ttl too small") << u"github"_s << 30 << QString() << u"ttl_seconds"_s;
        QTest::newRow("ttl too large") << u"github"_s << 90000 << QString() << u"ttl_seconds"_s;
        QTest::newRow("unknown server") << u"no-such-server"_s << 600 << QString() << u"server_name"_s;
    }

    void validationErrorsCarryFields()
    {
        QFETCH(QString, server);
        QFETCH(int, ttl);
        QFETCH(QString, email);
        QFETCH(QString, field);
        AcquireRequest request;
        request.serverName = server;
        request.ttlSeconds = ttl;
        request.testAccountEmail = email;
        const auto result = acquire(request);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().httpStatus(), 422);
        QVERIFY(!result.error().fieldErrors().isEmpty());
        QCOMPARE(result.error().fieldErrors().first().fieldName(), field);
        QVERIFY(!result.error().detailText().isEmpty());
    }

    void notFoundAndPrepare()
    {
        const auto missing = details(u"github"_s, u"00000000-0000-0000-0000-000000000000"_s);
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().httpStatus(), 404);
        QVERIFY(missing.error().message().contains(u"Not found"_s));
        const auto prepared = h->await<bool>(
            [&](QObject *c, auto done) { return sandboxes->prepare(u"Toolathlon"_s, u"github"_s, c, done); });
        QVERIFY(prepared.ok());
        const auto badBenchmark = h->await<bool>(
            [&](QObject *c, auto done) { return sandboxes->prepare(u"NoSuchBench"_s, {}, c, done); });
        QCOMPARE(badBenchmark.error().httpStatus(), 422);
    }

    void poolExhaustionIs503()
    {
        h->emulator->setIdlePerServer(1);
        AcquireRequest request;
        request.serverName = u"weather"_s; // not seeded: only its idle pool of one
        QVERIFY(acquire(request).ok());
        const auto second = acquire(request);
        QVERIFY(!second.ok());
        QCOMPARE(second.error().httpStatus(), 503);
        QVERIFY(second.error().message().contains(u"capacity"_s));
        QVERIFY(second.error().detailText().contains(u"weather"_s));
        // Acquire is never retried: one request per call.
        QCOMPARE(EmulatorProbe(h->emulator).requestCount("POST", u"/sandbox/weather"_s), 2);
    }

    void authErrors()
    {
        QSignalSpy authFailed(h->transport.get(), &HttpTransport::authenticationFailed);
        h->setConfig([](TransportConfig &c) { c.apiKey.clear(); });
        const auto missing = list();
        QCOMPARE(missing.error().httpStatus(), 401);
        QVERIFY(missing.error().message().contains(u"missing"_s));
        h->setConfig([](TransportConfig &c) { c.apiKey = u"wrong-key"_s; });
        const auto refused = list();
        QCOMPARE(refused.error().httpStatus(), 403);
        QVERIFY(refused.error().message().contains(u"refused"_s));
        QVERIFY(!refused.error().fullText().contains(u"wrong-key"_s));
        QCOMPARE(authFailed.count(), 2);
        QCOMPARE(authFailed.at(0).at(0).toInt(), 401);
    }

    void localSandboxLifecycle()
    {
        const auto before =
            h->await<LocalSandboxList>([&](QObject *c, auto done) { return local->list(c, done); });
        QVERIFY2(before.ok(), qPrintable(before.error().fullText()));
        QCOMPARE(before->localSandboxes.size(), 3);

        LocalAcquireRequest request;
        request.serverNames = {u"filesystem"_s, u"git"_s};
        request.ttlSeconds = 3600;
        const auto acquired =
            h->await<LocalSandbox>([&](QObject *c, auto done) { return local->acquire(request, c, done); });
        QVERIFY2(acquired.ok(), qPrintable(acquired.error().fullText()));
        QCOMPARE(acquired->servers.size(), 2);
        for (const auto &server : acquired->servers)
            QVERIFY(!server.mcpServerUrl.isEmpty());

        const QString id = acquired->localSandboxId;
        const auto shown =
            h->await<LocalSandbox>([&](QObject *c, auto done) { return local->details(id, c, done); });
        QVERIFY(shown.ok());
        QVERIFY(shown->createdAt.isValid());
        QCOMPARE(shown->servers.size(), 2);

        const auto upload = h->await<SignedUrl>(
            [&](QObject *c, auto done) { return local->uploadUrl(id, u"asia"_s, c, done); });
        QVERIFY(upload.ok());
        QCOMPARE(upload->url.port(), int(h->emulator->objectStorePort()));
        QVERIFY(upload->expiresInMinutes > 0);
        const auto dump =
            h->await<SignedUrl>([&](QObject *c, auto done) { return local->dumpUrl(id, u"us"_s, c, done); });
        QVERIFY(dump.ok());
        QCOMPARE(dump->url.port(), int(h->emulator->objectStorePort()));

        const auto reset =
            h->await<SandboxActionResult>([&](QObject *c, auto done) { return local->reset(id, c, done); });
        QVERIFY(reset.ok());
        const auto released =
            h->await<SandboxActionResult>([&](QObject *c, auto done) { return local->release(id, c, done); });
        QVERIFY(released.ok());
        const auto gone =
            h->await<LocalSandbox>([&](QObject *c, auto done) { return local->details(id, c, done); });
        QCOMPARE(gone.error().httpStatus(), 404);
    }

    void localAcquireAllAndErrors()
    {
        LocalAcquireRequest all;
        all.allServers = true;
        const auto acquired =
            h->await<LocalSandbox>([&](QObject *c, auto done) { return local->acquire(all, c, done); });
        QVERIFY(acquired.ok());
        QCOMPARE(acquired->servers.size(), 16);

        LocalAcquireRequest bad;
        bad.serverNames = {u"filesystem"_s, u"github"_s};
        const auto refused =
            h->await<LocalSandbox>([&](QObject *c, auto done) { return local->acquire(bad, c, done); });
        QCOMPARE(refused.error().httpStatus(), 422);
        QCOMPARE(refused.error().fieldErrors().first().fieldName(), u"server_names"_s);

        const auto badRegion = h->await<SignedUrl>([&](QObject *c, auto done) {
            return local->uploadUrl(acquired->localSandboxId, u"mars"_s, c, done);
        });
        QCOMPARE(badRegion.error().httpStatus(), 422);
        const auto noArchive = h->await<SandboxActionResult>([&](QObject *c, auto done) {
            return local->initialize(acquired->localSandboxId, u"us"_s, c, done);
        });
        QVERIFY(!noArchive.ok());
        QVERIFY(!noArchive.error().detailText().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestKlavisServices)
#include "tst_klavisservices.moc"
