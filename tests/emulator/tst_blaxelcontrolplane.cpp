// Blaxel's control plane in the emulator: both list shapes, cursor paging to the end, search, status and
// showTerminated, create (409, 400, quota), delete to TERMINATED and the record's retention, standby and
// back.

#include "blaxelclient.h"
#include "emulator/emulatorserver.h"
#include "emulatorprobe.h"

#include <QElapsedTimer>
#include <QSet>
#include <QTest>

#include <functional>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

class TestBlaxelControlPlane final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<BlaxelClient> m_blaxel;

    static QStringList names(const QJsonArray &items)
    {
        QStringList list;
        for (const auto &item : items)
            list.append(item[u"metadata"_s][u"name"_s].toString());
        return list;
    }

    QStringList listNames(const QString &query, const QString &workspace = u"demo"_s)
    {
        BlaxelClient::Call call;
        call.workspace = workspace;
        const Answer answer = m_blaxel->control("GET", query, {}, call);
        QTest::qCompare(answer.status, 200, "answer.status", "200", __FILE__, __LINE__);
        return names(answer.object()[u"data"_s].toArray());
    }

    void applySettings(const std::function<void(Emulator::BlaxelSettings &)> &change)
    {
        Emulator::BlaxelSettings settings = EmulatorProbe(m_server).blaxelSettings();
        change(settings);
        m_server->setBlaxelSettings(settings);
    }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<Emulator::EmulatorServer>();
        applySettings([](Emulator::BlaxelSettings &s) {
            s.transitionMs = 300;
            s.terminatedRetentionMs = 1500;
        });
        QVERIFY(m_server->listen());
        m_blaxel = std::make_unique<BlaxelClient>(m_server->apiBaseUrl());
    }

    void cleanup()
    {
        m_blaxel.reset();
        m_server.reset();
    }

    void bothListShapes()
    {
        const Answer versioned = m_blaxel->control("GET", {});
        QCOMPARE(versioned.status, 200);
        const QJsonObject page = versioned.object();
        const QJsonArray data = page[u"data"_s].toArray();
        const QJsonObject meta = page[u"meta"_s].toObject();
        QCOMPARE(data.size(), 12); // the seeded dozen less the terminated one
        QCOMPARE(meta[u"total"_s].toInt(), 12);
        QCOMPARE(meta[u"hasMore"_s].toBool(true), false);
        QVERIFY(meta[u"nextCursor"_s].isNull());

        BlaxelClient::Call bare;
        bare.versioned = false;
        // The earliest version has no paging: a bare array of every match, limit or not.
        const Answer unversioned = m_blaxel->control("GET", u"?limit=5"_s, {}, bare);
        QCOMPARE(unversioned.status, 200);
        const QJsonDocument document = QJsonDocument::fromJson(unversioned.body);
        QVERIFY(document.isArray());
        QCOMPARE(names(document.array()), names(data));

        // Items carry no events and no errors; the single GET has both.
        for (const auto &item : data) {
            QVERIFY(!item.toObject().contains(u"events"_s));
            QVERIFY(!item.toObject().contains(u"errors"_s));
        }
        const QJsonObject broken = m_blaxel->details(u"broken-image"_s);
        QCOMPARE(broken[u"status"_s].toString(), u"FAILED"_s);
        QCOMPARE(broken[u"errors"_s].toArray().size(), 2);
        QCOMPARE(broken[u"errors"_s][0][u"code"_s].toString(), u"IMAGE_PULL_FAILED"_s);
        QVERIFY(broken[u"events"_s].toArray().size() >= 2);

        // An older version date answers the old shape; a malformed one is refused.
        Answer old =
            m_blaxel->client().api("GET", u"/v0/sandboxes"_s, {},
                                   {{"X-Blaxel-Workspace", "demo"}, {"Blaxel-Version", "2025-01-01"}});
        QVERIFY(QJsonDocument::fromJson(old.body).isArray());
        Answer malformed = m_blaxel->client().api(
            "GET", u"/v0/sandboxes"_s, {}, {{"X-Blaxel-Workspace", "demo"}, {"Blaxel-Version", "latest"}});
        QCOMPARE(malformed.status, 400);
    }

    void seededVariety()
    {
        const QJsonObject notebook = m_blaxel->details(u"research-notebook"_s);
        const QJsonObject metadata = notebook[u"metadata"_s].toObject();
        QCOMPARE(metadata[u"workspace"_s].toString(), u"demo"_s);
        QCOMPARE(metadata[u"url"_s].toString(),
                 m_server->apiBaseUrl().toString() + u"/blaxel-sandbox/demo/research-notebook"_s);
        QCOMPARE(metadata[u"labels"_s][u"team"_s].toString(), u"research"_s);
        const QJsonObject runtime = notebook[u"spec"_s][u"runtime"_s].toObject();
        QCOMPARE(runtime[u"ports"_s][0][u"target"_s].toInt(), 8888);
        QCOMPARE(runtime[u"envs"_s][1][u"secret"_s].toBool(), true);
        QCOMPARE(runtime[u"ttl"_s].toString(), u"7d"_s);
        QVERIFY(notebook[u"expiresIn"_s].toDouble() > 4.9 * 86400); // a 7d TTL, created two days ago
        QVERIFY(notebook[u"expiresIn"_s].toDouble() <= 5 * 86400);
        QCOMPARE(notebook[u"state"_s].toString(), u"RUNNING"_s);
        QCOMPARE(m_blaxel->details(u"scratch"_s)[u"state"_s].toString(), u"STANDBY"_s);
        QCOMPARE(m_blaxel->status(u"data-pipeline"_s), u"DEPLOYING"_s);
        QCOMPARE(m_blaxel->status(u"old-experiment"_s), u"DELETING"_s);
        QCOMPARE(m_blaxel->status(u"finished-benchmark"_s), u"TERMINATED"_s);
        const QJsonObject nightly = m_blaxel->details(u"nightly-eval"_s);
        QCOMPARE(nightly[u"spec"_s][u"lifecycle"_s][u"expirationPolicies"_s].toArray().size(), 2);
        // Another workspace starts empty.
        QCOMPARE(listNames({}, u"team-b"_s), QStringList());
    }

    void pagingToTheEnd()
    {
        QStringList seen;
        QString cursor;
        QList<int> pageSizes;
        for (int guard = 0; guard < 10; ++guard) {
            const QString query = u"?limit=5"_s + (cursor.isEmpty() ? QString() : u"&cursor="_s + cursor);
            const Answer answer = m_blaxel->control("GET", query);
            QCOMPARE(answer.status, 200);
            const QJsonObject meta = answer.object()[u"meta"_s].toObject();
            QCOMPARE(meta[u"total"_s].toInt(), guard == 0 ? 12 : 13);
            const QStringList page = names(answer.object()[u"data"_s].toArray());
            pageSizes.append(int(page.size()));
            seen += page;
            if (!meta[u"hasMore"_s].toBool()) {
                QVERIFY(meta[u"nextCursor"_s].isNull());
                break;
            }
            cursor = meta[u"nextCursor"_s].toString();
            QVERIFY(!cursor.isEmpty());
            if (guard == 0) {
                // A sandbox created between two pages sorts first (newest): the next pages neither repeat
                // nor skip what stays.
                QCOMPARE(m_blaxel->control("POST", {}, BlaxelClient::createBody(u"between-pages"_s)).status,
                         200);
            }
        }
        QCOMPARE(pageSizes, (QList<int>{5, 5, 2}));
        QCOMPARE(QSet<QString>(seen.cbegin(), seen.cend()).size(), 12);
        QVERIFY(!seen.contains(u"between-pages"_s));
        QCOMPARE(seen.constFirst(), u"data-pipeline"_s); // createdAt:desc, the newest seeded one

        // name:asc pages in name order; a cursor from another sort is refused.
        const Answer first = m_blaxel->control("GET", u"?limit=4&sort=name:asc"_s);
        QCOMPARE(
            names(first.object()[u"data"_s].toArray()),
            (QStringList{u"agent-runner-01"_s, u"agent-runner-02"_s, u"between-pages"_s, u"broken-image"_s}));
        const QString nameCursor = first.object()[u"meta"_s][u"nextCursor"_s].toString();
        const Answer second = m_blaxel->control("GET", u"?limit=4&sort=name:asc&cursor="_s + nameCursor);
        QCOMPARE(names(second.object()[u"data"_s].toArray()).constFirst(), u"cpu-trainer"_s);
        QCOMPARE(m_blaxel->control("GET", u"?limit=4&cursor="_s + nameCursor).status, 400);
        QCOMPARE(m_blaxel->control("GET", u"?cursor=not-a-cursor"_s).status, 400);
        QCOMPARE(m_blaxel->control("GET", u"?limit=201"_s).status, 400);
        QCOMPARE(m_blaxel->control("GET", u"?limit=0"_s).status, 400);
        QCOMPARE(m_blaxel->control("GET", u"?sort=size:desc"_s).status, 400);
        QCOMPARE(m_blaxel->control("GET", u"?limit=200"_s).status, 200);
    }

    void searchStatusAndTerminated()
    {
        QCOMPARE(listNames(u"?q=agent&sort=name:asc"_s),
                 (QStringList{u"agent-runner-01"_s, u"agent-runner-02"_s}));
        // Display names, case-insensitively, and labels (keys and values).
        QCOMPARE(listNames(u"?q=NOTEBOOK"_s), QStringList{u"research-notebook"_s});
        QCOMPARE(listNames(u"?q=llm-eval&sort=name:asc"_s),
                 (QStringList{u"nightly-eval"_s, u"research-notebook"_s}));
        QCOMPARE(listNames(u"?q=llm-eval&showTerminated=true&sort=name:asc"_s),
                 (QStringList{u"finished-benchmark"_s, u"nightly-eval"_s, u"research-notebook"_s}));
        QCOMPARE(listNames(u"?q=%C3%84rger"_s), QStringList{u"scratch"_s});
        QCOMPARE(m_blaxel->control("GET", u"?q=a"_s).status, 400);
        QCOMPARE(listNames(u"?status=FAILED,deploying&sort=name:asc"_s),
                 (QStringList{u"broken-image"_s, u"data-pipeline"_s}));
        QCOMPARE(listNames(u"?status=TERMINATED"_s), QStringList{u"finished-benchmark"_s});
        QCOMPARE(listNames(u"?showTerminated=true"_s).size(), 13);
        QCOMPARE(m_blaxel->control("GET", u"?showTerminated=maybe"_s).status, 400);
    }

    void workspaceHeaderAndKey()
    {
        BlaxelClient::Call noWorkspace;
        noWorkspace.workspace.clear();
        const QList<QPair<QByteArray, QString>> calls{
            {"GET", QString()}, {"POST", QString()}, {"GET", u"/scratch"_s}, {"DELETE", u"/scratch"_s}};
        for (const auto &[method, path] : calls) {
            const QByteArray body = method == "POST" ? BlaxelClient::createBody(u"x1"_s) : QByteArray();
            const Answer answer = m_blaxel->control(method, path, body, noWorkspace);
            QCOMPARE(answer.status, 400);
            QCOMPARE(answer.object()[u"code"_s].toInt(), 400);
            QCOMPARE(answer.object()[u"error"_s].toString(), u"Bad Request"_s);
            QVERIFY(answer.object()[u"message"_s].toString().contains(u"X-Blaxel-Workspace"_s));
        }
        QCOMPARE(m_blaxel->status(u"scratch"_s), u"DEPLOYED"_s); // the refused DELETE did nothing

        BlaxelClient::Call noKey;
        noKey.key.clear();
        QCOMPARE(m_blaxel->control("GET", {}, {}, noKey).status, 401);
        BlaxelClient::Call wrongKey;
        wrongKey.key = "wrong";
        const Answer wrong = m_blaxel->control("GET", {}, {}, wrongKey);
        QCOMPARE(wrong.status, 403);
        QVERIFY(!wrong.body.contains("demo-key"));
        // X-Blaxel-Authorization is accepted in place of Authorization.
        m_blaxel->client().setApiKey({});
        const Answer alternative = m_blaxel->client().api(
            "GET", u"/v0/sandboxes"_s, {},
            {{"X-Blaxel-Workspace", "demo"}, {"X-Blaxel-Authorization", "Bearer demo-key"}});
        QCOMPARE(alternative.status, 200);
        QCOMPARE(m_blaxel->control("GET", u"/no-such-sandbox"_s).status, 404);
        QCOMPARE(m_blaxel->control("PATCH", u"/scratch"_s).status, 405);
        QCOMPARE(m_blaxel->control("PUT", u"/scratch"_s).status, 400); // a PUT carries the whole sandbox
        BlaxelClient::Call badWorkspace;
        badWorkspace.workspace = u"../etc"_s;
        QCOMPARE(m_blaxel->control("GET", {}, {}, badWorkspace).status, 400);
    }

    void createValidatesAndConflicts()
    {
        const QJsonObject spec{
            {u"region"_s, u"eu-lon-1"_s},
            {u"runtime"_s,
             QJsonObject{{u"image"_s, u"blaxel/py-app:latest"_s},
                         {u"memory"_s, 4096},
                         {u"ttl"_s, u"2h"_s},
                         {u"ports"_s, QJsonArray{QJsonObject{{u"name"_s, u"web"_s}, {u"target"_s, 8080}}}},
                         {u"envs"_s, QJsonArray{QJsonObject{{u"name"_s, u"TOKEN"_s},
                                                            {u"value"_s, u"s3cr3t-value"_s},
                                                            {u"secret"_s, true}}}}}},
            {u"lifecycle"_s,
             QJsonObject{{u"expirationPolicies"_s,
                          QJsonArray{QJsonObject{{u"type"_s, u"ttl-idle"_s}, {u"value"_s, u"30m"_s}}}}}},
            {u"unknownKey"_s, u"ignored"_s},
        };
        QJsonObject body{{u"metadata"_s, QJsonObject{{u"name"_s, u"fresh-one"_s},
                                                     {u"displayName"_s, u"Fresh one"_s},
                                                     {u"labels"_s, QJsonObject{{u"team"_s, u"qa"_s}}}}},
                         {u"spec"_s, spec}};
        const Answer created = m_blaxel->control("POST", {}, json(body));
        QCOMPARE(created.status, 200);
        const QJsonObject sandbox = created.object();
        QCOMPARE(sandbox[u"status"_s].toString(), u"DEPLOYING"_s);
        QCOMPARE(sandbox[u"metadata"_s][u"displayName"_s].toString(), u"Fresh one"_s);
        QCOMPARE(sandbox[u"spec"_s][u"region"_s].toString(), u"eu-lon-1"_s);
        QCOMPARE(sandbox[u"spec"_s][u"runtime"_s][u"ports"_s][0][u"protocol"_s].toString(), u"HTTP"_s);
        QCOMPARE(sandbox[u"spec"_s][u"runtime"_s][u"memory"_s].toInt(), 4096);
        QVERIFY(sandbox[u"expiresIn"_s].toDouble() <= 1800);
        QTRY_COMPARE_WITH_TIMEOUT(m_blaxel->status(u"fresh-one"_s), u"DEPLOYED"_s, 5000);
        const QJsonArray events = m_blaxel->details(u"fresh-one"_s)[u"events"_s].toArray();
        QCOMPARE(events.last()[u"status"_s].toString(), u"DEPLOYED"_s);

        const Answer conflict = m_blaxel->control("POST", {}, json(body));
        QCOMPARE(conflict.status, 409);
        QCOMPARE(conflict.object()[u"code"_s].toInt(), 409);
        QVERIFY(conflict.object()[u"message"_s].toString().contains(u"fresh-one"_s));
        QCOMPARE(m_blaxel->control("POST", {}, BlaxelClient::createBody(u"research-notebook"_s)).status, 409);
        // The same name in another workspace is another sandbox.
        BlaxelClient::Call other;
        other.workspace = u"team-b"_s;
        QCOMPARE(m_blaxel->control("POST", {}, json(body), other).status, 200);

        QCOMPARE(m_blaxel->control("POST", {}, "not json").status, 400);
        QCOMPARE(m_blaxel->control("POST", {}, BlaxelClient::createBody(u"Bad_Name"_s)).status, 400);
        QCOMPARE(m_blaxel->control("POST", {}, BlaxelClient::createBody(u"x"_s, {{u"region"_s, u"mars-1"_s}}))
                     .status,
                 400);
        QJsonObject badEnv = body;
        QJsonObject badSpec = spec;
        QJsonObject badRuntime = spec[u"runtime"_s].toObject();
        badRuntime[u"envs"_s] = QJsonArray{QJsonObject{{u"name"_s, u"1BAD"_s}, {u"value"_s, u"hush-hush"_s}}};
        badSpec[u"runtime"_s] = badRuntime;
        badEnv[u"spec"_s] = badSpec;
        badEnv[u"metadata"_s] = QJsonObject{{u"name"_s, u"bad-env"_s}};
        const Answer refused = m_blaxel->control("POST", {}, json(badEnv));
        QCOMPARE(refused.status, 400);
        QVERIFY(!refused.body.contains("hush-hush")); // a value that may be secret is never echoed
        badRuntime[u"envs"_s] = QJsonArray();
        badRuntime[u"memory"_s] = u"lots"_s;
        badSpec[u"runtime"_s] = badRuntime;
        badEnv[u"spec"_s] = badSpec;
        QCOMPARE(m_blaxel->control("POST", {}, json(badEnv)).status, 400);
    }

    void quota()
    {
        applySettings([](Emulator::BlaxelSettings &s) { s.quotaPerWorkspace = 2; });
        BlaxelClient::Call call;
        call.workspace = u"quota-ws"_s;
        QCOMPARE(m_blaxel->control("POST", {}, BlaxelClient::createBody(u"q1"_s), call).status, 200);
        QCOMPARE(m_blaxel->control("POST", {}, BlaxelClient::createBody(u"q2"_s), call).status, 200);
        const Answer over = m_blaxel->control("POST", {}, BlaxelClient::createBody(u"q3"_s), call);
        // As the notes' create error: {"code": "QUOTA_EXCEEDED", "message", "details"}. The notes name no
        // status; 403 (not 429: waiting does not cure a quota), without the WWW-Authenticate of a refused
        // key.
        QCOMPARE(over.status, 403);
        QCOMPARE(over.object()[u"code"_s].toString(), u"QUOTA_EXCEEDED"_s);
        QVERIFY(over.header("WWW-Authenticate").isEmpty());
        QVERIFY(!over.object()[u"message"_s].toString().isEmpty());
        QCOMPARE(over.object()[u"details"_s][u"limit"_s].toInt(), 2);
        // A sandbox being deleted still counts; a terminated one frees its place.
        QCOMPARE(m_blaxel->control("DELETE", u"/q1"_s, {}, call).status, 200);
        QCOMPARE(m_blaxel->control("POST", {}, BlaxelClient::createBody(u"q3"_s), call).status, 403);
        QTRY_COMPARE_WITH_TIMEOUT(m_blaxel->status(u"q1"_s, u"quota-ws"_s), u"TERMINATED"_s, 5000);
        QCOMPARE(m_blaxel->control("POST", {}, BlaxelClient::createBody(u"q3"_s), call).status, 200);
        // The demo workspace has its own count (twelve live sandboxes, above this quota).
        QCOMPARE(m_blaxel->control("POST", {}, BlaxelClient::createBody(u"q4"_s)).status, 403);
    }

    // PUT replaces what a live sandbox can change, from the whole sandbox sent back (as the SDK sends it).
    void updateReplacesWhatALiveSandboxCanChange()
    {
        QJsonObject sandbox = m_blaxel->control("GET", u"/research-notebook"_s).object();
        QJsonObject metadata = sandbox.value(u"metadata"_s).toObject();
        metadata.insert(u"labels"_s, QJsonObject{{u"team"_s, u"eval"_s}});
        sandbox.insert(u"metadata"_s, metadata);
        QJsonObject spec = sandbox.value(u"spec"_s).toObject();
        QJsonObject runtime = spec.value(u"runtime"_s).toObject();
        runtime.remove(u"ttl"_s);                              // left out: cleared
        runtime.insert(u"image"_s, u"blaxel/py-app:latest"_s); // not a live change: ignored
        spec.insert(u"runtime"_s, runtime);
        sandbox.insert(u"spec"_s, spec);
        const Answer updated = m_blaxel->control("PUT", u"/research-notebook"_s,
                                                 QJsonDocument(sandbox).toJson(QJsonDocument::Compact));
        QCOMPARE(updated.status, 200);
        const QJsonObject now = m_blaxel->control("GET", u"/research-notebook"_s).object();
        QCOMPARE(now.value(u"metadata"_s).toObject().value(u"labels"_s).toObject(),
                 (QJsonObject{{u"team"_s, u"eval"_s}}));
        const QJsonObject nowRuntime = now.value(u"spec"_s).toObject().value(u"runtime"_s).toObject();
        QVERIFY(!nowRuntime.contains(u"ttl"_s));
        QCOMPARE(nowRuntime.value(u"image"_s).toString(), u"blaxel/base-image:latest"_s);
        QVERIFY(!now.contains(u"expiresIn"_s));

        metadata.insert(u"name"_s, u"another-name"_s);
        sandbox.insert(u"metadata"_s, metadata);
        const Answer renamed = m_blaxel->control("PUT", u"/research-notebook"_s,
                                                 QJsonDocument(sandbox).toJson(QJsonDocument::Compact));
        QCOMPARE(renamed.status, 400);
        QVERIFY(renamed.body.contains("metadata.name"));
        QCOMPARE(m_blaxel->control("PUT", u"/no-such-sandbox"_s, "{}").status, 404);
    }

    void deleteToTerminated()
    {
        QCOMPARE(m_blaxel->control("POST", {}, BlaxelClient::createBody(u"doomed"_s)).status, 200);
        QTRY_COMPARE_WITH_TIMEOUT(m_blaxel->status(u"doomed"_s), u"DEPLOYED"_s, 5000);
        QElapsedTimer clock;
        clock.start();
        const Answer deleted = m_blaxel->control("DELETE", u"/doomed"_s);
        QCOMPARE(deleted.status, 200); // with the Sandbox, not 204
        QCOMPARE(deleted.object()[u"status"_s].toString(), u"DELETING"_s);
        QCOMPARE(deleted.object()[u"metadata"_s][u"name"_s].toString(), u"doomed"_s);
        QCOMPARE(m_blaxel->status(u"doomed"_s), u"DELETING"_s);
        QVERIFY(listNames({}).contains(u"doomed"_s));
        QTRY_COMPARE_WITH_TIMEOUT(m_blaxel->status(u"doomed"_s), u"TERMINATED"_s, 5000);
        QVERIFY(clock.elapsed() >= 250); // not at once: DELETING lasts the transition time
        QVERIFY(!listNames({}).contains(u"doomed"_s));
        QVERIFY(listNames(u"?showTerminated=true"_s).contains(u"doomed"_s));
        const QJsonArray events = m_blaxel->details(u"doomed"_s)[u"events"_s].toArray();
        QCOMPARE(events.last()[u"status"_s].toString(), u"TERMINATED"_s);
        QCOMPARE(m_blaxel->control("DELETE", u"/doomed"_s).status, 404);
        // The record is kept a while, then gone; the name is free again.
        QTRY_COMPARE_WITH_TIMEOUT(m_blaxel->control("GET", u"/doomed"_s).status, 404, 5000);
        QCOMPARE(m_blaxel->control("POST", {}, BlaxelClient::createBody(u"doomed"_s)).status, 200);
        // A seeded DELETING sandbox stays so until deleted again, then ends like the others.
        QCOMPARE(m_blaxel->control("DELETE", u"/old-experiment"_s).status, 200);
        QTRY_COMPARE_WITH_TIMEOUT(m_blaxel->status(u"old-experiment"_s), u"TERMINATED"_s, 5000);
    }

    void edgeFaults()
    {
        // Injected faults on Blaxel's paths come in the edge's shapes: HTML for a 504, JSON with a code else.
        Emulator::FaultSettings faults;
        faults.failNextRequests = 1;
        faults.failStatus = 504;
        m_server->setFaults(faults);
        const Answer gateway = m_blaxel->control("GET", {});
        QCOMPARE(gateway.status, 504);
        QVERIFY(gateway.header("Content-Type").startsWith("text/html"));
        QVERIFY(gateway.body.contains("<h1>504 Gateway Timeout</h1>"));
        faults.failStatus = 503;
        m_server->setFaults(faults);
        const Answer unavailable = m_blaxel->control("GET", {});
        QCOMPARE(unavailable.status, 503);
        QCOMPARE(unavailable.header("X-Blaxel-Error-Code"), QByteArray("SERVICE_UNAVAILABLE"));
        const QJsonObject error = unavailable.object()[u"error"_s].toObject();
        QCOMPARE(error[u"code"_s].toString(), u"SERVICE_UNAVAILABLE"_s);
        QCOMPARE(error[u"retryable"_s].toBool(), true);
        QVERIFY(error[u"message"_s].toString().contains(u"injected"_s));
        faults = Emulator::FaultSettings();
        faults.rateLimitNextRequests = 1;
        faults.retryAfterSeconds = 7;
        m_server->setFaults(faults);
        const Answer limited = m_blaxel->control("GET", {});
        QCOMPARE(limited.status, 429);
        QCOMPARE(limited.header("Retry-After"), QByteArray("7"));
        QCOMPARE(limited.object()[u"error"_s][u"code"_s].toString(), u"RATE_LIMITED"_s);
        QCOMPARE(m_blaxel->control("GET", {}).status, 200);
    }

    void standbyAndBack()
    {
        applySettings([](Emulator::BlaxelSettings &s) { s.idleToStandbyMs = 600; });
        const QString url = m_blaxel->url(u"scratch"_s);
        QCOMPARE(m_blaxel->details(u"scratch"_s)[u"state"_s].toString(), u"STANDBY"_s);
        const QString before = m_blaxel->details(u"scratch"_s)[u"lastUsedAt"_s].toString();
        // The control plane does not wake it; a call to its own API does.
        QCOMPARE(m_blaxel->details(u"scratch"_s)[u"state"_s].toString(), u"STANDBY"_s);
        QCOMPARE(m_blaxel->sandbox("GET", url, u"/filesystem/"_s).status, 200);
        const QJsonObject woken = m_blaxel->details(u"scratch"_s);
        QCOMPARE(woken[u"state"_s].toString(), u"RUNNING"_s);
        QVERIFY(woken[u"lastUsedAt"_s].toString() > before);
        QTRY_COMPARE_WITH_TIMEOUT(m_blaxel->details(u"scratch"_s)[u"state"_s].toString(), u"STANDBY"_s, 5000);
        // Only DEPLOYED sandboxes have a state.
        QVERIFY(!m_blaxel->details(u"broken-image"_s).contains(u"state"_s));
    }
};

QTEST_GUILESS_MAIN(TestBlaxelControlPlane)
#include "tst_blaxelcontrolplane.moc"
