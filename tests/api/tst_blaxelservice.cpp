// BlaxelSandboxService reading over real HTTP against the emulator's Blaxel control plane (/v0/sandboxes):
// the headers every call carries, cursor paging to the end, the local one-character search, details, the
// workspace header the server requires, and the emulator's fault switches (a 503 from the edge, a gateway's
// HTML 504, a server that never answers). Create, delete and the wait are tst_blaxelservicelifecycle's. What
// the emulator cannot be made to send (a looping cursor, a bare array, bodies that echo secrets, a cut
// connection) stays in tst_blaxelservicereplay.

#include "api/apicall.h"
#include "blaxelservicefixture.h"
#include "catalog/blaxelhosts.h"

#include <QSet>
#include <QTest>
#include <QThread>
#include <QUrlQuery>

#include <optional>

using namespace Qt::StringLiterals;

class TestBlaxelService : public QObject, private BlaxelServiceFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init() { startService(); }
    void cleanup() { stopService(); }

    void listFollowsCursorsToTheEndWithTheHeaders()
    {
        BlaxelSandboxFilter filter;
        filter.statuses = {u"DEPLOYED"_s, u"FAILED"_s, u"BAD,WORD"_s};
        filter.search = u"agent"_s;
        filter.pageSize = 1; // one sandbox a page: the cursor carries the list
        filter.sort = u"name:asc"_s;
        const auto result = list(filter);
        QVERIFY2(result.ok(), qPrintable(result.error().fullText()));
        QCOMPARE(names(result.value()), (QStringList{u"agent-runner-01"_s, u"agent-runner-02"_s}));
        QVERIFY(!result->hasMore);
        QCOMPARE(result->total, 2);
        QVERIFY(result->incompleteReason.isEmpty());

        const auto requests = seen();
        QCOMPARE(requests.size(), 2);
        for (const auto &request : requests) {
            QCOMPARE(request.status, 200);
            QCOMPARE(request.method, QByteArray("GET"));
            QCOMPARE(request.path, u"/v0/sandboxes"_s);
            QCOMPARE(request.header("Authorization"), QByteArray("Bearer " + server->apiKey().toLatin1()));
            QCOMPARE(request.header("X-Blaxel-Workspace"), QByteArray("demo"));
            QCOMPARE(request.header("Blaxel-Version"), BlaxelHosts::apiVersion().toLatin1());
            const QUrlQuery query(request.query);
            QCOMPARE(query.queryItemValue(u"status"_s, QUrl::FullyDecoded), u"DEPLOYED,FAILED"_s);
            QCOMPARE(query.queryItemValue(u"q"_s, QUrl::FullyDecoded), u"agent"_s);
            QCOMPARE(query.queryItemValue(u"limit"_s), u"1"_s);
            QCOMPARE(query.queryItemValue(u"sort"_s, QUrl::FullyDecoded), u"name:asc"_s);
        }
        QVERIFY(!QUrlQuery(requests.at(0).query).hasQueryItem(u"cursor"_s));
        QVERIFY(!QUrlQuery(requests.at(1).query).queryItemValue(u"cursor"_s).isEmpty());
    }

    void listAllPagesAndShowTerminated()
    {
        BlaxelSandboxFilter filter;
        filter.pageSize = 5;
        const auto live = list(filter);
        QVERIFY2(live.ok(), qPrintable(live.error().fullText()));
        QCOMPARE(seen().size(), 3); // twelve live sandboxes, five a page
        QCOMPARE(live->items.size(), live->total);
        QVERIFY(live->total >= 10);
        QVERIFY(names(live.value()).contains(u"research-notebook"_s));
        QVERIFY(!names(live.value()).contains(u"finished-benchmark"_s));
        const QStringList liveNames = names(live.value());
        QCOMPARE(QSet<QString>(liveNames.cbegin(), liveNames.cend()).size(), live->items.size());

        filter.showTerminated = true;
        const auto all = list(filter);
        QVERIFY(all.ok());
        QCOMPARE(all->items.size(), live->items.size() + 1);
        QVERIFY(names(all.value()).contains(u"finished-benchmark"_s));
        QCOMPARE(QUrlQuery(seen().constLast().query).queryItemValue(u"showTerminated"_s), u"true"_s);
    }

    void listStopsAtThePageCap()
    {
        auto limits = service->limits();
        limits.maxPages = 3;
        service->setLimits(limits);
        BlaxelSandboxFilter filter;
        filter.pageSize = 2;
        const auto result = list(filter);
        QVERIFY(result.ok());
        QCOMPARE(seen().size(), 3);
        QCOMPARE(result->items.size(), 6);
        QVERIFY(result->hasMore);
        QVERIFY2(result->incompleteReason.contains(u"3 pages"_s), qPrintable(result->incompleteReason));
    }

    void listStopsAtTheRowCap()
    {
        auto limits = service->limits();
        limits.maxRows = 4;
        service->setLimits(limits);
        BlaxelSandboxFilter filter;
        filter.pageSize = 3;
        const auto result = list(filter);
        QVERIFY(result.ok());
        QCOMPARE(result->items.size(), 4);
        QVERIFY(result->hasMore);
        QVERIFY(result->incompleteReason.contains(u"4"_s));
    }

    void aOneCharacterSearchIsDoneHere()
    {
        BlaxelSandboxFilter filter;
        filter.search =
            u"\u00e4"_s; // "ä": case does not matter (scratch's "Ärger"); the API wants two at least
        const auto result = list(filter);
        QVERIFY2(result.ok(), qPrintable(result.error().fullText()));
        QVERIFY(!QUrlQuery(seen().at(0).query).hasQueryItem(u"q"_s));
        QCOMPARE(names(result.value()), QStringList{u"scratch"_s});
        QCOMPARE(result->total, -1);
        // Labels are searched too: "frontend" is only a label (team=frontend of web-preview).
        filter.search = u"frontend"_s;
        QCOMPARE(names(list(filter).value()), QStringList{u"web-preview"_s});
    }

    void listDecodedOffThreadAnswersOnTheCallersThread()
    {
        QObject context;
        QThread *answeredOn = nullptr;
        qsizetype rows = -1;
        service->listDecodedOffThread({}, &context, [&](const ApiResult<BlaxelSandboxList> &result) {
            answeredOn = QThread::currentThread();
            rows = result ? result->items.size() : -1;
        });
        QVERIFY(QTest::qWaitFor([&] { return answeredOn != nullptr; }, 10000));
        QCOMPARE(answeredOn, QThread::currentThread());
        QVERIFY(rows >= 10);
    }

    void aDeadContextIsNeverCalled()
    {
        faults([](Emulator::FaultSettings &f) { f.hangNextRequests = 1; });
        bool called = false;
        auto context = std::make_unique<QObject>();
        QPointer<BlaxelOperation> operation =
            service->list({}, context.get(), [&](const ApiResult<BlaxelSandboxList> &) { called = true; });
        QVERIFY(QTest::qWaitFor([&] { return !seen().isEmpty(); }, 5000));
        context.reset();
        QVERIFY(operation.isNull());
        // The hung request was aborted with its operation: once the transport holds no call, no answer is
        // left that could reach a handler.
        QTRY_COMPARE_WITH_TIMEOUT(transport->inFlight(), 0, 5000);
        QVERIFY(!called);
    }

    void getDetails()
    {
        const auto result = get(u"research-notebook"_s);
        QVERIFY2(result.ok(), qPrintable(result.error().fullText()));
        QCOMPARE(result->name, u"research-notebook"_s);
        QCOMPARE(result->displayName, u"Research notebook"_s);
        QCOMPARE(result->status, u"DEPLOYED"_s);
        QCOMPARE(result->envs.size(), 2);
        QVERIFY(result->url.toString().endsWith(u"/blaxel-sandbox/demo/research-notebook"_s));
        QCOMPARE(seen().at(0).header("X-Blaxel-Workspace"), QByteArray("demo"));
        QCOMPARE(seen().at(0).path, u"/v0/sandboxes/research-notebook"_s);
    }

    void getUnknownIsANotFoundInBlaxelsWords()
    {
        const auto result = get(u"ghost"_s);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().httpStatus(), 404);
        QVERIFY(result.error().message().contains(u"deleted"_s));
        QVERIFY(!result.error().fullText().contains(u"release"_s, Qt::CaseInsensitive));
        QVERIFY2(result.error().fullText().contains(u"ghost"_s), qPrintable(result.error().fullText()));
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
        QCOMPARE(seen().size(), 0);
    }

    void theServerRefusesARequestWithoutTheWorkspace()
    {
        // The emulator holds the API's rule; an ApiCall sent without the header shows it is enforced, so
        // that the header checks above cannot pass by a server that ignores it.
        ApiRequest bare;
        bare.path = u"/sandboxes"_s;
        int status = -1;
        ApiError error;
        ApiCall *call = transport->send(bare);
        connect(call, &ApiCall::finished, call, [&status, &error, call] {
            status = call->httpStatus();
            error = call->error();
        });
        QVERIFY(QTest::qWaitFor([&] { return status != -1; }, 5000));
        QCOMPARE(status, 400);
        QVERIFY(!error.isKeyProblem());
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
        QCOMPARE(seen().size(), 0);
    }

    void anAbortMidRequestIsACancel()
    {
        faults([](Emulator::FaultSettings &f) { f.hangNextRequests = 1; });
        QObject context;
        std::optional<ApiResult<BlaxelSandboxList>> result;
        QPointer<BlaxelOperation> operation =
            service->list({}, &context, [&](const ApiResult<BlaxelSandboxList> &r) { result = r; });
        QVERIFY(QTest::qWaitFor([&] { return !seen().isEmpty(); }, 5000));
        operation->abort();
        QVERIFY(QTest::qWaitFor([&] { return result.has_value(); }, 5000));
        QCOMPARE(result->error().kind(), ApiError::Kind::Cancelled);
    }

    void gatewayTimeoutHtmlIsReadable()
    {
        const int attempts = transport->config().maxAttempts;
        faults([attempts](Emulator::FaultSettings &f) {
            f.failNextRequests = attempts;
            f.failStatus = 504;
        });
        const auto result = list();
        QVERIFY(!result.ok());
        QCOMPARE(result.error().httpStatus(), 504);
        QCOMPARE(seen().size(), attempts); // a read is retried
        QVERIFY(result.error().message().contains(u"gateway timed out"_s));
        QVERIFY(!result.error().fullText().contains(u'<'));
        QVERIFY(result.error().rawBody().startsWith("<html>"));
    }

    void aSilentServerTimesOut()
    {
        faults([](Emulator::FaultSettings &f) { f.hangNextRequests = 1; });
        configure([](TransportConfig &config) {
            config.timeoutMs = 300;
            config.maxAttempts = 1;
        });
        const auto result = get(u"research-notebook"_s);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().kind(), ApiError::Kind::Timeout);
    }
};

QTEST_GUILESS_MAIN(TestBlaxelService)
#include "tst_blaxelservice.moc"
