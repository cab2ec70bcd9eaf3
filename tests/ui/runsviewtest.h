#pragma once

// What the parts of tst_runsview share: the window on the demo emulator with the ledger in a file of the
// part's own ($SANDBOXDECK_LEDGER), sandboxes really acquired, a run written into the file as a CLI in
// another process would, and the answers to the questions the window asks. See tst_runsview.cpp for how the
// parts run.

#include "demoapp.h"
#include "emulatorprobe.h"

#include "api/acquiredsandbox.h"
#include "api/httptransport.h"
#include "api/klavissandboxservice.h"
#include "api/sandboxdetails.h"
#include "ledger/runledger.h"
#include "models/runlistmodel.h"
#include "runsview/runspage.h"

#include <QAbstractButton>
#include <QMessageBox>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

namespace RunsViewTest {

using namespace Qt::StringLiterals;

inline const QString runName = u"bench-run-1"_s;
inline const QString tagOnlyRun = u"script-run-7"_s;

// Clicks the button named `text` of the next confirmation, counting how many were shown.
inline void answerConfirmation(const QString &text, int *asked, QString *question)
{
    answerNextDialog<QMessageBox>([text, asked, question](QMessageBox *box) {
        ++*asked;
        *question = box->text() + u'\n' + box->informativeText() + u'\n' + box->detailedText();
        for (QAbstractButton *button : box->buttons())
            if (button->text() == text) {
                button->click();
                return;
            }
        box->reject();
    });
}

// Each part's test class derives from it and calls startApp() (and seedRun() when it wants the run) in its
// initTestCase, stopApp() in its cleanupTestCase.
class Fixture : public QObject
{
    Q_OBJECT

protected:
    QTemporaryDir folder;
    std::unique_ptr<DemoApp> app;
    QStringList runSandboxes; // Klavis sandboxes of runName, held
    QString releasedSandbox;
    QString runLocal;
    QString tagOnlySandbox;
    QString leak;

    RunsPage *page() const { return app->window()->runsPage(); }
    RunListModel *model() const { return page()->model(); }
    AppSession *session() const { return app->controller()->session(); }
    QString ledgerPath() const { return folder.filePath(u"ledger.sqlite"_s); }

    int rowOf(const QString &name, bool imported = false) const { return model()->rowOf(name, imported); }
    QString cell(const QString &name, int column, bool imported = false) const
    {
        return model()->index(rowOf(name, imported), column).data().toString();
    }

    // The test's own connection to the window's ledger file, for set-ups and checks.
    std::unique_ptr<RunLedger> openLedger() const
    {
        auto ledger = std::make_unique<RunLedger>();
        if (!ledger->open(ledgerPath()).ok())
            return {};
        return ledger;
    }

    // A github sandbox acquired straight through the service: the ledger hears nothing of it.
    AcquiredSandbox acquire(const QString &tag)
    {
        AcquireRequest request;
        request.serverName = u"github"_s;
        request.tag = tag;
        request.ttlSeconds = 600;
        std::optional<ApiResult<AcquiredSandbox>> answer;
        session()->sandboxes()->acquire(
            request, this, [&answer](const ApiResult<AcquiredSandbox> &result) { answer = result; });
        if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, 10000) || !answer->ok())
            return {};
        return answer->value();
    }

    // The emulator's status of a github sandbox ("occupied", "idle"), empty when it cannot say.
    QString serverStatus(const QString &sandboxId)
    {
        std::optional<ApiResult<SandboxDetails>> answer;
        session()->sandboxes()->details(
            u"github"_s, sandboxId, this,
            [&answer](const ApiResult<SandboxDetails> &result) { answer = result; });
        if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, 10000) || !answer->ok())
            return {};
        return answer->value().summary.status;
    }

    bool startApp()
    {
        if (!folder.isValid())
            return false;
        qputenv("SANDBOXDECK_LEDGER", ledgerPath().toUtf8());
        app = std::make_unique<DemoApp>();
        if (!app->started())
            return false;
        // Neither side paces: a suite of a few dozen requests takes a moment, not seconds.
        HttpTransport *transport = session()->transport();
        TransportConfig config = transport->config();
        config.requestsPerSecond = 0;
        transport->setConfig(config);
        app->emulator()->setRateLimit({0, 2});
        return app->waitForSandboxes();
    }

    void stopApp()
    {
        app.reset();
        qunsetenv("SANDBOXDECK_LEDGER");
    }

    // Sandboxes really acquired against the emulator: three for the run (one released again), one with a
    // tag no ledger knows, one with no tag at all; the run in the ledger with its sandboxes, a failed
    // acquire and the released one; the window on the Runs view once it shows them.
    void seedRun();

    // F5 on the Runs view and waits until `ready` holds.
    bool refreshUntil(const std::function<bool()> &ready, int timeoutMs = 10000)
    {
        app->window()->refreshCurrent();
        return QTest::qWaitFor(ready, timeoutMs);
    }

    QString rowsText() const
    {
        QStringList rows;
        for (int row = 0; row < model()->rowCount(); ++row)
            rows << model()->index(row, 0).data().toString() + u": "_s +
                        model()->index(row, RunListModel::StateColumn).data().toString() + u", "_s +
                        model()->index(row, RunListModel::SandboxesColumn).data().toString();
        return rows.join(u"; "_s);
    }
};

inline void Fixture::seedRun()
{
    for (int i = 0; i < 3; ++i) {
        const AcquiredSandbox sandbox = acquire(runName);
        QVERIFY(!sandbox.sandboxId.isEmpty());
        runSandboxes << sandbox.sandboxId;
    }
    releasedSandbox = runSandboxes.takeLast();
    tagOnlySandbox = acquire(tagOnlyRun).sandboxId;
    leak = acquire(QString()).sandboxId;
    QVERIFY(!tagOnlySandbox.isEmpty() && !leak.isEmpty());
    runLocal = EmulatorProbe(app->emulator()).localSandboxIds().first();

    // The run as a CLI in another process would write it, on the same file.
    const std::unique_ptr<RunLedger> ledger = openLedger();
    QVERIFY(ledger);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    LedgerRun run;
    run.name = runName;
    run.state = LedgerRunState::Open;
    run.createdAt = now;
    run.benchmark = u"bench-a"_s;
    run.ttlSeconds = 600;
    QVERIFY(ledger->createRun(run).ok());
    const auto record = [&](LedgerProvider provider, const QString &id, const QString &server) {
        LedgerSandbox sandbox;
        sandbox.provider = provider;
        sandbox.sandboxId = id;
        sandbox.servers = {server};
        sandbox.run = runName;
        sandbox.tags = {runName};
        sandbox.ttlSeconds = 600;
        sandbox.acquiredAt = now;
        return ledger->recordAcquired(sandbox).ok();
    };
    for (const QString &id : std::as_const(runSandboxes))
        QVERIFY(record(LedgerProvider::Klavis, id, u"github"_s));
    QVERIFY(record(LedgerProvider::Klavis, releasedSandbox, u"github"_s));
    QVERIFY(record(LedgerProvider::KlavisLocal, runLocal, u"filesystem"_s));
    QVERIFY(ledger->recordReleased(LedgerProvider::Klavis, releasedSandbox, LedgerRelease::Released).ok());
    LedgerOperation failed;
    failed.kind = LedgerOperationKind::Acquire;
    failed.server = u"slack"_s;
    failed.run = runName;
    failed.startedAt = now;
    const auto intent = ledger->beginOperation(failed);
    QVERIFY(intent.ok());
    QVERIFY(
        ledger->finishOperation(intent.value(), {LedgerOperationState::Failed, {}, u"refused"_s, {}}).ok());
    std::optional<ApiResult<SandboxActionResult>> released;
    session()->sandboxes()->release(
        u"github"_s, releasedSandbox, this,
        [&released](const ApiResult<SandboxActionResult> &result) { released = result; });
    QVERIFY(QTest::qWaitFor([&released] { return released.has_value(); }, 10000));

    MainWindow *window = app->window();
    window->resize(1280, 780);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window));
    window->showPage(MainWindow::RunsView);
    QCOMPARE(window->currentPage(), MainWindow::RunsView);
    const bool shown = refreshUntil([this] {
        return rowOf(runName) >= 0 && rowOf(tagOnlyRun) >= 0 &&
               cell(runName, RunListModel::SandboxesColumn).contains(u"3 occupied"_s);
    });
    QVERIFY2(shown, qPrintable(rowsText()));
}

// The parts of the one executable, each defined in its own tst_runsview*.cpp and run by tst_runsview.cpp.
std::unique_ptr<QObject> newPageTest();
std::unique_ptr<QObject> newReleaseTest();
std::unique_ptr<QObject> newCoordinatorTest();

} // namespace RunsViewTest
