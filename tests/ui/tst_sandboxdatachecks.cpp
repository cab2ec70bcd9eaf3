// Part of tst_sandboxdata (one executable, see tst_sandboxdata.cpp). What the Data tab sends and what it
// refuses: every data server's schema against its documented example, a server without data endpoints, a
// file the schema refuses before sending, and the server's own 422 listed per field.

#include "../postedevents.h"
#include "api/httptransport.h"
#include "catalog/dataservers.h"
#include "common/errorbanner.h"
#include "emulatorprobe.h"
#include "sandboxdatatest.h"
#include "session/serverdataschema.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using namespace SandboxDataTest;

class TestSandboxDataChecks final : public Fixture
{
    Q_OBJECT

private slots:
    // The check before sending must never refuse what the provider itself documents: every data server's
    // default example passes it, and a wrong type is caught for each.
    void everyDataServerHasASchemaThatTakesItsExample()
    {
        QFile file(u":/session/klavis-sandbox-openapi.json"_s);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject paths =
            QJsonDocument::fromJson(file.readAll()).object().value(u"paths"_s).toObject();
        // DataServers (the CLI's completions) names exactly the servers the file has data paths for.
        QStringList inFile;
        for (const QString &path : paths.keys()) {
            const QStringList parts = path.split(u'/');
            if (parts.size() == 5 && parts.at(1) == u"sandbox"_s && parts.at(4) == u"initialize"_s)
                inFile.append(parts.at(2));
        }
        inFile.sort();
        QStringList listed = DataServers::names();
        listed.sort();
        QCOMPARE(listed, inFile);
        int examples = 0;
        for (const QString &server : DataServers::names()) {
            QVERIFY2(ServerDataSchema::instance().hasRequestSchema(server), qPrintable(server));
            QVERIFY(ServerDataController::hasDataEndpoints(server));
            const QJsonValue example = paths.value(u"/sandbox/%1/{sandbox_id}/initialize"_s.arg(server))
                                           .toObject()
                                           .value(u"post"_s)
                                           .toObject()
                                           .value(u"requestBody"_s)
                                           .toObject()
                                           .value(u"content"_s)
                                           .toObject()
                                           .value(u"application/json"_s)
                                           .toObject()
                                           .value(u"examples"_s)
                                           .toObject()
                                           .value(u"default"_s)
                                           .toObject()
                                           .value(u"value"_s);
            if (example.isUndefined())
                continue;
            ++examples;
            const auto problems =
                ServerDataProblem::fromViolations(ServerDataSchema::instance().check(server, example));
            const QString first =
                problems.isEmpty() ? QString() : problems.first().path + u' ' + problems.first().message;
            QVERIFY2(problems.isEmpty(), qPrintable(server + u": "_s + first));
            QVERIFY2(!ServerDataSchema::instance().check(server, QJsonValue(42)).isEmpty(),
                     qPrintable(server));
        }
        QVERIFY2(examples >= 10, qPrintable(QString::number(examples)));
        QVERIFY(!ServerDataSchema::instance().hasRequestSchema(u"weather_station"_s));
        QVERIFY(!ServerDataSchema::instance().hasRequestSchema(u"github/../x"_s));
    }

    void serverWithoutDataEndpointsSaysSo()
    {
        QVERIFY(ServerDataController::hasDataEndpoints(u"github"_s));
        QVERIFY(ServerDataSchema::instance().hasRequestSchema(u"jira"_s));
        page->setSandbox(u"weather_station"_s, u"5b4f0d5e-0000-4000-8000-000000000001"_s);
        QVERIFY(!page->hasDataEndpoints());
        QVERIFY(page->noDataLabel()->isVisible());
        QVERIFY2(page->noDataLabel()->text().contains(u"no data endpoints"_s),
                 qPrintable(page->noDataLabel()->text()));
        QVERIFY(!page->dumpButton()->isVisible());
        EmulatorProbe(emulator()).clearRecordedRequests();
        page->dump();
        // Refused before anything is sent: once what dump() queued has been handled, the transport holds no
        // call and the controller is idle.
        QVERIFY(PostedEvents::handled());
        QCOMPARE(session->transport()->inFlight(), 0);
        QVERIFY(!controller->isBusy());
        QCOMPARE(EmulatorProbe(emulator()).apiRequests().size(), 0);

        page->setSandbox(u"github"_s, u"5b4f0d5e-0000-4000-8000-000000000001"_s);
        QVERIFY(!page->noDataLabel()->isVisible());
        QVERIFY(page->dumpButton()->isVisible());
        QVERIFY(page->dumpButton()->isEnabled());
    }

    void schemaInvalidFileIsRefusedBeforeSending()
    {
        QString sandboxId;
        QString mcpUrl;
        QVERIFY(acquireGithub(&sandboxId, &mcpUrl));
        page->setSandbox(u"github"_s, sandboxId);
        const QString bad = work.filePath(u"bad.json"_s);
        QVERIFY(writeJson(bad, QJsonObject{{u"repos"_s, QJsonArray{QJsonObject{{u"name"_s, 5}}}}}));

        EmulatorProbe(emulator()).clearRecordedRequests();
        page->initializeFromFile(bad);
        QVERIFY(QTest::qWaitFor([&] { return page->problemList()->topLevelItemCount() > 0; }, 10000));
        QVERIFY(waitIdle());
        QVERIFY2(problemPaths().contains(u"$.repos[0].name"_s), qPrintable(problemPaths()));
        QVERIFY(page->problemList()->isVisible());
        QCOMPARE(page->problemList()->topLevelItem(0)->text(1), u"should be string, not integer"_s);
        QVERIFY(page->errorBanner()->message().contains(u"Not sent"_s));
        QCOMPARE(EmulatorProbe(emulator()).apiRequests().size(), 0);

        // A file that is not JSON: said so, nothing sent.
        QFile broken(bad);
        QVERIFY(broken.open(QIODevice::WriteOnly | QIODevice::Truncate));
        broken.write("{not json");
        broken.close();
        page->initializeFromFile(bad);
        QVERIFY(waitIdle());
        QVERIFY(QTest::qWaitFor([&] { return page->errorBanner()->isVisible(); }, 5000));
        QVERIFY2(page->errorBanner()->message().contains(u"not JSON"_s) ||
                     page->errorBanner()->details().contains(u"not JSON"_s),
                 qPrintable(page->errorBanner()->message()));
        QCOMPARE(EmulatorProbe(emulator()).apiRequests().size(), 0);
    }

    // With the client's check off, the server's own 422 arrives and is listed by the same field paths.
    void serverRefusalShownPerField()
    {
        QString sandboxId;
        QString mcpUrl;
        QVERIFY(acquireGithub(&sandboxId, &mcpUrl));
        page->setSandbox(u"github"_s, sandboxId);
        const QString bad = work.filePath(u"bad422.json"_s);
        QVERIFY(writeJson(bad, QJsonObject{{u"repos"_s, QJsonArray{QJsonObject{{u"name"_s, 5}}}}}));
        controller->setCheckBeforeSending(false);
        EmulatorProbe(emulator()).clearRecordedRequests();
        page->initializeFromFile(bad);
        QVERIFY(QTest::qWaitFor([&] { return page->problemList()->topLevelItemCount() > 0; }, 10000));
        QVERIFY(waitIdle());
        QVERIFY2(problemPaths().contains(u"$.repos[0].name"_s), qPrintable(problemPaths()));
        QVERIFY(page->errorBanner()->isVisible());
        // The demo's rate limiter may turn a first attempt away, and the client then asks again: what reached
        // the route is counted.
        QList<Emulator::RecordedRequest> requests = EmulatorProbe(emulator()).apiRequests();
        requests.removeIf([](const Emulator::RecordedRequest &request) {
            return request.fault == Emulator::HttpReply::Fault::RateLimiter;
        });
        QCOMPARE(requests.size(), 1);
        QCOMPARE(requests.first().status, 422);
    }

    // Released behind the list's back (another window, the CLI, its TTL): the server refuses the dump, and
    // the banner says the sandbox was released instead of "malformed".
    void aSandboxReleasedMeanwhileSaysSo()
    {
        QString sandboxId;
        QString mcpUrl;
        QVERIFY(acquireGithub(&sandboxId, &mcpUrl));
        page->setSandbox(u"github"_s, sandboxId);
        bool released = false;
        session->sandboxes()->release(
            u"github"_s, sandboxId, this,
            [&](const ApiResult<SandboxActionResult> &result) { released = result.ok(); });
        QTRY_VERIFY(released);
        page->dump();
        QTRY_VERIFY_WITH_TIMEOUT(page->errorBanner()->isVisible(), 10000);
        QVERIFY(waitIdle());
        const QString message = page->errorBanner()->message() + u' ' + page->errorBanner()->details();
        QVERIFY2(message.contains(u"released"_s) && message.contains(u"idle"_s), qPrintable(message));
        QVERIFY2(!message.contains(u"malformed"_s), qPrintable(message));
    }
};

std::unique_ptr<QObject> SandboxDataTest::newChecksTest()
{
    return std::make_unique<TestSandboxDataChecks>();
}

#include "tst_sandboxdatachecks.moc"
