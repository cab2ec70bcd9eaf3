// MCP at the URLs the emulator hands out (Streamable HTTP, stateless, SSE replies) and each server's data:
// initialize, tool calls that change it, dump, reset; 422 shapes; old leases; the benchmark's tool set.

#include "emulator/emulatorserver.h"
#include "emulator/klavis/providerspec.h"
#include "emulatorprobe.h"
#include "mcptestcalls.h"
#include "testclient.h"

#include <QElapsedTimer>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

class TestEmulatorMcp final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<TestClient> m_client;
    std::unique_ptr<McpTestCalls> m_mcp;

    // Acquires a sandbox of `server`; answers its id and MCP URL.
    std::pair<QString, QUrl> acquire(const QString &server, const QJsonObject &body = {})
    {
        const Answer answer = m_client->api("POST", u"/sandbox/"_s + server, json(body));
        QTest::qCompare(answer.status, 201, "status", "201", __FILE__, __LINE__);
        const QJsonObject object = answer.object();
        return {object[u"sandbox_id"_s].toString(), QUrl(object[u"server_urls"_s][server].toString())};
    }

    QJsonObject dumpData(const QString &server, const QString &id)
    {
        const Answer answer = m_client->api("GET", u"/sandbox/%1/%2/dump"_s.arg(server, id));
        QTest::qCompare(answer.status, 200, "status", "200", __FILE__, __LINE__);
        return answer.object()[u"data"_s].toObject();
    }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<Emulator::EmulatorServer>();
        QVERIFY(m_server->listen());
        m_client = std::make_unique<TestClient>(m_server->apiBaseUrl());
        m_mcp = std::make_unique<McpTestCalls>(*m_client);
    }

    void cleanup()
    {
        m_mcp.reset();
        m_client.reset();
        m_server.reset();
    }

    void initializeListAndCallPerServer_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<QStringList>("tools");
        QTest::addColumn<QString>("readTool");
        QTest::newRow("github") << u"github"_s
                                << QStringList{u"list_repositories"_s,   u"create_issue"_s,
                                               u"add_issue_comment"_s,   u"list_pull_requests"_s,
                                               u"create_pull_request"_s, u"create_branch"_s,
                                               u"merge_pull_request"_s}
                                << u"list_repositories"_s;
        QTest::newRow("slack") << u"slack"_s << QStringList{u"list_channels"_s, u"post_message"_s}
                               << u"list_channels"_s;
        QTest::newRow("jira") << u"jira"_s << QStringList{u"list_projects"_s, u"search_issues"_s}
                              << u"list_projects"_s;
        QTest::newRow("notion") << u"notion"_s << QStringList{u"search"_s, u"create_page"_s, u"get_page"_s}
                                << u"search"_s;
        QTest::newRow("gmail") << u"gmail"_s << QStringList{u"send_email"_s, u"read_message"_s}
                               << u"list_messages"_s;
        QTest::newRow("hubspot (generic)")
            << u"hubspot"_s << QStringList{u"describe_data"_s, u"get_records"_s} << u"describe_data"_s;
    }

    void initializeListAndCallPerServer()
    {
        QFETCH(QString, server);
        QFETCH(QStringList, tools);
        QFETCH(QString, readTool);
        const auto [id, url] = acquire(server);
        QCOMPARE(m_client->api("POST", u"/sandbox/%1/%2/initialize?init_default_data=true"_s.arg(server, id))
                     .status,
                 200);
        for (const QString &version : {u"2025-11-25"_s, u"2025-06-18"_s, u"2025-03-26"_s, u"2024-01-01"_s}) {
            const Rpc hello = m_mcp->rpc(
                url, u"initialize"_s,
                QJsonObject{{u"protocolVersion"_s, version},
                            {u"capabilities"_s, QJsonObject()},
                            {u"clientInfo"_s, QJsonObject{{u"name"_s, u"t"_s}, {u"version"_s, u"1"_s}}}});
            QCOMPARE(hello.answer.status, 200);
            QCOMPARE(hello.answer.header("Content-Type"), QByteArray("text/event-stream"));
            QVERIFY(hello.answer.header("Mcp-Session-Id").isEmpty());
            QCOMPARE(hello.events.size(), 1);
            QCOMPARE(hello.last()[u"id"_s].toInt(), 1);
            const QJsonObject result = hello.result();
            QCOMPARE(result[u"protocolVersion"_s].toString(),
                     version == u"2024-01-01" ? u"2025-11-25"_s : version);
            QCOMPARE(result[u"serverInfo"_s][u"name"_s].toString(), u"klavis-"_s + server);
            QCOMPARE(result[u"capabilities"_s][u"tools"_s][u"listChanged"_s], QJsonValue(false));
            QVERIFY(!result[u"instructions"_s].toString().isEmpty());
        }
        QCOMPARE(m_mcp->rpc(url, u"ping"_s).last()[u"result"_s], QJsonValue(QJsonObject()));
        const QJsonArray listed = m_mcp->allTools(url);
        const QStringList names = toolNames(listed);
        for (const QString &tool : tools)
            QVERIFY2(names.contains(tool), qPrintable(names.join(u", "_s)));
        QVERIFY(names.contains(u"wait"_s));
        for (const QJsonValue &tool : listed) {
            QCOMPARE(tool[u"inputSchema"_s][u"type"_s].toString(), u"object"_s);
            QVERIFY(tool[u"annotations"_s][u"readOnlyHint"_s].isBool());
            QVERIFY(!tool[u"description"_s].toString().isEmpty());
        }
        const Rpc read = m_mcp->callTool(
            url, readTool, readTool == u"search" ? QJsonObject{{u"query"_s, u"a"_s}} : QJsonObject());
        QCOMPARE(read.result()[u"isError"_s], QJsonValue(false));
        QVERIFY(!read.text().isEmpty());
    }

    // initialize -> a tool call changes the data -> dump shows it -> reset -> dump is empty again.
    void dataRoundTrip()
    {
        const auto [id, url] = acquire(u"github"_s);
        QCOMPARE(dumpData(u"github"_s, id), QJsonObject());
        const QJsonObject data{{u"repos"_s, QJsonArray{QJsonObject{{u"name"_s, u"demo"_s}}}}};
        const Answer initialized =
            m_client->api("POST", u"/sandbox/github/%1/initialize"_s.arg(id), json(data));
        QCOMPARE(initialized.status, 200);
        QCOMPARE(initialized.object()[u"status"_s].toString(), u"occupied"_s);
        QCOMPARE(dumpData(u"github"_s, id), data);
        const Rpc created = m_mcp->callTool(url, u"create_issue"_s,
                                            QJsonObject{{u"repo"_s, u"demo"_s},
                                                        {u"title"_s, u"Found by the agent"_s},
                                                        {u"labels"_s, QJsonArray{u"bug"_s}}});
        QCOMPARE(created.result()[u"isError"_s], QJsonValue(false));
        QCOMPARE(created.text(), u"Created issue #1 in demo"_s);
        const QJsonObject issue = dumpData(u"github"_s, id)[u"repos"_s][0][u"issues"_s][0].toObject();
        QCOMPARE(issue[u"issue_title"_s].toString(), u"Found by the agent"_s);
        QCOMPARE(issue[u"status"_s].toString(), u"open"_s);
        const Rpc issues = m_mcp->callTool(url, u"list_issues"_s, QJsonObject{{u"repo"_s, u"demo"_s}});
        QCOMPARE(issues.result()[u"structuredContent"_s][u"issues"_s].toArray().size(), 1);
        QCOMPARE(m_client->api("POST", u"/sandbox/github/%1/reset"_s.arg(id)).status, 200);
        QCOMPARE(dumpData(u"github"_s, id), QJsonObject());
        const Rpc gone = m_mcp->callTool(url, u"list_issues"_s, QJsonObject{{u"repo"_s, u"demo"_s}});
        QCOMPARE(gone.result()[u"isError"_s], QJsonValue(true));
        QVERIFY(gone.text().contains(u"not found"_s));
    }

    // add_issue_comment puts the comment on its issue in the data; a wrong repository, issue or body is a
    // tool error the model reads, and the data stays as it was.
    void githubIssueComments()
    {
        const auto [id, url] = acquire(u"github"_s);
        QCOMPARE(
            m_client->api("POST", u"/sandbox/github/%1/initialize?init_default_data=true"_s.arg(id)).status,
            200);
        const QJsonObject seeded = dumpData(u"github"_s, id);
        const QString repo = seeded[u"repos"_s][0][u"name"_s].toString();
        QCOMPARE(repo, u"test-repo"_s);
        const Rpc commented = m_mcp->callTool(
            url, u"add_issue_comment"_s,
            QJsonObject{{u"repo"_s, repo}, {u"issue_number"_s, 1}, {u"body"_s, u"Seen on 6.4"_s}});
        QCOMPARE(commented.result()[u"isError"_s], QJsonValue(false));
        QCOMPARE(commented.text(), u"Added comment 1 to issue #1 in test-repo"_s);
        m_mcp->callTool(url, u"add_issue_comment"_s,
                        QJsonObject{{u"repo"_s, repo}, {u"issue_number"_s, 1}, {u"body"_s, u"And on 6.8"_s}});
        const QJsonObject changed = dumpData(u"github"_s, id);
        const QJsonArray comments = changed[u"repos"_s][0][u"issues"_s][0][u"comments"_s].toArray();
        QCOMPARE(comments.size(), 2);
        QCOMPARE(comments[0][u"body"_s].toString(), u"Seen on 6.4"_s);
        QCOMPARE(comments[1][u"id"_s].toInt(), 2);
        // The changed data is still the provider's GitHubData: it goes back in as it came out.
        QCOMPARE(m_client->api("POST", u"/sandbox/github/%1/initialize"_s.arg(id), json(changed)).status,
                 200);

        const QList<std::pair<QJsonObject, QString>> refused = {
            {QJsonObject{{u"repo"_s, u"nope"_s}, {u"issue_number"_s, 1}, {u"body"_s, u"x"_s}},
             u"Repository 'nope' not found"_s},
            {QJsonObject{{u"repo"_s, repo}, {u"issue_number"_s, 7}, {u"body"_s, u"x"_s}},
             u"Issue #7 not found in test-repo"_s},
            {QJsonObject{{u"repo"_s, repo}, {u"issue_number"_s, 1}}, u"body: missing"_s},
            {QJsonObject{{u"repo"_s, repo}, {u"issue_number"_s, 1}, {u"body"_s, u""_s}}, u"body"_s},
        };
        for (const auto &[arguments, reason] : refused) {
            const Rpc bad = m_mcp->callTool(url, u"add_issue_comment"_s, arguments);
            QCOMPARE(bad.result()[u"isError"_s], QJsonValue(true));
            QVERIFY2(bad.text().contains(reason), qPrintable(bad.text()));
        }
        QCOMPARE(dumpData(u"github"_s, id), changed);
    }

    // create_branch and create_pull_request add to the repository's branches and prs, list_pull_requests
    // reads them; branches that are not there, the same branch twice, no title or a second open pull request
    // for the same branches are tool errors that change nothing.
    void githubBranchesAndPullRequests()
    {
        const auto [id, url] = acquire(u"github"_s);
        QCOMPARE(
            m_client->api("POST", u"/sandbox/github/%1/initialize?init_default_data=true"_s.arg(id)).status,
            200);
        const Rpc branched = m_mcp->callTool(
            url, u"create_branch"_s, QJsonObject{{u"repo"_s, u"test-repo"_s}, {u"branch"_s, u"fix-typo"_s}});
        QCOMPARE(branched.result()[u"isError"_s], QJsonValue(false));
        QCOMPARE(branched.text(), u"Created branch fix-typo in test-repo from main"_s);
        const Rpc created = m_mcp->callTool(url, u"create_pull_request"_s,
                                            QJsonObject{{u"repo"_s, u"test-repo"_s},
                                                        {u"title"_s, u"Fix the typo"_s},
                                                        {u"head"_s, u"fix-typo"_s},
                                                        {u"base"_s, u"main"_s},
                                                        {u"body"_s, u"One letter."_s}});
        QCOMPARE(created.result()[u"isError"_s], QJsonValue(false));
        QCOMPARE(created.text(), u"Created pull request #2 in test-repo (fix-typo into main)"_s);
        const QJsonObject changed = dumpData(u"github"_s, id);
        const QJsonObject repo = changed[u"repos"_s][0].toObject();
        QCOMPARE(repo[u"branches"_s][2][u"name"_s].toString(), u"fix-typo"_s);
        QCOMPARE(repo[u"branches"_s][2][u"folders"_s], repo[u"branches"_s][0][u"folders"_s]);
        const QJsonObject pr = repo[u"prs"_s][1].toObject();
        QCOMPARE(pr[u"pr_title"_s].toString(), u"Fix the typo"_s);
        QCOMPARE(pr[u"source_branch"_s].toString(), u"fix-typo"_s);
        QCOMPARE(pr[u"target_branch"_s].toString(), u"main"_s);
        QCOMPARE(pr[u"status"_s].toString(), u"open"_s);
        QCOMPARE(pr[u"description"_s].toString(), u"One letter."_s);
        QCOMPARE(m_client->api("POST", u"/sandbox/github/%1/initialize"_s.arg(id), json(changed)).status,
                 200);
        const QJsonArray listed =
            m_mcp->callTool(url, u"list_pull_requests"_s, QJsonObject{{u"repo"_s, u"test-repo"_s}})
                .result()[u"structuredContent"_s][u"pull_requests"_s]
                .toArray();
        QCOMPARE(listed.size(), 2);
        QCOMPARE(listed[1][u"number"_s].toInt(), 2);
        QCOMPARE(listed[1][u"head"_s].toString(), u"fix-typo"_s);
        QCOMPARE(listed[0][u"head"_s].toString(), u"feature-branch"_s);

        const QJsonObject pull{{u"repo"_s, u"test-repo"_s}, {u"title"_s, u"T"_s}};
        auto with = [](QJsonObject arguments, const QString &head, const QString &base) {
            arguments.insert(u"head"_s, head);
            arguments.insert(u"base"_s, base);
            return arguments;
        };
        QJsonObject untitled = with(pull, u"feature-branch"_s, u"fix-typo"_s);
        untitled.remove(u"title"_s);
        QJsonObject otherRepo = with(pull, u"fix-typo"_s, u"main"_s);
        otherRepo.insert(u"repo"_s, u"nope"_s);
        const QList<std::pair<QJsonObject, QString>> refused = {
            {with(pull, u"no-such-branch"_s, u"main"_s), u"Branch 'no-such-branch' not found in test-repo"_s},
            {with(pull, u"fix-typo"_s, u"release"_s), u"Branch 'release' not found in test-repo"_s},
            {with(pull, u"main"_s, u"main"_s), u"Head and base are both 'main'"_s},
            {with(pull, u"fix-typo"_s, u"main"_s), u"already open: #2"_s},
            {untitled, u"title: missing"_s},
            {otherRepo, u"Repository 'nope' not found"_s},
        };
        for (const auto &[arguments, reason] : refused) {
            const Rpc bad = m_mcp->callTool(url, u"create_pull_request"_s, arguments);
            QCOMPARE(bad.result()[u"isError"_s], QJsonValue(true));
            QVERIFY2(bad.text().contains(reason), qPrintable(bad.text()));
        }
        for (const QJsonObject &arguments :
             {QJsonObject{{u"repo"_s, u"test-repo"_s}, {u"branch"_s, u"main"_s}},
              QJsonObject{{u"repo"_s, u"test-repo"_s}, {u"branch"_s, u"x"_s}, {u"from_branch"_s, u"gone"_s}},
              QJsonObject{{u"repo"_s, u"test-repo"_s}, {u"branch"_s, u""_s}}}) {
            QCOMPARE(m_mcp->callTool(url, u"create_branch"_s, arguments).result()[u"isError"_s],
                     QJsonValue(true));
        }
        QCOMPARE(dumpData(u"github"_s, id), changed);
    }

    // merge_pull_request marks the pull request merged and gives its base the head's files; a pull request
    // that is not open, or not there, is a tool error.
    void githubMergePullRequest()
    {
        const auto [id, url] = acquire(u"github"_s);
        QCOMPARE(
            m_client->api("POST", u"/sandbox/github/%1/initialize?init_default_data=true"_s.arg(id)).status,
            200);
        const QJsonObject seeded = dumpData(u"github"_s, id)[u"repos"_s][0].toObject();
        QVERIFY(seeded[u"branches"_s][0][u"folders"_s] != seeded[u"branches"_s][1][u"folders"_s]);
        const Rpc merged = m_mcp->callTool(url, u"merge_pull_request"_s,
                                           QJsonObject{{u"repo"_s, u"test-repo"_s}, {u"pullNumber"_s, 1}});
        QCOMPARE(merged.result()[u"isError"_s], QJsonValue(false));
        QCOMPARE(merged.text(), u"Merged pull request #1 (feature-branch into main)"_s);
        const QJsonObject changed = dumpData(u"github"_s, id);
        const QJsonObject repo = changed[u"repos"_s][0].toObject();
        QCOMPARE(repo[u"prs"_s][0][u"status"_s].toString(), u"merged"_s);
        QCOMPARE(repo[u"branches"_s][0][u"name"_s].toString(), u"main"_s);
        QCOMPARE(repo[u"branches"_s][0][u"folders"_s], seeded[u"branches"_s][1][u"folders"_s]);
        QCOMPARE(m_mcp
                     ->callTool(url, u"list_pull_requests"_s,
                                QJsonObject{{u"repo"_s, u"test-repo"_s}, {u"state"_s, u"closed"_s}})
                     .result()[u"structuredContent"_s][u"pull_requests"_s][0][u"state"_s]
                     .toString(),
                 u"merged"_s);
        for (const auto &[number, reason] : {std::pair{1, u"Pull request #1 is merged, not open"_s},
                                             std::pair{9, u"Pull request #9 not found in test-repo"_s}}) {
            const Rpc bad =
                m_mcp->callTool(url, u"merge_pull_request"_s,
                                QJsonObject{{u"repo"_s, u"test-repo"_s}, {u"pullNumber"_s, number}});
            QCOMPARE(bad.result()[u"isError"_s], QJsonValue(true));
            QCOMPARE(bad.text(), reason);
        }
        QCOMPARE(dumpData(u"github"_s, id), changed);
    }

    void otherServersChangeTheirData()
    {
        const auto [slackId, slack] = acquire(u"slack"_s);
        m_client->api("POST", u"/sandbox/slack/%1/initialize"_s.arg(slackId),
                      json(QJsonObject{{u"channels"_s, QJsonArray{QJsonObject{{u"name"_s, u"general"_s}}}}}));
        QVERIFY(!m_mcp
                     ->callTool(slack, u"post_message"_s,
                                QJsonObject{{u"channel"_s, u"#general"_s}, {u"text"_s, u"hi"_s}})
                     .result()[u"isError"_s]
                     .toBool());
        QCOMPARE(dumpData(u"slack"_s, slackId)[u"channels"_s][0][u"messages"_s][0][u"text"_s].toString(),
                 u"hi"_s);
        QCOMPARE(m_mcp->callTool(slack, u"read_messages"_s, QJsonObject{{u"channel"_s, u"general"_s}})
                     .result()[u"structuredContent"_s][u"messages"_s][0][u"text"_s]
                     .toString(),
                 u"hi"_s);

        const auto [gmailId, gmail] = acquire(u"gmail"_s);
        QVERIFY(
            !m_mcp
                 ->callTool(
                     gmail, u"send_email"_s,
                     QJsonObject{{u"to"_s, u"a@example.com"_s}, {u"subject"_s, u"S"_s}, {u"body"_s, u"B"_s}})
                 .result()[u"isError"_s]
                 .toBool());
        QCOMPARE(dumpData(u"gmail"_s, gmailId)[u"messages"_s][0][u"subject"_s].toString(), u"S"_s);
        QCOMPARE(m_mcp->callTool(gmail, u"read_message"_s, QJsonObject{{u"id"_s, 1}})
                     .result()[u"structuredContent"_s][u"body"_s]
                     .toString(),
                 u"B"_s);

        const auto [notionId, notion] = acquire(u"notion"_s);
        m_mcp->callTool(notion, u"create_page"_s,
                        QJsonObject{{u"title"_s, u"Plan"_s}, {u"content"_s, u"one\n\ntwo"_s}});
        QCOMPARE(dumpData(u"notion"_s, notionId)[u"pages"_s][0][u"content_blocks"_s].toArray().size(), 2);
        QVERIFY(m_mcp->callTool(notion, u"get_page"_s, QJsonObject{{u"title"_s, u"Plan"_s}})
                    .text()
                    .contains(u"two"_s));

        const auto [jiraId, jira] = acquire(u"jira"_s);
        QCOMPARE(
            m_client->api("POST", u"/sandbox/jira/%1/initialize?init_default_data=true"_s.arg(jiraId)).status,
            200);
        const QString key = dumpData(u"jira"_s, jiraId)[u"projects"_s][0][u"key"_s].toString();
        const Rpc created =
            m_mcp->callTool(jira, u"create_issue"_s,
                            QJsonObject{{u"project_key"_s, key}, {u"summary"_s, u"Zebra crossing"_s}});
        QVERIFY(created.result()[u"structuredContent"_s][u"key"_s].toString().startsWith(key + u'-'));
        QCOMPARE(m_mcp->callTool(jira, u"search_issues"_s, QJsonObject{{u"query"_s, u"zebra"_s}})
                     .result()[u"structuredContent"_s][u"issues"_s]
                     .toArray()
                     .size(),
                 1);
    }

    // FastAPI/pydantic v2's shapes: every error, nested locations, pydantic's types and messages.
    void validationErrorShapes()
    {
        const auto [id, url] = acquire(u"github"_s);
        const QByteArray body = "{\"repos\": [{\"description\": 5, \"issues\": [{\"issue_title\": \"t\", "
                                "\"labels\": \"x\"}]}, 7]}";
        const Answer refused = m_client->api("POST", u"/sandbox/github/%1/initialize"_s.arg(id), body);
        QCOMPARE(refused.status, 422);
        const QJsonArray errors = refused.errors();
        QCOMPARE(errors.size(), 4);
        QCOMPARE(errors[0][u"type"_s].toString(), u"missing"_s);
        QCOMPARE(errors[0][u"loc"_s].toArray(), (QJsonArray{u"body"_s, u"repos"_s, 0, u"name"_s}));
        QCOMPARE(errors[0][u"msg"_s].toString(), u"Field required"_s);
        QCOMPARE(errors[1][u"type"_s].toString(), u"string_type"_s);
        QCOMPARE(errors[1][u"input"_s], QJsonValue(5));
        QCOMPARE(errors[2][u"type"_s].toString(), u"list_type"_s);
        QCOMPARE(errors[2][u"loc"_s].toArray(),
                 (QJsonArray{u"body"_s, u"repos"_s, 0, u"issues"_s, 0, u"labels"_s}));
        QCOMPARE(errors[3][u"type"_s].toString(), u"model_type"_s);
        QCOMPARE(errors[3][u"msg"_s].toString(),
                 u"Input should be a valid dictionary or instance of GitHubRepo"_s);
        QCOMPARE(m_client->api("POST", u"/sandbox/github/%1/initialize"_s.arg(id), "{\"repos\": ")
                     .errors()[0][u"type"_s]
                     .toString(),
                 u"json_invalid"_s);
        QCOMPARE(m_client->api("POST", u"/sandbox/github/%1/initialize?init_default_data=perhaps"_s.arg(id))
                     .status,
                 422);
        // Valid bodies on the wrong sandbox: unknown id 404, a sandbox not held 400, no data at all 400.
        QCOMPARE(m_client->api("POST", u"/sandbox/github/nope/initialize"_s, "{}").status, 404);
        QCOMPARE(m_client->api("GET", u"/sandbox/github/nope/dump"_s).status, 404);
        QCOMPARE(m_client->api("POST", u"/sandbox/github/%1/initialize"_s.arg(id)).status, 400);
        QCOMPARE(m_client->api("GET", u"/sandbox/calculator/%1/dump"_s.arg(id)).status, 404); // no data paths
        QCOMPARE(m_client->api("DELETE", u"/sandbox/github/"_s + id).status, 200);
        QCOMPARE(m_client->api("GET", u"/sandbox/github/%1/dump"_s.arg(id)).status, 400);
    }

    void oldLeaseIsNotFound()
    {
        const auto [id, first] = acquire(u"slack"_s);
        QCOMPARE(m_mcp->rpc(first, u"ping"_s).answer.status, 200);
        QCOMPARE(m_client->api("DELETE", u"/sandbox/slack/"_s + id).status, 200);
        const Rpc released = m_mcp->rpc(first, u"ping"_s);
        QCOMPARE(released.answer.status, 404);
        QVERIFY(!released.answer.body.contains(first.query().toUtf8())); // the instance id is not echoed
        QUrl noInstance = first;
        noInstance.setQuery(QString());
        QCOMPARE(m_mcp->rpc(noInstance, u"ping"_s).answer.status, 404);
        QUrl wrongServer = first;
        wrongServer.setPath(u"/mcp/github/"_s);
        QCOMPARE(m_mcp->rpc(wrongServer, u"ping"_s).answer.status, 404);
    }

    // MCP_Atlas hides the write tools, Toolathlon re-describes them, no benchmark keeps the set as it is.
    void benchmarkChangesTheToolSet()
    {
        const QJsonArray plain = m_mcp->allTools(acquire(u"slack"_s).second);
        const QJsonArray atlas =
            m_mcp->allTools(acquire(u"slack"_s, QJsonObject{{u"benchmark"_s, u"MCP_Atlas"_s}}).second);
        const QJsonArray toolathlon =
            m_mcp->allTools(acquire(u"slack"_s, QJsonObject{{u"benchmark"_s, u"Toolathlon"_s}}).second);
        QVERIFY(toolNames(plain).contains(u"post_message"_s));
        QVERIFY(!toolNames(atlas).contains(u"post_message"_s));
        QVERIFY(!toolNames(atlas).contains(u"delete_message"_s));
        QVERIFY(toolNames(atlas).contains(u"read_messages"_s));
        QCOMPARE(toolNames(toolathlon), toolNames(plain));
        QVERIFY(toolathlon != plain);
    }

    void transportStatuses()
    {
        const QUrl url = acquire(u"github"_s).second;
        const QByteArray ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
        const Answer jsonOnly = m_client->send(
            "POST", url, ping, {{"Content-Type", "application/json"}, {"Accept", "application/json"}});
        QCOMPARE(jsonOnly.status, 406);
        for (const QByteArray &method : {QByteArray("GET"), QByteArray("DELETE")}) {
            const Answer refused = m_client->send(method, url, {}, mcpHeaders);
            QCOMPARE(refused.status, 405);
            QCOMPARE(refused.header("Allow"), QByteArray("POST"));
        }
        const Answer notification = m_client->send(
            "POST", url, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", mcpHeaders);
        QCOMPARE(notification.status, 202);
        QVERIFY(notification.body.isEmpty());
        QCOMPARE(
            m_client->send("POST", url, "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{}}", mcpHeaders).status,
            202);
        const Answer malformed = m_client->send("POST", url, "{\"jsonrpc\":", mcpHeaders);
        QCOMPARE(malformed.status, 400);
        QCOMPARE(malformed.object()[u"error"_s][u"code"_s].toInt(), -32700);
        QCOMPARE(
            m_client->send("POST", url, "[" + ping + "]", mcpHeaders).object()[u"error"_s][u"code"_s].toInt(),
            -32600);
        QCOMPARE(
            m_client
                ->send("POST", url, ping, {{"Accept", "text/event-stream"}, {"Content-Type", "text/plain"}})
                .status,
            415);
        QCOMPARE(m_mcp->rpc(url, u"resources/list"_s).last()[u"error"_s][u"code"_s].toInt(), -32601);
        const Rpc unknown = m_mcp->callTool(url, u"no_such_tool"_s, {});
        QCOMPARE(unknown.last()[u"error"_s][u"code"_s].toInt(), -32602);
        const Rpc bad =
            m_mcp->callTool(url, u"create_issue"_s, QJsonObject{{u"repo"_s, 5}, {u"colour"_s, u"red"_s}});
        QCOMPARE(bad.result()[u"isError"_s], QJsonValue(true));
        QVERIFY2(bad.text().contains(u"title: missing"_s) && bad.text().contains(u"colour: extra"_s),
                 qPrintable(bad.text()));
    }

    void progressArrivesBeforeTheResult()
    {
        const QUrl url = acquire(u"hubspot"_s).second;
        const QJsonObject params{{u"name"_s, u"wait"_s},
                                 {u"arguments"_s, QJsonObject{{u"milliseconds"_s, 100}, {u"steps"_s, 4}}},
                                 {u"_meta"_s, QJsonObject{{u"progressToken"_s, u"tok"_s}}}};
        const Rpc slow = m_mcp->rpc(url, u"tools/call"_s, params, 7);
        QCOMPARE(slow.events.size(), 5);
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(slow.events[i][u"method"_s].toString(), u"notifications/progress"_s);
            QCOMPARE(slow.events[i][u"params"_s][u"progressToken"_s].toString(), u"tok"_s);
            QCOMPARE(slow.events[i][u"params"_s][u"progress"_s].toInt(), i + 1);
        }
        QCOMPARE(slow.last()[u"id"_s].toInt(), 7);
        QCOMPARE(slow.answer.body.count("event: message\n"), 5);
        QCOMPARE(m_mcp->callTool(url, u"wait"_s, QJsonObject{{u"milliseconds"_s, 0}}).events.size(),
                 1); // no token, no progress
    }

    // The first progress event leaves at once, the result when the wait is over: a client sees them apart.
    void progressIsSpreadOverTheWait()
    {
        const QUrl url = acquire(u"hubspot"_s).second;
        const QJsonObject message{
            {u"jsonrpc"_s, u"2.0"_s},
            {u"id"_s, 1},
            {u"method"_s, u"tools/call"_s},
            {u"params"_s,
             QJsonObject{{u"name"_s, u"wait"_s},
                         {u"arguments"_s, QJsonObject{{u"milliseconds"_s, 800}, {u"steps"_s, 3}}},
                         {u"_meta"_s, QJsonObject{{u"progressToken"_s, 5}}}}}};
        QNetworkRequest request(url);
        for (const auto &[name, value] : mcpHeaders)
            request.setRawHeader(name, value);
        QElapsedTimer clock;
        clock.start();
        QNetworkReply *reply = m_client->nam().post(request, json(message));
        qint64 firstEventMs = -1;
        QByteArray received;
        connect(reply, &QNetworkReply::readyRead, this, [&]() {
            received += reply->readAll();
            if (firstEventMs < 0 && received.contains("notifications/progress"))
                firstEventMs = clock.elapsed();
        });
        QVERIFY(QTest::qWaitFor([&]() { return reply->isFinished(); }, 10000));
        const qint64 finishedMs = clock.elapsed();
        received += reply->readAll();
        reply->deleteLater();
        QCOMPARE(parseEvents(received).size(), 4);
        QVERIFY2(firstEventMs >= 0 && finishedMs - firstEventMs >= 300,
                 qPrintable(u"first event at %1 ms, result at %2 ms"_s.arg(firstEventMs).arg(finishedMs)));
    }

    void longToolListsArePaged()
    {
        m_server->setMcpExtraTools(120);
        const QUrl url = acquire(u"github"_s).second;
        const QJsonObject first = m_mcp->rpc(url, u"tools/list"_s).result();
        QCOMPARE(first[u"tools"_s].toArray().size(), 50);
        QVERIFY(first.contains(u"nextCursor"_s));
        const QJsonArray all = m_mcp->allTools(url);
        QCOMPARE(all.size(), 10 + 1 + 120);
        QCOMPARE(toolNames(all).last(), u"extra_tool_120"_s);
        QCOMPARE(toolNames(all).removeDuplicates(), 0);
        QCOMPARE(m_mcp->rpc(url, u"tools/list"_s, QJsonObject{{u"cursor"_s, u"bogus"_s}})
                     .last()[u"error"_s][u"code"_s]
                     .toInt(),
                 -32602);
    }

    void localFilesystemWorksOnTheWorkspace()
    {
        const QString localId = EmulatorProbe(m_server).localSandboxIds().constFirst();
        const QJsonArray servers =
            m_client->api("GET", u"/local-sandbox/"_s + localId).object()[u"servers"_s].toArray();
        QUrl url;
        for (const QJsonValue &server : servers) {
            if (server[u"server_name"_s] == u"filesystem"_s)
                url = QUrl(server[u"mcp_server_url"_s].toString());
        }
        QVERIFY(url.isValid());
        QCOMPARE(m_mcp->rpc(url, u"initialize"_s, QJsonObject{{u"protocolVersion"_s, u"2025-06-18"_s}})
                     .result()[u"serverInfo"_s][u"name"_s]
                     .toString(),
                 u"klavis-filesystem"_s);
        QVERIFY(m_mcp->callTool(url, u"filesystem_list_directory"_s, QJsonObject{{u"path"_s, u"."_s}})
                    .text()
                    .contains(u"[FILE] README.md"_s));
        QVERIFY(m_mcp
                    ->callTool(url, u"filesystem_read_text_file"_s,
                               QJsonObject{{u"path"_s, u"/workspace/README.md"_s}})
                    .text()
                    .startsWith(u"# Demo workspace"_s));
        QVERIFY(!m_mcp->callTool(url, u"filesystem_create_directory"_s, QJsonObject{{u"path"_s, u"out"_s}})
                     .result()[u"isError"_s]
                     .toBool());
        QVERIFY(!m_mcp
                     ->callTool(url, u"filesystem_write_file"_s,
                                QJsonObject{{u"path"_s, u"out/result.txt"_s}, {u"content"_s, u"42"_s}})
                     .result()[u"isError"_s]
                     .toBool());
        QCOMPARE(EmulatorProbe(m_server).workspaceFile(localId, u"out/result.txt"_s), QByteArray("42"));
        QVERIFY(
            m_mcp->callTool(url, u"filesystem_read_text_file"_s, QJsonObject{{u"path"_s, u"../etc/passwd"_s}})
                .result()[u"isError"_s]
                .toBool());
        QCOMPARE(m_client->api("POST", u"/local-sandbox/%1/reset"_s.arg(localId)).status, 200);
        QVERIFY(
            m_mcp
                ->callTool(url, u"filesystem_read_text_file"_s, QJsonObject{{u"path"_s, u"out/result.txt"_s}})
                .result()[u"isError"_s]
                .toBool());
        QUrl other = url;
        other.setQuery(u"local_sandbox_id=nope"_s);
        QCOMPARE(m_mcp->rpc(other, u"ping"_s).answer.status, 404);
    }

    // The data servers come from the embedded OpenAPI file's paths, not from a list.
    void dataServersComeFromTheFile()
    {
        using Scope = Emulator::ProviderSpec::Scope;
        const Emulator::ProviderSpec &spec = Emulator::ProviderSpec::instance();
        const QStringList hosted = spec.dataServers(Scope::Sandbox);
        QCOMPARE(hosted.size(), 41);
        QVERIFY(hosted.contains(u"cal.com"_s) && hosted.contains(u"github"_s) &&
                !hosted.contains(u"calculator"_s));
        QCOMPARE(spec.dataServers(Scope::LocalSandbox),
                 (QStringList{u"canvas"_s, u"google_cloud"_s, u"poste_email_toolathlon"_s}));
        QVERIFY(spec.defaultData(Scope::Sandbox, u"cal.com"_s).isUndefined()); // the file gives none
        QCOMPARE(spec.emptyData(Scope::Sandbox, u"onedrive"_s).keys(), QStringList{u"root"_s}); // required
    }

    // The demo account's held sandboxes come with their server's default data.
    void seededSandboxesHoldDefaultData()
    {
        int withData = 0;
        for (const QJsonValue &item :
             m_client->api("GET", u"/sandbox"_s).object()[u"sandboxes"_s].toArray()) {
            if (item[u"status"_s] != u"occupied"_s || item[u"server_name"_s] != u"github"_s)
                continue;
            withData +=
                dumpData(u"github"_s, item[u"sandbox_id"_s].toString()).value(u"repos"_s).toArray().isEmpty()
                    ? 0
                    : 1;
        }
        QVERIFY(withData > 0);
    }
};

QTEST_GUILESS_MAIN(TestEmulatorMcp)
#include "tst_emulatormcp.moc"
