#include "api/blaxelsandboxservice.h"
#include "api/httptransport.h"
#include "blaxelreplayserver.h"
#include "blaxelservicecalls.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <memory>
#include <optional>

using namespace Qt::StringLiterals;

// The service over real HTTP against BlaxelReplayServer, only for what the emulator cannot be made to send:
// it writes well-formed answers in the current version (the service always names it, so never the bare
// array), hands out working cursors, never quotes a request back, and cannot cut a control-plane answer
// short. So here: a looping cursor, hasMore without a cursor, the earliest version's bare array, a gateway
// page with a script and a style, a code only in the edge's header, a body echoing the secret sent, a create
// answer without the name, and a dropped connection. Everything else runs against the emulator in
// tst_blaxelservice.
class TestBlaxelServiceReplay : public QObject, private BlaxelServiceCalls
{
    Q_OBJECT

private:
    using Reply = BlaxelReplayServer::Reply;
    std::unique_ptr<BlaxelReplayServer> server;

    static QString apiKey() { return QString::fromLatin1(BlaxelReplayServer::apiKey); }

private slots:
    void init()
    {
        server = std::make_unique<BlaxelReplayServer>();
        connectService(server->baseUrl(), apiKey());
    }
    void cleanup()
    {
        service.reset();
        transport.reset();
        server.reset();
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

    // The emulator's gateway page is plain; this one carries a script and a style, whose words must not show.
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

QTEST_GUILESS_MAIN(TestBlaxelServiceReplay)
#include "tst_blaxelservicereplay.moc"
