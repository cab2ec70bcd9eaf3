// The Sandboxes view driven as a person drives it, against the in-process demo emulator over real HTTP.

#include "demoapp.h"

#include "api/klavissandboxservice.h"
#include "common/rowchangeflash.h"
#include "klavis/acquiredialog.h"
#include "ledger/ledgerworker.h"
#include "ledger/runledger.h"
#include "models/sandboxfilterproxy.h"
#include "models/sandboxlistmodel.h"
#include "preferences/apikeydialog.h"
#include "sandboxlist/sandboxfilterbar.h"
#include "session/refreshscheduler.h"
#include "settings/profilestore.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>

#include <optional>

using namespace Qt::StringLiterals;

class TestSandboxesView : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<DemoApp> app;

    QTableView *table() const { return app->sandboxesPage()->view(); }
    SandboxesController *controller() const { return app->window()->sandboxesController(); }

    int rowOf(const QString &serverName, const QString &sandboxId) const
    {
        auto *model = table()->model();
        for (int row = 0; row < model->rowCount(); ++row) {
            const QModelIndex index = model->index(row, 0);
            if (index.data(SandboxListModel::SandboxIdRole).toString() == sandboxId &&
                index.data(SandboxListModel::ServerNameRole)
                        .toString()
                        .compare(serverName, Qt::CaseInsensitive) == 0)
                return row;
        }
        return -1;
    }

    QString statusOf(const SandboxKey &key) const
    {
        const int row = rowOf(key.serverName, key.sandboxId);
        return row < 0 ? QString()
                       : table()
                             ->model()
                             ->index(row, SandboxListModel::StatusColumn)
                             .data(Qt::DisplayRole)
                             .toString();
    }

    int firstRowWithStatus(const QString &status) const
    {
        auto *model = table()->model();
        for (int row = 0; row < model->rowCount(); ++row) {
            if (model->index(row, SandboxListModel::StatusColumn).data().toString() == status)
                return row;
        }
        return -1;
    }

    bool refreshAndWait()
    {
        QSignalSpy refreshed(controller(), &SandboxesController::refreshed);
        app->window()->action(u"refresh"_s)->trigger();
        return refreshed.wait(10000);
    }

private slots:
    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        app->window()->scheduler()->setIntervalSeconds(0); // the tests refresh by hand
        QVERIFY(app->waitForSandboxes());
    }

    void cleanup() { app.reset(); }

    void titleSaysDemo() { QVERIFY(app->window()->windowTitle().contains(u"Demo"_s)); }

    void acquireThroughDialogSelectsTheNewRow()
    {
        app->window()->action(u"acquire"_s)->trigger();
        // The dialog deletes itself on close.
        QPointer<AcquireDialog> dialog = app->sandboxesPage()->findChild<AcquireDialog *>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        dialog->setServer(u"github"_s);
        dialog->setTag(u"gui-test"_s);
        dialog->okButton()->click();
        // The new sandbox is selected once it is in the list.
        QVERIFY(QTest::qWaitFor(
            [&] {
                const auto keys = app->sandboxesPage()->selectedKeys();
                if (keys.size() != 1)
                    return false;
                const int row = rowOf(keys.first().serverName, keys.first().sandboxId);
                return row >= 0 && table()
                                       ->model()
                                       ->index(row, 0)
                                       .data(SandboxListModel::TagsRole)
                                       .toStringList()
                                       .contains(u"gui-test"_s);
            },
            10000));
        QVERIFY(QTest::qWaitFor([&] { return !dialog || !dialog->isVisible(); }, 5000));
    }

    void validationErrorShownNextToTheField()
    {
        app->window()->action(u"acquire"_s)->trigger();
        auto *dialog = app->sandboxesPage()->findChild<AcquireDialog *>();
        QVERIFY(dialog);
        dialog->setServer(u"no_such_server"_s);
        dialog->okButton()->click();
        QVERIFY(QTest::qWaitFor([&] { return !dialog->fieldError(u"server_name"_s).isEmpty(); }, 10000));
        QVERIFY(dialog->isVisible()); // what was typed is not lost
        QVERIFY(!dialog->isBusy());
        dialog->reject();
    }

    void releaseAMultiSelection()
    {
        // Three occupied sandboxes, released behind one confirmation.
        QList<SandboxKey> picked;
        auto *model = table()->model();
        table()->clearSelection();
        for (int row = 0; row < model->rowCount() && picked.size() < 3; ++row) {
            if (model->index(row, SandboxListModel::StatusColumn).data().toString() != u"occupied"_s)
                continue;
            picked.append({model->index(row, 0).data(SandboxListModel::ServerNameRole).toString(),
                           model->index(row, 0).data(SandboxListModel::SandboxIdRole).toString()});
            table()->selectionModel()->select(model->index(row, 0),
                                              QItemSelectionModel::Select | QItemSelectionModel::Rows);
        }
        QCOMPARE(picked.size(), 3);
        QCOMPARE(app->sandboxesPage()->selectedKeys().size(), 3);
        QCOMPARE(app->window()->action(u"release"_s)->text(), u"&Release 3"_s);

        QString question;
        answerNextDialog<QMessageBox>([&question](QMessageBox *box) {
            question = box->text();
            for (QAbstractButton *button : box->buttons())
                if (box->buttonRole(button) == QMessageBox::AcceptRole)
                    button->click();
        });
        app->window()->action(u"release"_s)->trigger();
        QCOMPARE(question, u"Release 3 sandboxes back to the pool?"_s);
        QVERIFY(QTest::qWaitFor(
            [&] {
                return std::all_of(picked.begin(), picked.end(),
                                   [&](const SandboxKey &key) { return statusOf(key) == u"idle"_s; });
            },
            15000));
    }

    void acquireResetAndReleaseAreInTheLedger()
    {
        // Every action of the window is written to the session's ledger: an intent, then its outcome.
        AppSession *session = app->controller()->session();
        QVERIFY(!session->ledgerPath().isEmpty());
        AcquireRequest request;
        request.serverName = u"github"_s;
        request.tag = u"ledger-test"_s;
        request.ttlSeconds = 600;
        std::optional<ApiResult<AcquiredSandbox>> acquired;
        controller()->acquire(request, this, [&](const ApiResult<AcquiredSandbox> &r) { acquired = r; });
        QVERIFY(QTest::qWaitFor([&] { return acquired.has_value(); }, 10000));
        QVERIFY(acquired->ok());
        const SandboxKey key{u"github"_s, acquired->value().sandboxId};
        QSignalSpy bulk(controller(), &SandboxesController::bulkFinished);
        controller()->runBulk(SandboxesController::Bulk::Reset, {key});
        QVERIFY(bulk.wait(10000));

        session->ledger()->flush();
        RunLedger reader;
        QVERIFY(reader.open(session->ledgerPath()).ok());
        const auto held = reader.heldSandboxes().value();
        const auto mine = std::find_if(held.cbegin(), held.cend(),
                                       [&](const LedgerSandbox &s) { return s.sandboxId == key.sandboxId; });
        QVERIFY(mine != held.cend());
        QCOMPARE(mine->provider, LedgerProvider::Klavis);
        QCOMPARE(mine->servers, QStringList{u"github"_s});
        QCOMPARE(mine->tags, QStringList{u"ledger-test"_s});
        QCOMPARE(mine->ttlSeconds, 600);

        controller()->runBulk(SandboxesController::Bulk::Release, {key});
        QVERIFY(bulk.wait(10000));

        // The same for a local sandbox.
        LocalSandboxesController *local = app->window()->localSandboxesController();
        LocalAcquireRequest localRequest;
        localRequest.serverNames = {u"filesystem"_s};
        std::optional<ApiResult<LocalSandbox>> localAcquired;
        local->acquire(localRequest, this, [&](const ApiResult<LocalSandbox> &r) { localAcquired = r; });
        QVERIFY(QTest::qWaitFor([&] { return localAcquired.has_value(); }, 10000));
        QVERIFY(localAcquired->ok());
        const QString localId = localAcquired->value().localSandboxId;
        QSignalSpy localBulk(local, &LocalSandboxesController::bulkFinished);
        local->runBulk(LocalSandboxesController::Bulk::Reset, {localId});
        QVERIFY(localBulk.wait(10000));
        local->runBulk(LocalSandboxesController::Bulk::Release, {localId});
        QVERIFY(localBulk.wait(10000));

        session->ledger()->flush();
        const auto stillHeld = reader.heldSandboxes().value();
        QVERIFY(std::none_of(stillHeld.cbegin(), stillHeld.cend(), [&](const LedgerSandbox &s) {
            return s.sandboxId == key.sandboxId || s.sandboxId == localId;
        }));
        QVERIFY(reader.openIntents()->isEmpty());
        // The demo's ledger is this session's own: its operations are these six, in order.
        using Kind = LedgerOperationKind;
        const QList<std::tuple<Kind, LedgerProvider, QString>> expected{
            {Kind::Acquire, LedgerProvider::Klavis, key.sandboxId},
            {Kind::Reset, LedgerProvider::Klavis, key.sandboxId},
            {Kind::Release, LedgerProvider::Klavis, key.sandboxId},
            {Kind::Acquire, LedgerProvider::KlavisLocal, localId},
            {Kind::Reset, LedgerProvider::KlavisLocal, localId},
            {Kind::Release, LedgerProvider::KlavisLocal, localId}};
        for (qsizetype i = 0; i < expected.size(); ++i) {
            const auto operation = reader.operation(i + 1);
            QVERIFY2(operation.ok(), qPrintable(operation.error().message));
            QCOMPARE(operation->kind, std::get<0>(expected[i]));
            QCOMPARE(operation->provider, std::get<1>(expected[i]));
            QCOMPARE(operation->sandboxId, std::get<2>(expected[i]));
            QCOMPARE(operation->state, LedgerOperationState::Succeeded);
        }
        QVERIFY(!reader.operation(expected.size() + 1).ok());
    }

    void clickingATagFiltersByIt()
    {
        auto *model = table()->model();
        int row = 0;
        while (row < model->rowCount() &&
               model->index(row, 0).data(SandboxListModel::TagsRole).toStringList().isEmpty())
            ++row;
        QVERIFY(row < model->rowCount());
        const QString tag = model->index(row, 0).data(SandboxListModel::TagsRole).toStringList().first();
        const int total = model->rowCount();
        const QRect cell = table()->visualRect(model->index(row, SandboxListModel::TagsColumn));
        QVERIFY(cell.isValid());
        QTest::mouseClick(table()->viewport(), Qt::LeftButton, {},
                          QPoint(cell.left() + 10, cell.center().y()));
        QVERIFY(QTest::qWaitFor([&] { return model->rowCount() > 0 && model->rowCount() < total; }, 10000));
        for (int r = 0; r < model->rowCount(); ++r)
            QVERIFY(model->index(r, 0).data(SandboxListModel::TagsRole).toStringList().contains(tag));
        QCOMPARE(controller()->proxy()->tagFilter(), tag);
    }

    void refreshKeepsTheSelection()
    {
        table()->selectRow(5);
        const auto selected = app->sandboxesPage()->selectedKeys();
        QCOMPARE(selected.size(), 1);
        const int scrolledTo = table()->verticalScrollBar()->value();
        // The pool changes under the view: another client acquires a sandbox.
        QSignalSpy reset(table()->model(), &QAbstractItemModel::modelReset);
        AcquireRequest request;
        request.serverName = u"slack"_s;
        std::optional<SandboxKey> acquired;
        app->controller()->session()->sandboxes()->acquire(
            request, this, [&acquired](const ApiResult<AcquiredSandbox> &result) {
                if (result.ok())
                    acquired = SandboxKey{result->serverName, result->sandboxId};
            });
        QVERIFY(QTest::qWaitFor([&] { return acquired.has_value(); }, 10000));
        QCOMPARE(statusOf(*acquired), u"idle"_s);
        QVERIFY(refreshAndWait());
        QCOMPARE(statusOf(*acquired), u"occupied"_s);
        QVERIFY(refreshAndWait());
        QCOMPARE(reset.count(), 0);
        QCOMPARE(app->sandboxesPage()->selectedKeys().size(), 1);
        QCOMPARE(app->sandboxesPage()->selectedKeys().first(), selected.first());
        QCOMPARE(table()->verticalScrollBar()->value(), scrolledTo);
    }

    void rowsChangedByARefreshFlashThenFade()
    {
        app->window()->show();
        QVERIFY(QTest::qWaitForWindowExposed(app->window()));
        table()->sortByColumn(SandboxListModel::SandboxIdColumn, Qt::AscendingOrder);
        const int row = firstRowWithStatus(u"occupied"_s);
        QVERIFY(row >= 0);
        const QModelIndex index = table()->model()->index(row, 0);
        const SandboxKey key{index.data(SandboxListModel::ServerNameRole).toString(),
                             index.data(SandboxListModel::SandboxIdRole).toString()};
        const QString flashKey = SandboxesPage::flashKey(key.serverName, key.sandboxId);
        RowChangeFlash *flash = app->sandboxesPage()->changeFlash();
        QCOMPARE(flash->flashingCount(), 0); // the first load is not a change
        table()->clearSelection();           // the selection colour would hide the flash's
        const QImage before = table()->viewport()->grab().toImage();

        // Reset moves the sandbox's update time: the refresh after it brings the change.
        bool refreshed = false;
        connect(app->window()->sandboxesController()->model(), &SandboxListModel::rowsRefreshed, this,
                [&refreshed] { refreshed = true; });
        app->window()->sandboxesController()->runBulk(SandboxesController::Bulk::Reset, {key});
        QVERIFY(QTest::qWaitFor([&refreshed] { return refreshed; }, 10000));
        QVERIFY(flash->strength(flashKey) > 0.5);
        QVERIFY(flash->flashingCount() >= 1);
        const int y = table()->visualRect(table()->model()->index(row, 0)).center().y();
        const QImage during = table()->viewport()->grab().toImage(); // painted with the flash as it is now
        QVERIFY(during.pixelColor(1, y) != before.pixelColor(1, y));

        QTRY_COMPARE_WITH_TIMEOUT(flash->flashingCount(), 0, RowChangeFlash::durationMs * 10);
        QCOMPARE(flash->strength(flashKey), 0.0);
        const QImage after = table()->viewport()->grab().toImage();
        QCOMPARE(after.pixelColor(1, y), before.pixelColor(1, y));
    }

    void headerStateSurvivesARestart()
    {
        QHeaderView *header = table()->horizontalHeader();
        header->setSectionHidden(SandboxListModel::BenchmarkColumn, true);
        header->moveSection(header->visualIndex(SandboxListModel::StatusColumn), 0);
        header->resizeSection(SandboxListModel::ServerColumn, 177);
        table()->sortByColumn(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
        app->window()->close(); // saves, as quitting does

        SandboxesPage again(controller());
        again.restoreState();
        QHeaderView *restored = again.view()->horizontalHeader();
        QVERIFY(restored->isSectionHidden(SandboxListModel::BenchmarkColumn));
        QCOMPARE(restored->logicalIndex(0), int(SandboxListModel::StatusColumn));
        QCOMPARE(restored->sectionSize(SandboxListModel::ServerColumn), 177);
        QCOMPARE(restored->sortIndicatorSection(), int(SandboxListModel::UpdatedColumn));
        QCOMPARE(restored->sortIndicatorOrder(), Qt::DescendingOrder);
    }

    void updatedSortsByTimeNotByText()
    {
        table()->sortByColumn(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
        auto *model = table()->model();
        QDateTime previous;
        for (int row = 0; row < model->rowCount(); ++row) {
            const QDateTime updated = model->index(row, 0).data(SandboxListModel::UpdatedAtRole).toDateTime();
            if (!updated.isValid())
                continue;
            if (previous.isValid())
                QVERIFY2(updated <= previous, qPrintable(updated.toString(Qt::ISODate)));
            previous = updated;
        }
        QVERIFY(previous.isValid());
    }

    void firstRunOffersAKeyOrTheDemo()
    {
        app.reset();
        QTemporaryDir settingsDir;
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
        QSettings().clear();
        qunsetenv("KLAVIS_API_KEY");
        ApplicationController controller;
        QVERIFY(controller.start(false));
        QVERIFY(QTest::qWaitFor([&] { return controller.keyDialog() && controller.keyDialog()->isVisible(); },
                                5000));
        QPushButton *demo = nullptr;
        for (auto *button : controller.keyDialog()->findChildren<QPushButton *>())
            if (button->text().contains(u"Demo"_s))
                demo = button;
        QVERIFY(demo);
        demo->click();
        QVERIFY(QTest::qWaitFor([&] { return controller.session()->isDemo(); }, 5000));
        QVERIFY(controller.window()->windowTitle().contains(u"Demo"_s));
        auto *model = controller.window()->sandboxesPage()->view()->model();
        QVERIFY(QTest::qWaitFor([model] { return model->rowCount() > 0; }, 10000));
    }

    void refusedKeyOpensTheKeyPrompt()
    {
        // A real profile (the demo never asks for a key) whose key the server refuses.
        app.reset();
        Emulator::EmulatorHost server;
        QVERIFY(server.start());
        QTemporaryDir settingsDir;
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
        QSettings().clear();
        ProfileStore profiles;
        Profile profile;
        profile.name = u"Lab"_s;
        profile.baseUrl = server.apiBaseUrl();
        const QString id = profiles.addProfile(profile);
        QVERIFY(!id.isEmpty());
        QVERIFY(profiles.setCurrentProfile(id));
        qputenv("KLAVIS_API_KEY", "a-key-the-server-does-not-know");
        ApplicationController controller;
        // The environment key reaches a custom host only for the profile named on the command line.
        controller.setCommandLineProfile(u"Lab"_s);
        QVERIFY(controller.start(false));
        const bool prompted = QTest::qWaitFor(
            [&] { return controller.keyDialog() && controller.keyDialog()->isVisible(); }, 10000);
        qunsetenv("KLAVIS_API_KEY");
        QVERIFY(prompted);
        // The prompt says what happened, in words: the key was refused, not merely missing.
        const auto labels = controller.keyDialog()->findChildren<QLabel *>();
        QVERIFY(std::any_of(labels.begin(), labels.end(),
                            [](QLabel *label) { return label->text().contains(u"refused"_s); }));
        controller.keyDialog()->reject();
    }
};

QTEST_MAIN(TestSandboxesView)
#include "tst_sandboxesview.moc"
