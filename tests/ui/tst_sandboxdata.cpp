// The Data tab over the in-process emulator through real HTTP: dump, initialize (checked before sending, and
// the server's 422), an MCP tool call that the dump then shows, reset, and the structural diff of dumps.

#include "api/acquiredsandbox.h"
#include "api/acquirerequest.h"
#include "api/httptransport.h"
#include "api/klavissandboxservice.h"
#include "catalog/dataservers.h"
#include "controllers/themeapplier.h"
#include "emulator/emulatorhost.h"
#include "emulator/emulatorserver.h"
#include "ledger/ledgerworker.h"
#include "ledger/runledger.h"
#include "mcp/mcpcall.h"
#include "mcp/mcpclient.h"
#include "models/jsontreemodel.h"
#include "pages/sandboxdatapage.h"
#include "session/appsession.h"
#include "session/serverdatacontroller.h"
#include "session/serverdataschema.h"
#include "widgets/errorbanner.h"
#include "widgets/jsondiffview.h"
#include "widgets/jsontreeview.h"
#include "json/jsondiff.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>
#include <QTreeWidget>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

// WCAG's contrast ratio of two colours.
double contrast(const QColor &a, const QColor &b)
{
    const auto luminance = [](const QColor &colour) {
        const auto channel = [](double c) {
            return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) +
               0.0722 * channel(colour.blueF());
    };
    const double la = luminance(a) + 0.05;
    const double lb = luminance(b) + 0.05;
    return la > lb ? la / lb : lb / la;
}

bool writeJson(const QString &path, const QJsonValue &value)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    QJsonDocument document =
        value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    return file.write(document.toJson()) > 0;
}

QJsonObject nestedBefore()
{
    return QJsonObject{
        {u"owner"_s, QJsonObject{{u"login"_s, u"octo"_s}, {u"plan"_s, u"free"_s}}},
        {u"repos"_s, QJsonArray{QJsonObject{
                         {u"id"_s, 1},
                         {u"name"_s, u"api"_s},
                         {u"issues"_s, QJsonArray{QJsonObject{{u"id"_s, 1},
                                                              {u"issue_title"_s, u"Crash on start"_s},
                                                              {u"labels"_s, QJsonArray{u"bug"_s}}}}}}}},
    };
}

QJsonObject nestedAfter()
{
    return QJsonObject{
        {u"owner"_s, QJsonObject{{u"login"_s, QJsonValue::Null}}},
        {u"repos"_s, QJsonArray{QJsonObject{
                         {u"id"_s, 1},
                         {u"name"_s, u"api"_s},
                         {u"issues"_s, QJsonArray{QJsonObject{{u"id"_s, 2}, {u"issue_title"_s, u"Docs"_s}},
                                                  QJsonObject{{u"id"_s, 1},
                                                              {u"issue_title"_s, u"Crash at start"_s},
                                                              {u"labels"_s, QJsonArray{u"bug"_s}}}}}}}},
    };
}

} // namespace

class TestSandboxData : public QObject
{
    Q_OBJECT

    std::unique_ptr<AppSession> session;
    std::unique_ptr<ServerDataController> controller;
    std::unique_ptr<SandboxDataPage> page;
    QTemporaryDir work;

    Emulator::EmulatorServer *emulator() const { return session->demoHost()->server(); }

    // A github sandbox of the emulator and its MCP URL.
    bool acquireGithub(QString *sandboxId, QString *mcpUrl)
    {
        AcquireRequest request;
        request.serverName = u"github"_s;
        bool done = false;
        session->sandboxes()->acquire(request, this, [&](const ApiResult<AcquiredSandbox> &result) {
            done = true;
            if (!result)
                return;
            *sandboxId = result->sandboxId;
            *mcpUrl = result->serverUrls.value(
                u"github"_s, result->serverUrls.isEmpty() ? QString() : result->serverUrls.first());
        });
        return QTest::qWaitFor([&] { return done; }, 10000) && !sandboxId->isEmpty() && !mcpUrl->isEmpty();
    }

    bool waitIdle(int timeoutMs = 10000)
    {
        return QTest::qWaitFor([this] { return !controller->isBusy(); }, timeoutMs);
    }

    QString problemPaths() const
    {
        QStringList paths;
        for (int row = 0; row < page->problemList()->topLevelItemCount(); ++row)
            paths << page->problemList()->topLevelItem(row)->text(0);
        return paths.join(u',');
    }

private slots:
    void initTestCase() { QVERIFY(work.isValid()); }

    void init()
    {
        session = std::make_unique<AppSession>();
        QString error;
        QVERIFY2(session->startDemo(&error), qPrintable(error));
        controller = std::make_unique<ServerDataController>(session.get());
        page = std::make_unique<SandboxDataPage>(controller.get());
        page->resize(1000, 700);
        page->show();
    }

    void cleanup()
    {
        page.reset();
        controller.reset();
        session.reset();
    }

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
        emulator()->clearRecordedRequests();
        page->dump();
        QTest::qWait(50);
        QCOMPARE(emulator()->apiRequests().size(), 0);

        page->setSandbox(u"github"_s, u"5b4f0d5e-0000-4000-8000-000000000001"_s);
        QVERIFY(!page->noDataLabel()->isVisible());
        QVERIFY(page->dumpButton()->isVisible());
        QVERIFY(page->dumpButton()->isEnabled());
    }

    // initialize default -> a tool call through MCP -> the dump shows it -> reset -> the dump is empty again.
    void initializeCallDumpResetRoundTrip()
    {
        QString sandboxId;
        QString mcpUrl;
        QVERIFY(acquireGithub(&sandboxId, &mcpUrl));
        page->setSandbox(u"github"_s, sandboxId);
        QVERIFY(page->statusLabel()->text().contains(u"Not dumped yet"_s));

        QSignalSpy shown(page.get(), &SandboxDataPage::dumpShown);
        page->dump();
        QVERIFY(page->cancelButton()->isVisible());
        QVERIFY(shown.wait(10000));
        QVERIFY(waitIdle());
        QCOMPARE(page->treeView()->json(), QJsonValue(QJsonObject()));

        page->initializeDefault();
        QVERIFY(QTest::qWaitFor([&] { return shown.size() == 2; }, 10000));
        QVERIFY(waitIdle());
        QCOMPARE(emulator()->requestCount("POST", u"/sandbox/github/%1/initialize"_s.arg(sandboxId)), 1);
        const QJsonArray repos = page->treeView()->json().toObject().value(u"repos"_s).toArray();
        QVERIFY2(!repos.isEmpty(), QJsonDocument(page->treeView()->json().toObject()).toJson().constData());
        QVERIFY(page->errorBanner()->isVisible()); // the info "initialized"
        QVERIFY(page->errorBanner()->message().contains(u"initialized"_s));
        const QString repo = repos.first().toObject().value(u"name"_s).toString();
        QVERIFY(!repo.isEmpty());

        const QString seeded = work.filePath(u"seeded.json"_s);
        QSignalSpy saved(page->treeView(), &JsonTreeView::saved);
        page->saveDumpTo(seeded);
        QVERIFY(saved.wait(10000));
        QVERIFY(saved.first().at(0).toBool());

        McpClient client(session->transport()->networkAccessManager());
        client.setUrl(QUrl(mcpUrl));
        const QString title = u"Filed from the Data tab test"_s;
        McpCall *call =
            client.callTool(u"create_issue"_s, QJsonObject{{u"repo"_s, repo}, {u"title"_s, title}});
        QSignalSpy callDone(call, &McpCall::finished);
        QVERIFY(callDone.wait(10000));
        QVERIFY2(!call->error().isError(), qPrintable(call->error().describe()));
        QVERIFY(!call->toolResult().isError);

        QElapsedTimer clock;
        clock.start();
        page->dump();
        QVERIFY(QTest::qWaitFor([&] { return shown.size() == 3; }, 10000));
        qInfo("dump of the seeded github data, click to tree: %lld ms", clock.elapsed());
        QVERIFY(waitIdle());
        QSignalSpy searched(page->treeView(), &JsonTreeView::searchFinished);
        page->treeView()->find(title);
        QVERIFY(searched.wait(5000));
        QCOMPARE(searched.first().at(0).toInt(), 1);
        const QString hitPath = page->treeView()->currentPath();
        QVERIFY2(hitPath.startsWith(u"$.repos["_s) && hitPath.endsWith(u".issue_title"_s),
                 qPrintable(hitPath));

        // The sandbox now against the dump saved before the call: the new issue, added.
        QSignalSpy comparison(page.get(), &SandboxDataPage::comparisonShown);
        page->compareWithSavedDump(seeded);
        QVERIFY(comparison.wait(10000));
        QVERIFY(waitIdle());
        QCOMPARE(page->tabs()->currentWidget(), page->diffView());
        const auto &differences = page->diffView()->differences();
        QCOMPARE(differences.size(), 1);
        QCOMPARE(differences.first().kind, JsonDifference::Kind::Added);
        QVERIFY2(differences.first().path.contains(u".issues["_s), qPrintable(differences.first().path));
        QCOMPARE(differences.first().newValue.toObject().value(u"issue_title"_s).toString(), title);

        bool reset = false;
        session->sandboxes()->reset(
            u"github"_s, sandboxId, this,
            [&](const ApiResult<SandboxActionResult> &result) { reset = result.ok(); });
        QVERIFY(QTest::qWaitFor([&] { return reset; }, 10000));
        page->dump();
        QVERIFY(QTest::qWaitFor([&] { return shown.size() == 5; }, 10000)); // compareWithNow dumped once too
        QVERIFY(waitIdle());
        QCOMPARE(page->treeView()->json(), QJsonValue(QJsonObject()));

        // The last dump is remembered for the session: another sandbox and back shows it without a request.
        page->setSandbox(u"github"_s, u"other"_s);
        QVERIFY(page->treeView()->json().isUndefined());
        emulator()->clearRecordedRequests();
        page->setSandbox(u"github"_s, sandboxId);
        QCOMPARE(page->treeView()->json(), QJsonValue(QJsonObject()));
        QCOMPARE(emulator()->apiRequests().size(), 0);

        // Every dump and the initialize are in the session's ledger, each dump with what came back.
        session->ledger()->flush();
        RunLedger reader;
        QVERIFY(reader.open(session->ledgerPath()).ok());
        int dumps = 0;
        int inits = 0;
        for (qint64 id = 1;; ++id) {
            const auto operation = reader.operation(id);
            if (!operation)
                break;
            QCOMPARE(operation->sandboxId, sandboxId);
            QCOMPARE(operation->server, u"github"_s);
            QCOMPARE(operation->state, LedgerOperationState::Succeeded);
            if (operation->kind == LedgerOperationKind::DataInit) {
                ++inits;
                continue;
            }
            QCOMPARE(operation->kind, LedgerOperationKind::DataDump);
            ++dumps;
            QVERIFY(operation->transfer.has_value());
            QCOMPARE(operation->transfer->sha256.size(), 64);
            QVERIFY(operation->transfer->bytes > 0);
        }
        QCOMPARE(inits, 1);
        QCOMPARE(dumps, 5);
    }

    void schemaInvalidFileIsRefusedBeforeSending()
    {
        QString sandboxId;
        QString mcpUrl;
        QVERIFY(acquireGithub(&sandboxId, &mcpUrl));
        page->setSandbox(u"github"_s, sandboxId);
        const QString bad = work.filePath(u"bad.json"_s);
        QVERIFY(writeJson(bad, QJsonObject{{u"repos"_s, QJsonArray{QJsonObject{{u"name"_s, 5}}}}}));

        emulator()->clearRecordedRequests();
        page->initializeFromFile(bad);
        QVERIFY(QTest::qWaitFor([&] { return page->problemList()->topLevelItemCount() > 0; }, 10000));
        QVERIFY(waitIdle());
        QVERIFY2(problemPaths().contains(u"$.repos[0].name"_s), qPrintable(problemPaths()));
        QVERIFY(page->problemList()->isVisible());
        QCOMPARE(page->problemList()->topLevelItem(0)->text(1), u"should be string, not integer"_s);
        QVERIFY(page->errorBanner()->message().contains(u"Not sent"_s));
        QCOMPARE(emulator()->apiRequests().size(), 0);

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
        QCOMPARE(emulator()->apiRequests().size(), 0);
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
        emulator()->clearRecordedRequests();
        page->initializeFromFile(bad);
        QVERIFY(QTest::qWaitFor([&] { return page->problemList()->topLevelItemCount() > 0; }, 10000));
        QVERIFY(waitIdle());
        QVERIFY2(problemPaths().contains(u"$.repos[0].name"_s), qPrintable(problemPaths()));
        QVERIFY(page->errorBanner()->isVisible());
        const auto requests = emulator()->apiRequests();
        QCOMPARE(requests.size(), 1);
        QCOMPARE(requests.first().status, 422);
    }

    void nestedDumpDiffInTheView()
    {
        const QString before = work.filePath(u"before.json"_s);
        const QString after = work.filePath(u"after.json"_s);
        QVERIFY(writeJson(before, nestedBefore()));
        // A whole dump reply is compared by its data.
        QVERIFY(writeJson(after, QJsonObject{{u"sandbox_id"_s, u"x"_s},
                                             {u"dumped_at"_s, u"2026-05-01T00:00:00Z"_s},
                                             {u"data"_s, nestedAfter()}}));
        page->setSandbox(u"github"_s, u"x"_s);
        QSignalSpy comparison(page.get(), &SandboxDataPage::comparisonShown);
        page->compareSavedDumps(before, after);
        QVERIFY(comparison.wait(10000));
        JsonDiffView *view = page->diffView();

        QHash<QString, JsonDifference::Kind> byPath;
        for (const auto &difference : view->differences())
            byPath.insert(difference.path, difference.kind);
        QCOMPARE(byPath.value(u"$.owner.login"_s), JsonDifference::Kind::TypeChanged);
        QCOMPARE(byPath.value(u"$.owner.plan"_s), JsonDifference::Kind::Removed);
        QCOMPARE(byPath.value(u"$.repos[0].issues[1].issue_title"_s), JsonDifference::Kind::Changed);
        QVERIFY2(byPath.contains(u"$.repos[0].issues[0]"_s),
                 qPrintable(QStringList(byPath.keys()).join(u' ')));
        QCOMPARE(byPath.value(u"$.repos[0].issues[0]"_s), JsonDifference::Kind::Added);
        QCOMPARE(byPath.size(), 4);
        QAbstractItemModel *rows = view->treeView()->model();
        QCOMPARE(rows->rowCount(), 4);
        QVERIFY2(view->summaryLabel()->text().contains(u"4 differences"_s),
                 qPrintable(view->summaryLabel()->text()));
        QCOMPARE(rows->headerData(JsonDiffView::BeforeColumn, Qt::Horizontal).toString(), u"before.json"_s);
        QVERIFY2(!page->statusLabel()->text().contains(u"Comparing"_s),
                 qPrintable(page->statusLabel()->text()));
        const int longestPath =
            view->treeView()->fontMetrics().horizontalAdvance(u"$.repos[0].issues[1].issue_title"_s);
        QVERIFY2(view->treeView()->columnWidth(JsonDiffView::PathColumn) > longestPath,
                 qPrintable(QString::number(view->treeView()->columnWidth(JsonDiffView::PathColumn))));

        // Rows show the values on each side, and the kind in its colour.
        bool changedSeen = false;
        for (int row = 0; row < rows->rowCount(); ++row) {
            const auto text = [&](int column) { return rows->index(row, column).data().toString(); };
            if (text(JsonDiffView::PathColumn) == u"$.repos[0].issues[1].issue_title"_s) {
                changedSeen = true;
                QCOMPARE(text(JsonDiffView::BeforeColumn), u"Crash on start"_s);
                QCOMPARE(text(JsonDiffView::AfterColumn), u"Crash at start"_s);
                QCOMPARE(text(JsonDiffView::KindColumn), u"Changed"_s);
                QCOMPARE(rows->index(row, JsonDiffView::KindColumn).data(Qt::ForegroundRole).value<QColor>(),
                         JsonDiffView::kindColour(JsonDifference::Kind::Changed, view->palette()));
            }
        }
        QVERIFY(changedSeen);

        view->setKindFilter(JsonDifference::Kind::Added);
        QCOMPARE(view->visibleRowCount(), 1);
        QCOMPARE(rows->rowCount(), 1);
        QVERIFY(view->summaryLabel()->text().contains(u"1 shown"_s));
        view->treeView()->setCurrentIndex(rows->index(0, JsonDiffView::PathColumn));
        view->copyPath();
        QCOMPARE(QApplication::clipboard()->text(), u"$.repos[0].issues[0]"_s);
        view->setKindFilter(std::nullopt);
        QCOMPARE(view->visibleRowCount(), 4);
        for (int row = 0; row < rows->rowCount(); ++row)
            if (rows->index(row, JsonDiffView::KindColumn).data().toString() == u"Removed"_s)
                view->treeView()->setCurrentIndex(rows->index(row, JsonDiffView::PathColumn));
        view->treeView()->setFocus();
        QTest::keySequence(view->treeView(), QKeySequence::Copy);
        QCOMPARE(QApplication::clipboard()->text(), u"$.owner.plan"_s);

        page->compareSavedDumps(before, before);
        QVERIFY(comparison.wait(10000));
        QVERIFY(view->differences().isEmpty());
        QVERIFY2(view->summaryLabel()->text().startsWith(u"No differences"_s),
                 qPrintable(view->summaryLabel()->text()));
    }

    // Two 50,000-issue dumps, every title changed: read, parsed and diffed on a worker thread while the
    // window keeps ticking; the view shows the first 10,000 differences and says the comparison stopped
    // early.
    void bigDumpDiffKeepsTheWindowResponsive()
    {
        QJsonArray before;
        QJsonArray after;
        for (int i = 0; i < 50000; ++i) {
            before.append(QJsonObject{
                {u"id"_s, i}, {u"issue_title"_s, u"Issue %1"_s.arg(i)}, {u"status"_s, u"open"_s}});
            after.append(QJsonObject{
                {u"id"_s, i}, {u"issue_title"_s, u"Issue %1 (edited)"_s.arg(i)}, {u"status"_s, u"open"_s}});
        }
        const QString beforePath = work.filePath(u"big-before.json"_s);
        const QString afterPath = work.filePath(u"big-after.json"_s);
        QVERIFY(writeJson(beforePath, QJsonObject{{u"issues"_s, before}}));
        QVERIFY(writeJson(afterPath, QJsonObject{{u"issues"_s, after}}));
        page->setSandbox(u"github"_s, u"x"_s);

        QElapsedTimer clock;
        QElapsedTimer sinceTick;
        qint64 longestGap = 0;
        QTimer ticker;
        ticker.setInterval(10);
        connect(&ticker, &QTimer::timeout, this,
                [&] { longestGap = std::max(longestGap, sinceTick.restart()); });
        QSignalSpy comparison(page.get(), &SandboxDataPage::comparisonShown);
        clock.start();
        sinceTick.start();
        ticker.start();
        page->compareSavedDumps(beforePath, afterPath);
        QVERIFY(comparison.wait(30000));
        const qint64 total = clock.elapsed();
        QTest::qWait(50); // the tick after the view was filled measures that gap too
        ticker.stop();
        QCOMPARE(page->diffView()->differences().size(), JsonDiff::defaultMaxDifferences);
        QCOMPARE(page->diffView()->treeView()->model()->rowCount(), int(JsonDiff::defaultMaxDifferences));
        QVERIFY(page->diffView()->summaryLabel()->text().contains(u"stopped early"_s));
        qInfo("50,000-issue dumps (%lld KB each), 10,000 differences shown: %lld ms; longest GUI gap %lld ms",
              QFileInfo(beforePath).size() / 1024, total, longestGap);
        // Reading, parsing and diffing, the work, run on a worker thread; the view makes rows as they are
        // shown.
        QVERIFY2(longestGap < total / 2, qPrintable(QString::number(longestGap)));
    }

    // Every kind's colour reads on both palettes (WCAG 3:1 for bold text) and differs between them.
    void kindColoursReadOnLightAndDark()
    {
        for (const QPalette &palette : {ThemeApplier::lightPalette(), ThemeApplier::darkPalette()}) {
            for (const auto kind : {JsonDifference::Kind::Added, JsonDifference::Kind::Removed,
                                    JsonDifference::Kind::Changed, JsonDifference::Kind::TypeChanged}) {
                const QColor colour = JsonDiffView::kindColour(kind, palette);
                QVERIFY2(contrast(colour, palette.color(QPalette::Base)) >= 3.0, qPrintable(colour.name()));
                QVERIFY2(contrast(colour, palette.color(QPalette::AlternateBase)) >= 3.0,
                         qPrintable(colour.name()));
            }
        }
        QVERIFY(JsonDiffView::kindColour(JsonDifference::Kind::Added, ThemeApplier::lightPalette()) !=
                JsonDiffView::kindColour(JsonDifference::Kind::Added, ThemeApplier::darkPalette()));
    }

    void cancelStopsTheOperation()
    {
        QString sandboxId;
        QString mcpUrl;
        QVERIFY(acquireGithub(&sandboxId, &mcpUrl));
        page->setSandbox(u"github"_s, sandboxId);
        page->initializeDefault();
        QVERIFY(controller->isBusy());
        QVERIFY(page->cancelButton()->isVisible());
        emulator()->clearRecordedRequests();
        page->cancelButton()->click();
        QVERIFY(waitIdle());
        QTest::qWait(200);
        // The cancelled initialize is not followed by its dump.
        QCOMPARE(emulator()->requestCount("GET", u"/sandbox/github/%1/dump"_s.arg(sandboxId)), 0);
        QVERIFY(page->errorBanner()->isVisible());
        QVERIFY(!page->cancelButton()->isVisible());
        QVERIFY(page->dumpButton()->isEnabled());
    }

    void screenshots()
    {
        const QString before = work.filePath(u"shot-before.json"_s);
        const QString after = work.filePath(u"shot-after.json"_s);
        QVERIFY(writeJson(before, nestedBefore()));
        QVERIFY(writeJson(after, nestedAfter()));
        QString sandboxId;
        QString mcpUrl;
        QVERIFY(acquireGithub(&sandboxId, &mcpUrl));
        page->setSandbox(u"github"_s, sandboxId);
        QSignalSpy shown(page.get(), &SandboxDataPage::dumpShown);
        page->initializeDefault();
        QVERIFY(shown.wait(10000));
        QVERIFY(waitIdle());
        page->treeView()->expandAll();
        QDir().mkpath(QStringLiteral(SANDBOXDECK_SCREENSHOT_DIR));
        for (const QString &theme : {u"light"_s, u"dark"_s}) {
            ThemeApplier::apply(theme == u"dark"_s ? ThemeSetting::Theme::Dark : ThemeSetting::Theme::Light);
            for (const QSize &size : {QSize(800, 500), QSize(1280, 780)}) {
                page->resize(size);
                page->tabs()->setCurrentWidget(page->treeView());
                QTest::qWait(100);
                const QString suffix = u"%1-%2x%3"_s.arg(theme).arg(size.width()).arg(size.height());
                QVERIFY(page->grab().toImage().save(QStringLiteral(SANDBOXDECK_SCREENSHOT_DIR) +
                                                    u"/data-dump-"_s + suffix + u".png"_s));
                QSignalSpy comparison(page.get(), &SandboxDataPage::comparisonShown);
                page->compareSavedDumps(before, after);
                QVERIFY(comparison.wait(10000));
                QTest::qWait(100);
                QVERIFY(page->grab().toImage().save(QStringLiteral(SANDBOXDECK_SCREENSHOT_DIR) +
                                                    u"/data-diff-"_s + suffix + u".png"_s));
            }
        }
        const QString bad = work.filePath(u"shot-bad.json"_s);
        QVERIFY(writeJson(bad, QJsonObject{{u"repos"_s, QJsonArray{QJsonObject{{u"name"_s, 5}}}}}));
        page->initializeFromFile(bad);
        QVERIFY(QTest::qWaitFor([&] { return page->problemList()->topLevelItemCount() > 0; }, 10000));
        QTest::qWait(100);
        QVERIFY(page->grab().toImage().save(QStringLiteral(SANDBOXDECK_SCREENSHOT_DIR) +
                                            u"/data-refused-dark-1280x780.png"_s));
        page->setSandbox(u"weather_station"_s, u"x"_s);
        page->resize(800, 500);
        QTest::qWait(50);
        QVERIFY(page->grab().toImage().save(QStringLiteral(SANDBOXDECK_SCREENSHOT_DIR) +
                                            u"/data-none-dark-800x500.png"_s));
        ThemeApplier::apply(ThemeSetting::Theme::System);
    }
};

QTEST_MAIN(TestSandboxData)
#include "tst_sandboxdata.moc"
