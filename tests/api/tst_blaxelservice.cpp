#include "api/apicall.h"
#include "api/blaxelsandboxservice.h"
#include "api/httptransport.h"
#include "blaxelreplayserver.h"
#include "catalog/blaxelhosts.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <memory>
#include <optional>

using namespace Qt::StringLiterals;

// The service over real HTTP against BlaxelReplayServer. When the emulator's Blaxel routes (branch h-bemu)
// and this branch meet, these cases move onto the emulator (ServiceHarness) and the replay server goes.
class TestBlaxelService : public QObject
{
    Q_OBJECT

private:
    using Reply = BlaxelReplayServer::Reply;
    std::unique_ptr<BlaxelReplayServer> server;
    std::unique_ptr<HttpTransport> transport;
    std::unique_ptr<BlaxelSandboxService> service;

    static QString apiKey() { return QString::fromLatin1(BlaxelReplayServer::apiKey); }

    void configure(const std::function<void(TransportConfig &)> &change)
    {
        TransportConfig config = transport->config();
        change(config);
        transport->setConfig(config);
    }

    template <typename T, typename Start> ApiResult<T> await(Start start, int timeoutMs = 15000)
    {
        std::optional<ApiResult<T>> result;
        QObject context;
        start(&context, [&result](const ApiResult<T> &r) { result = r; });
        if (!QTest::qWaitFor([&] { return result.has_value(); }, timeoutMs))
            return ApiError::local(u"the test timed out waiting for the call"_s);
        return *result;
    }
    ApiResult<BlaxelSandboxList> list(const BlaxelSandboxFilter &filter = {})
    {
        return await<BlaxelSandboxList>(
            [&](QObject *c, auto done) { return service->list(filter, c, done); });
    }
    ApiResult<BlaxelSandbox> get(const QString &name)
    {
        return await<BlaxelSandbox>([&](QObject *c, auto done) { return service->get(name, c, done); });
    }
    ApiResult<BlaxelSandbox> create(const BlaxelCreateRequest &request)
    {
        return await<BlaxelSandbox>([&](QObject *c, auto done) { return service->create(request, c, done); });
    }
    ApiResult<BlaxelSandbox> remove(const QString &name)
    {
        return await<BlaxelSandbox>([&](QObject *c, auto done) { return service->remove(name, c, done); });
    }
    ApiResult<BlaxelTermination> waitGone(const QString &name)
    {
        return await<BlaxelTermination>(
            [&](QObject *c, auto done) { return service->waitUntilTerminated(name, c, done); });
    }

    void routePagedList()
    {
        server->route("GET", u"/sandboxes"_s, [](const BlaxelReplayServer::Seen &seen) {
            const QString cursor = seen.query.queryItemValue(u"cursor"_s, QUrl::FullyDecoded);
            if (cursor.isEmpty())
                return BlaxelReplayServer::file(200, u"list-page1.json"_s);
            if (cursor == u"eyJvZmZzZXQiOjN9"_s)
                return BlaxelReplayServer::file(200, u"list-page2.json"_s);
            return BlaxelReplayServer::file(400, u"error-validation.json"_s);
        });
    }

    static BlaxelCreateRequest createRequest()
    {
        BlaxelCreateRequest request;
        request.name = u"svc-test"_s;
        request.image = u"blaxel/base-image:latest"_s;
        request.envs = {{u"TOKEN"_s, u"very-secret-value-42"_s, true}};
        return request;
    }

private slots:
    void init()
    {
        server = std::make_unique<BlaxelReplayServer>();
        TransportConfig config;
        config.baseUrl = server->baseUrl();
        config.apiKey = apiKey();
        config.requestsPerSecond = 0;
        config.backoffBaseMs = 20;
        transport = std::make_unique<HttpTransport>(config);
        service = std::make_unique<BlaxelSandboxService>(transport.get(), u"demo"_s);
        BlaxelSandboxService::Limits limits;
        limits.pollFirstDelayMs = 20;
        limits.pollMaxDelayMs = 50;
        service->setLimits(limits);
    }
    void cleanup()
    {
        service.reset();
        transport.reset();
        server.reset();
    }

    void listFollowsCursorsToTheEndWithTheHeaders()
    {
        routePagedList();
        BlaxelSandboxFilter filter;
        filter.statuses = {u"DEPLOYED"_s, u"FAILED"_s, u"BAD,WORD"_s};
        filter.search = u"agent"_s;
        filter.showTerminated = true;
        filter.pageSize = 500;
        filter.sort = u"name:asc"_s;
        const auto result = list(filter);
        QVERIFY2(result.ok(), qPrintable(result.error().fullText()));
        QCOMPARE(result->items.size(), 5);
        QCOMPARE(result->items.at(0).name, u"agent-run-1"_s);
        QCOMPARE(result->items.at(4).name, u"scratch"_s);
        QVERIFY(!result->hasMore);
        QCOMPARE(result->total, 5);
        QVERIFY(result->incompleteReason.isEmpty());

        const auto &requests = server->requests();
        QCOMPARE(requests.size(), 2);
        for (const auto &seen : requests) {
            QCOMPARE(seen.method, QByteArray("GET"));
            QCOMPARE(seen.path, u"/sandboxes"_s);
            QCOMPARE(seen.header("Authorization"), QByteArray("Bearer " + apiKey().toLatin1()));
            QCOMPARE(seen.header("X-Blaxel-Workspace"), QByteArray("demo"));
            QCOMPARE(seen.header("Blaxel-Version"), BlaxelHosts::apiVersion().toLatin1());
            QCOMPARE(seen.query.queryItemValue(u"status"_s, QUrl::FullyDecoded), u"DEPLOYED,FAILED"_s);
            QCOMPARE(seen.query.queryItemValue(u"q"_s, QUrl::FullyDecoded), u"agent"_s);
            QCOMPARE(seen.query.queryItemValue(u"showTerminated"_s), u"true"_s);
            QCOMPARE(seen.query.queryItemValue(u"limit"_s), u"200"_s); // the API's maximum
            QCOMPARE(seen.query.queryItemValue(u"sort"_s, QUrl::FullyDecoded), u"name:asc"_s);
        }
        QVERIFY(!requests.at(0).query.hasQueryItem(u"cursor"_s));
        QCOMPARE(requests.at(1).query.queryItemValue(u"cursor"_s, QUrl::FullyDecoded), u"eyJvZmZzZXQiOjN9"_s);
    }

    void listStopsOnARepeatedCursor()
    {
        server->route("GET", u"/sandboxes"_s, [](const BlaxelReplayServer::Seen &) {
            return BlaxelReplayServer::file(200, u"list-repeat-cursor.json"_s);
        });
        const auto result = list();
        QVERIFY2(result.ok(), qPrintable(result.error().fullText()));
        QCOMPARE(server->requests().size(), 2); // the first page, then c-loop once
        QCOMPARE(result->items.size(), 1);      // the same row twice is one row
        QVERIFY(result->hasMore);
        QVERIFY2(result->incompleteReason.contains(u"same page cursor"_s),
                 qPrintable(result->incompleteReason));
    }

    void listStopsWhenMoreComesWithoutACursor()
    {
        server->route("GET", u"/sandboxes"_s, [](const BlaxelReplayServer::Seen &) {
            return BlaxelReplayServer::file(200, u"list-more-without-cursor.json"_s);
        });
        const auto result = list();
        QVERIFY(result.ok());
        QCOMPARE(server->requests().size(), 1);
        QCOMPARE(result->items.size(), 1);
        QVERIFY(!result->incompleteReason.isEmpty());
    }

    void listStopsAtThePageCap()
    {
        int served = 0;
        server->route("GET", u"/sandboxes"_s, [&served](const BlaxelReplayServer::Seen &) {
            ++served;
            const QJsonObject page{
                {u"data"_s,
                 QJsonArray{QJsonObject{{u"metadata"_s, QJsonObject{{u"name"_s, u"row-%1"_s.arg(served)}}}}}},
                {u"meta"_s,
                 QJsonObject{{u"hasMore"_s, true}, {u"nextCursor"_s, u"cursor-%1"_s.arg(served)}}}};
            Reply reply;
            reply.body = QJsonDocument(page).toJson(QJsonDocument::Compact);
            return reply;
        });
        auto limits = service->limits();
        limits.maxPages = 3;
        service->setLimits(limits);
        const auto result = list();
        QVERIFY(result.ok());
        QCOMPARE(served, 3);
        QCOMPARE(result->items.size(), 3);
        QVERIFY(result->hasMore);
        QVERIFY2(result->incompleteReason.contains(u"3 pages"_s), qPrintable(result->incompleteReason));
    }

    void listStopsAtTheRowCap()
    {
        routePagedList();
        auto limits = service->limits();
        limits.maxRows = 4;
        service->setLimits(limits);
        const auto result = list();
        QVERIFY(result.ok());
        QCOMPARE(result->items.size(), 4);
        QVERIFY(result->hasMore);
        QVERIFY(result->incompleteReason.contains(u"4"_s));
    }

    void listReadsABareArray()
    {
        server->route("GET", u"/sandboxes"_s, [](const BlaxelReplayServer::Seen &) {
            return BlaxelReplayServer::file(200, u"list-bare.json"_s);
        });
        const auto result = list();
        QVERIFY(result.ok());
        QCOMPARE(result->items.size(), 2);
        QCOMPARE(server->requests().size(), 1);
        QVERIFY(result->incompleteReason.isEmpty());
    }

    void aOneCharacterSearchIsDoneHere()
    {
        routePagedList();
        BlaxelSandboxFilter filter;
        filter.search = u"X"_s; // case does not matter
        const auto result = list(filter);
        QVERIFY(result.ok());
        QVERIFY(!server->requests().at(0).query.hasQueryItem(u"q"_s));
        QCOMPARE(result->items.size(), 1);
        QCOMPARE(result->items.at(0).name, u"build-box"_s);
        // Labels are searched too: "2" is in agent-run-2's name and in agent-run-1's label run=42.
        filter.search = u"2"_s;
        QCOMPARE(list(filter)->items.size(), 2);
        QCOMPARE(result->total, -1);
    }

    void listDecodedOffThreadAnswersOnTheCallersThread()
    {
        routePagedList();
        QObject context;
        QThread *answeredOn = nullptr;
        qsizetype rows = -1;
        service->listDecodedOffThread({}, &context, [&](const ApiResult<BlaxelSandboxList> &result) {
            answeredOn = QThread::currentThread();
            rows = result ? result->items.size() : -1;
        });
        QVERIFY(QTest::qWaitFor([&] { return answeredOn != nullptr; }, 10000));
        QCOMPARE(answeredOn, QThread::currentThread());
        QCOMPARE(rows, 5);
    }

    void aDeadContextIsNeverCalled()
    {
        server->route("GET", u"/sandboxes"_s, [](const BlaxelReplayServer::Seen &) {
            Reply reply;
            reply.never = true;
            return reply;
        });
        bool called = false;
        auto context = std::make_unique<QObject>();
        QPointer<BlaxelOperation> operation =
            service->list({}, context.get(), [&](const ApiResult<BlaxelSandboxList> &) { called = true; });
        QVERIFY(QTest::qWaitFor([&] { return !server->requests().isEmpty(); }, 5000));
        context.reset();
        QVERIFY(operation.isNull());
        QTest::qWait(100);
        QVERIFY(!called);
    }

    void getDetails()
    {
        server->route("GET", u"/sandboxes/agent-run-1"_s, [](const BlaxelReplayServer::Seen &) {
            return BlaxelReplayServer::file(200, u"sandbox-details.json"_s);
        });
        const auto result = get(u"agent-run-1"_s);
        QVERIFY2(result.ok(), qPrintable(result.error().fullText()));
        QCOMPARE(result->events.size(), 2);
        QCOMPARE(result->envs.size(), 2);
        QCOMPARE(server->requests().at(0).header("X-Blaxel-Workspace"), QByteArray("demo"));
    }

    void getUnknownIsANotFoundInBlaxelsWords()
    {
        const auto result = get(u"ghost"_s);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().httpStatus(), 404);
        QVERIFY(result.error().message().contains(u"deleted"_s));
        QVERIFY(result.error().fullText().contains(u"Sandbox ghost not found"_s));
    }

    void badNamesAndWorkspacesAreRefusedBeforeSending()
    {
        for (const QString &name : {u"../admin"_s, u"UPPER"_s, QString(), QString(64, u'a')}) {
            const auto result = get(name);
            QVERIFY(!result.ok());
            QCOMPARE(result.error().kind(), ApiError::Kind::Local);
            const auto removed = remove(name);
            QCOMPARE(removed.error().kind(), ApiError::Kind::Local);
        }
        service->setWorkspace({});
        QCOMPARE(list().error().kind(), ApiError::Kind::Local);
        service->setWorkspace(u"demo\r\nX-Injected: 1"_s);
        QCOMPARE(list().error().kind(), ApiError::Kind::Local);
        QCOMPARE(server->requests().size(), 0);
    }

    void theServerRefusesARequestWithoutTheWorkspace()
    {
        // The replay server holds the API's rule; an ApiCall sent without the header shows it is enforced,
        // so that the header checks above cannot pass by a server that ignores it.
        ApiRequest bare;
        bare.path = u"/sandboxes"_s;
        int status = -1;
        ApiCall *call = transport->send(bare);
        connect(call, &ApiCall::finished, call, [&status, call] { status = call->httpStatus(); });
        QVERIFY(QTest::qWaitFor([&] { return status != -1; }, 5000));
        QCOMPARE(status, 400);
    }

    void theTransportRefusesAHeaderWithALineBreak()
    {
        ApiRequest injected;
        injected.path = u"/sandboxes"_s;
        injected.headers = {{"X-Blaxel-Workspace", "demo\r\nX-Injected: 1"}};
        ApiError error;
        bool done = false;
        ApiCall *call = transport->send(injected);
        connect(call, &ApiCall::finished, call, [&, call] {
            error = call->error();
            done = true;
        });
        QVERIFY(QTest::qWaitFor([&] { return done; }, 5000));
        QCOMPARE(error.kind(), ApiError::Kind::Local);
        QCOMPARE(server->requests().size(), 0);
    }

    void createSendsTheBodyOnceAndReadsAConflict()
    {
        server->route("POST", u"/sandboxes"_s, [](const BlaxelReplayServer::Seen &) {
            return BlaxelReplayServer::file(409, u"error-conflict.json"_s);
        });
        const auto result = create(createRequest());
        QVERIFY(!result.ok());
        QCOMPARE(result.error().httpStatus(), 409);
        QVERIFY(result.error().message().contains(u"already exists"_s));
        QCOMPARE(server->requests().size(), 1);
        const QJsonObject body = QJsonDocument::fromJson(server->requests().at(0).body).object();
        QCOMPARE(body.value(u"metadata"_s).toObject().value(u"name"_s).toString(), u"svc-test"_s);
        QCOMPARE(server->requests().at(0).header("Content-Type"), QByteArray("application/json"));
    }

    void createIsNotRetriedAfterA503()
    {
        server->route("POST", u"/sandboxes"_s, [](const BlaxelReplayServer::Seen &) {
            return BlaxelReplayServer::file(503, u"error-edge.json"_s,
                                            {{"X-Blaxel-Error-Code", "UPSTREAM_UNAVAILABLE"}});
        });
        const auto result = create(createRequest());
        QVERIFY(!result.ok());
        QCOMPARE(server->requests().size(), 1);
        QCOMPARE(result.error().serverCode(), u"UPSTREAM_UNAVAILABLE"_s);
        QVERIFY(result.error().message().contains(u"retry may succeed"_s));
    }

    void theEdgesCodeHeaderIsRead()
    {
        server->route("GET", u"/sandboxes/agent-run-1"_s, [](const BlaxelReplayServer::Seen &) {
            Reply reply;
            reply.status = 403;
            reply.body = "{\"error\": {\"message\": \"Request blocked at the edge\"}}";
            reply.headers = {{"X-Blaxel-Error-Code", "EDGE_BLOCKED"}};
            return reply;
        });
        const auto result = get(u"agent-run-1"_s);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().serverCode(), u"EDGE_BLOCKED"_s); // only the header names it
        QVERIFY(result.error().fullText().contains(u"Request blocked at the edge"_s));
    }

    void createErrorsNeverShowASecretValue()
    {
        server->route("POST", u"/sandboxes"_s, [](const BlaxelReplayServer::Seen &seen) {
            // A server that quotes the request back, secret and all.
            Reply reply;
            reply.status = 422;
            reply.body = QJsonDocument(QJsonObject{{u"error"_s, u"Unprocessable Entity"_s},
                                                   {u"code"_s, 422},
                                                   {u"message"_s, QString(u"invalid sandbox: "_s +
                                                                          QString::fromUtf8(seen.body))}})
                             .toJson(QJsonDocument::Compact);
            return reply;
        });
        const auto result = create(createRequest());
        QVERIFY(!result.ok());
        QVERIFY(result.error().message().contains(u"rejected a value"_s));
        QVERIFY(result.error().fullText().contains(u"invalid sandbox"_s));
        QVERIFY2(!result.error().fullText().contains(u"very-secret-value-42"_s),
                 qPrintable(result.error().fullText()));
    }

    void createQuotaIsReadable()
    {
        server->route("POST", u"/sandboxes"_s, [](const BlaxelReplayServer::Seen &) {
            return BlaxelReplayServer::file(429, u"error-quota-string.json"_s);
        });
        const auto result = create(createRequest());
        QVERIFY(!result.ok());
        QCOMPARE(result.error().serverCode(), u"QUOTA_EXCEEDED"_s);
        QVERIFY(result.error().message().contains(u"quota"_s));
    }

    void createAnswersTheNewSandbox()
    {
        server->route("POST", u"/sandboxes"_s, [](const BlaxelReplayServer::Seen &) {
            Reply reply;
            reply.body = "{\"metadata\": {\"displayName\": \"no name echoed\"}, \"status\": \"DEPLOYING\"}";
            return reply;
        });
        const auto result = create(createRequest());
        QVERIFY2(result.ok(), qPrintable(result.error().fullText()));
        QCOMPARE(result->name, u"svc-test"_s); // filled in from the request
        QCOMPARE(result->status, u"DEPLOYING"_s);
    }

    void deleteThenWaitUntilTerminated()
    {
        server->route("DELETE", u"/sandboxes/agent-run-2"_s, [](const BlaxelReplayServer::Seen &) {
            return BlaxelReplayServer::file(200, u"sandbox-deleting.json"_s);
        });
        int polls = 0;
        server->route("GET", u"/sandboxes/agent-run-2"_s, [&polls](const BlaxelReplayServer::Seen &) {
            return BlaxelReplayServer::file(200, ++polls < 3 ? u"sandbox-deleting.json"_s
                                                             : u"sandbox-terminated.json"_s);
        });
        const auto removed = remove(u"agent-run-2"_s);
        QVERIFY2(removed.ok(), qPrintable(removed.error().fullText()));
        QCOMPARE(removed->status, u"DELETING"_s);
        QCOMPARE(server->requests().at(0).method, QByteArray("DELETE"));
        const auto end = waitGone(u"agent-run-2"_s);
        QVERIFY2(end.ok(), qPrintable(end.error().fullText()));
        QVERIFY(!end->recordGone);
        QCOMPARE(end->last.status, u"TERMINATED"_s);
        QCOMPARE(end->polls, 3);
        QCOMPARE(polls, 3);
    }

    void waitEndsWhenTheRecordIsGone()
    {
        const auto end = waitGone(u"ghost"_s);
        QVERIFY2(end.ok(), qPrintable(end.error().fullText()));
        QVERIFY(end->recordGone);
        QCOMPARE(end->polls, 1);
    }

    void waitGivesUpAtItsDeadline()
    {
        server->route("GET", u"/sandboxes/agent-run-2"_s, [](const BlaxelReplayServer::Seen &) {
            return BlaxelReplayServer::file(200, u"sandbox-deleting.json"_s);
        });
        auto limits = service->limits();
        limits.waitDeadlineMs = 300;
        service->setLimits(limits);
        const auto end = waitGone(u"agent-run-2"_s);
        QVERIFY(!end.ok());
        QCOMPARE(end.error().kind(), ApiError::Kind::Timeout);
        QVERIFY(end.error().message().contains(u"agent-run-2"_s));
        QVERIFY(end.error().message().contains(u"DELETING"_s));
        const qsizetype polled = server->requests().size();
        QVERIFY(polled >= 3);
        QTest::qWait(150);
        QCOMPARE(server->requests().size(), polled); // nothing after the end
    }

    void waitIsCancellable()
    {
        server->route("GET", u"/sandboxes/agent-run-2"_s, [](const BlaxelReplayServer::Seen &) {
            return BlaxelReplayServer::file(200, u"sandbox-deleting.json"_s);
        });
        auto limits = service->limits();
        limits.pollFirstDelayMs = 400;
        service->setLimits(limits);
        QObject context;
        std::optional<ApiResult<BlaxelTermination>> result;
        QPointer<BlaxelOperation> operation = service->waitUntilTerminated(
            u"agent-run-2"_s, &context, [&](const ApiResult<BlaxelTermination> &r) { result = r; });
        QSignalSpy progress(operation.data(), &BlaxelOperation::progress);
        QVERIFY(progress.wait(5000)); // the first answer; now it waits 400 ms
        operation->abort();
        QVERIFY(result.has_value());
        QCOMPARE(result->error().kind(), ApiError::Kind::Cancelled);
        QTest::qWait(600);
        QCOMPARE(server->requests().size(), 1);
    }

    void anAbortMidRequestIsACancel()
    {
        server->route("GET", u"/sandboxes"_s, [](const BlaxelReplayServer::Seen &) {
            Reply reply;
            reply.never = true;
            return reply;
        });
        QObject context;
        std::optional<ApiResult<BlaxelSandboxList>> result;
        QPointer<BlaxelOperation> operation =
            service->list({}, &context, [&](const ApiResult<BlaxelSandboxList> &r) { result = r; });
        QVERIFY(QTest::qWaitFor([&] { return !server->requests().isEmpty(); }, 5000));
        operation->abort();
        QVERIFY(QTest::qWaitFor([&] { return result.has_value(); }, 5000));
        QCOMPARE(result->error().kind(), ApiError::Kind::Cancelled);
    }

    void gatewayTimeoutHtmlIsReadable()
    {
        server->route("GET", u"/sandboxes"_s, [](const BlaxelReplayServer::Seen &) {
            return BlaxelReplayServer::file(504, u"error-gateway-504.html"_s);
        });
        const auto result = list();
        QVERIFY(!result.ok());
        QCOMPARE(result.error().httpStatus(), 504);
        QCOMPARE(server->requests().size(), transport->config().maxAttempts); // a read is retried
        QVERIFY(result.error().message().contains(u"gateway timed out"_s));
        QVERIFY(!result.error().fullText().contains(u'<'));
    }

    void aDroppedConnectionIsANetworkError()
    {
        server->route("GET", u"/sandboxes/agent-run-1"_s, [](const BlaxelReplayServer::Seen &) {
            Reply reply;
            reply.drop = true;
            return reply;
        });
        const auto result = get(u"agent-run-1"_s);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().kind(), ApiError::Kind::Network);
        QVERIFY(result.error().mayHaveTakenEffect());
    }

    void aSilentServerTimesOut()
    {
        server->route("GET", u"/sandboxes/agent-run-1"_s, [](const BlaxelReplayServer::Seen &) {
            Reply reply;
            reply.never = true;
            return reply;
        });
        configure([](TransportConfig &config) {
            config.timeoutMs = 300;
            config.maxAttempts = 1;
        });
        const auto result = get(u"agent-run-1"_s);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().kind(), ApiError::Kind::Timeout);
    }

    void theKeyNeverReachesAnError()
    {
        server->route("GET", u"/sandboxes/agent-run-1"_s, [](const BlaxelReplayServer::Seen &seen) {
            Reply reply;
            reply.status = 400;
            reply.body = "{\"code\":\"BAD\",\"message\":\"header was " + seen.header("Authorization") + "\"}";
            return reply;
        });
        const auto result = get(u"agent-run-1"_s);
        QVERIFY(!result.ok());
        QVERIFY2(!result.error().fullText().contains(apiKey()), qPrintable(result.error().fullText()));
        QVERIFY(result.error().fullText().contains(u"header was"_s));
    }
};

QTEST_GUILESS_MAIN(TestBlaxelService)
#include "tst_blaxelservice.moc"
