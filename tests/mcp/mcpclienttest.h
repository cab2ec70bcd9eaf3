#pragma once

#include "mcp/mcpclient.h"

#include <QNetworkAccessManager>
#include <QTest>

#include <memory>
#include <tuple>

using namespace Qt::StringLiterals;

// The MCP client over real HTTP on loopback, against AwkwardMcpServer: each test turns on one awkwardness
// and checks what the client did on the wire (the server records every request) and what it reported. One
// executable; the functions live in tst_mcpclient*.cpp by subject.

struct Outcome
{
    int finishedCount = 0;
    McpError error;
    QJsonValue result;
    QList<McpTool> tools;
    McpToolResult toolResult;
    QList<std::tuple<double, double, QString>> progress;
    QStringList notifications;
    bool callDeleted = false;
};

// Records what the call reports as it happens; the client deletes the call after finished(), so this is
// attached when the call is made, before any other call is waited for.
inline std::shared_ptr<Outcome> watch(McpCall *call)
{
    auto outcome = std::make_shared<Outcome>();
    QObject::connect(call, &McpCall::finished, call, [call, outcome] {
        ++outcome->finishedCount;
        outcome->error = call->error();
        outcome->result = call->result();
        outcome->tools = call->tools();
        outcome->toolResult = call->toolResult();
    });
    QObject::connect(call, &McpCall::progress, call,
                     [outcome](double progress, double total, const QString &text) {
                         outcome->progress.append({progress, total, text});
                     });
    QObject::connect(
        call, &McpCall::notification, call,
        [outcome](const QString &method, const QJsonObject &) { outcome->notifications.append(method); });
    QObject::connect(call, &QObject::destroyed, [outcome] { outcome->callDeleted = true; });
    return outcome;
}

inline Outcome wait(const std::shared_ptr<Outcome> &outcome, int timeoutMs = 10000)
{
    (void)QTest::qWaitFor([&] { return outcome->finishedCount > 0; }, timeoutMs);
    // A second finished() would come before the call is deleted, which the call does after its first.
    if (outcome->finishedCount > 0)
        (void)QTest::qWaitFor([&] { return outcome->callDeleted; }, timeoutMs);
    return *outcome;
}

inline Outcome wait(McpCall *call, int timeoutMs = 10000)
{
    return wait(watch(call), timeoutMs);
}

class TestMcpClient : public QObject
{
    Q_OBJECT

private slots:
    void sseParser_data();
    void sseParser();
    void sseParserCapsAnEvent();
    void jsonRpcClassifiesMessages();

    void initializesStatelessServer();
    void refusesUnknownProtocolVersion_data();
    void refusesUnknownProtocolVersion();
    void echoesAndDemandsTheSessionId();
    void expiredSessionReinitializesOnce();
    void callsBeforeConnectWaitForOneInitialize();
    void sseWrittenByteByByteWithNotificationsFirst();
    void jsonInsteadOfSse();
    void serverRequestsAreAnswered();
    void resumesWithLastEventIdAfterRetry();
    void resumptionIsBounded();
    void paginatesThreePages();
    void skipsToolsWithoutAName();
    void toolErrorIsAResult();
    void jsonRpcErrorIsAnError();
    void decodesImagesAndResources();
    void jsonErrorWithoutIdAnswersThePost();
    void refusesAnInvalidSessionId();
    void refusesATokenThatCouldWriteHeaders();
    void garbageIsAProtocolError_data();
    void garbageIsAProtocolError();
    void oversizedReplyIsCapped_data();
    void oversizedReplyIsCapped();
    void timesOut();
    void progressStartsTheClockAgainWithinALimit();
    void cancelSendsNotificationsCancelled();
    void closeSendsDeleteAnd405IsFine();
    void refusesUrlsOutsideThePolicy_data();
    void refusesUrlsOutsideThePolicy();
    void tokenNeverFollowsARedirectElsewhere();
    void followsSameOriginRedirectWithBody();
    void protocolLogIsRedacted();
    void curlCommandIsShellSafe();

private:
    QNetworkAccessManager m_network;
};
