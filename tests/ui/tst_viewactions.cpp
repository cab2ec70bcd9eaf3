// Actions where a user reaches for them (issue 10, items 3, 11, 12, 13): the toolbar per view, right-click
// menus, release and reset only where they apply, a new sandbox shown and selected under a filter, the
// Local sandboxes filters, export of the visible rows and copying several ids. The real window on the
// in-process demo emulator.

#include "demoapp.h"
#include "inspector/sandboxworktabs.h"

#include "klavis/acquiredialog.h"
#include "local/localacquiredialog.h"
#include "local/localsandboxdetailspane.h"
#include "local/localsandboxespage.h"
#include "models/localsandboxfilterproxy.h"
#include "models/localsandboxtreemodel.h"
#include "models/sandboxfilterproxy.h"
#include "models/sandboxlistmodel.h"
#include "models/statuskind.h"
#include "sandboxlist/sandboxfilterbar.h"
#include "session/refreshscheduler.h"
#include "transfers/transferspage.h"

#include <QAbstractButton>
#include <QAction>
#include <QClipboard>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolBar>

using namespace Qt::StringLiterals;

class TestViewActions : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<DemoApp> app;

    MainWindow *window() const { return app->window(); }
    QTableView *table() const { return app->sandboxesPage()->view(); }
    QTreeView *tree() const { return app->localPage()->view(); }
    QAction *action(const QString &name) const { return window()->action(name); }

    // Rows of the Sandboxes table (view order) whose status is `status`.
    QList<int> rowsWithStatus(const QString &status) const
    {
        QList<int> rows;
        for (int row = 0; row < table()->model()->rowCount(); ++row)
            if (table()->model()->index(row, SandboxListModel::StatusColumn).data().toString() == status)
                rows << row;
        return rows;
    }

    void selectTableRows(const QList<int> &rows)
    {
        table()->clearSelection();
        for (int row : rows)
            table()->selectionModel()->select(table()->model()->index(row, 0),
                                              QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }

    // The text and details of the next confirmation, answered with Cancel.
    static void captureNextQuestion(QString *question, QString *details)
    {
        answerNextDialog<QMessageBox>([question, details](QMessageBox *box) {
            *question = box->text();
            *details = box->informativeText();
            box->reject();
        });
    }

    bool showLocal()
    {
        window()->showPage(MainWindow::LocalSandboxesView);
        return QTest::qWaitFor([this] { return tree()->model()->rowCount() >= 2; }, 10000);
    }

    // The search waits for a typing pause, then says what it searches for.
    static void typeSearch(SandboxFilterBar *bar, const QString &text)
    {
        QSignalSpy searched(bar, &SandboxFilterBar::searchChanged);
        bar->searchField()->setText(text);
        QVERIFY(searched.wait(5000));
        QCOMPARE(searched.last().at(0).toString(), text);
    }

private slots:
    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        window()->scheduler()->setIntervalSeconds(0);
        QVERIFY(app->waitForSandboxes());
    }

    void cleanup() { app.reset(); }

    void toolbarFollowsTheView()
    {
        auto *bar = window()->findChild<QToolBar *>(u"mainToolBar"_s);
        QVERIFY(bar);
        const QStringList listActions = {u"acquire"_s, u"release"_s, u"reset"_s, u"copyMcpConfig"_s,
                                         u"refresh"_s};
        const QStringList localActions = {u"uploadWorkspace"_s, u"saveDump"_s, u"extractDump"_s};
        for (const auto &name : listActions + localActions)
            QVERIFY2(bar->actions().contains(action(name)), qPrintable(name));

        for (const auto &name : listActions)
            QVERIFY2(action(name)->isVisible(), qPrintable(name));
        for (const auto &name : localActions)
            QVERIFY2(!action(name)->isVisible(), qPrintable(name)); // hidden, not greyed

        window()->showPage(MainWindow::LocalSandboxesView);
        for (const auto &name : listActions + localActions)
            QVERIFY2(action(name)->isVisible(), qPrintable(name));

        window()->showPage(MainWindow::TransfersView);
        for (const auto &name : listActions + localActions)
            QVERIFY2(!action(name)->isVisible(), qPrintable(name));
        QVERIFY(!action(u"exportRows"_s)->isVisible());
        // Whatever the Transfers page offers is on the toolbar there, and in its right-click menu.
        const QList<QAction *> transferActions = window()->contextMenuActions();
        for (QAction *transferAction : transferActions) {
            QVERIFY(transferAction);
            QVERIFY(bar->actions().contains(transferAction));
            QVERIFY(transferAction->isVisible());
        }

        window()->showPage(MainWindow::SandboxesView);
        for (const auto &name : localActions)
            QVERIFY2(!action(name)->isVisible(), qPrintable(name));
        for (QAction *transferAction : transferActions)
            QVERIFY(!transferAction->isVisible());
    }

    void releaseAndResetOnlyForActiveSandboxes()
    {
        const auto idle = rowsWithStatus(u"idle"_s);
        const auto occupied = rowsWithStatus(u"occupied"_s);
        QVERIFY(idle.size() >= 1);
        QVERIFY(occupied.size() >= 2);

        selectTableRows({idle.first()});
        QVERIFY(!action(u"release"_s)->isEnabled());
        QVERIFY(!action(u"reset"_s)->isEnabled());
        QVERIFY(action(u"copyId"_s)->isEnabled());
        // Work that needs a lease is disabled on an idle sandbox, and says why.
        QVERIFY(!action(u"copyMcpConfig"_s)->isEnabled());
        QVERIFY2(action(u"copyMcpConfig"_s)->toolTip().contains(u"no occupied sandbox"_s),
                 qPrintable(action(u"copyMcpConfig"_s)->toolTip()));
        SandboxWorkTabs *tabs = app->sandboxesPage()->workTabs();
        QTRY_VERIFY(!tabs->isTabEnabled(tabs->dataIndex()));
        QVERIFY2(tabs->tabToolTip(tabs->dataIndex()).contains(u"is idle: its data went with its lease"_s),
                 qPrintable(tabs->tabToolTip(tabs->dataIndex())));
        selectTableRows({idle.first(), occupied.first()});
        QVERIFY(action(u"copyMcpConfig"_s)->isEnabled());
        QVERIFY(action(u"copyMcpConfig"_s)->toolTip().startsWith(u"Copy"_s));

        selectTableRows({occupied.first()});
        QVERIFY(action(u"release"_s)->isEnabled());
        QVERIFY(action(u"reset"_s)->isEnabled());
        QString question;
        QString details;
        captureNextQuestion(&question, &details);
        action(u"reset"_s)->trigger();
        QVERIFY(question.startsWith(u"Reset "_s));
        QCOMPARE(details, u"Its data goes back to the initial state; it stays acquired."_s);

        // Two occupied and one idle: the idle one is left out, and the question says so.
        selectTableRows({occupied[0], occupied[1], idle.first()});
        QCOMPARE(action(u"release"_s)->text(), u"&Release 2"_s);
        captureNextQuestion(&question, &details);
        action(u"reset"_s)->trigger();
        QCOMPARE(question, u"Reset 2 sandboxes?"_s);
        QVERIFY2(details.contains(u"1 idle or failed sandbox in the selection"_s) ||
                     details.contains(u"1 idle or failed sandbox(es) in the selection"_s),
                 qPrintable(details));
    }

    void acquireUnderASearchFilterShowsAndSelectsTheNewRow()
    {
        auto *bar = app->sandboxesPage()->filterBar();
        typeSearch(bar, u"slack"_s);
        QVERIFY(table()->model()->rowCount() > 0);
        // The user had a slack row selected: after the acquire it must not stay selected.
        table()->selectRow(0);
        QCOMPARE(app->sandboxesPage()->selectedKeys().first().serverName.toLower(), u"slack"_s);

        QSignalSpy listed(window()->sandboxesController(), &SandboxesController::acquiredSandboxListed);
        action(u"acquire"_s)->trigger();
        QPointer<AcquireDialog> dialog = app->sandboxesPage()->findChild<AcquireDialog *>();
        QVERIFY(dialog);
        dialog->setServer(u"github"_s);
        dialog->okButton()->click();
        QVERIFY(listed.wait(10000));
        const QString newId = listed.first().at(1).toString();

        QVERIFY(bar->searchText().isEmpty());
        QVERIFY(window()->statusBar()->currentMessage().contains(u"Filters cleared"_s));
        const auto keys = app->sandboxesPage()->selectedKeys();
        QCOMPARE(keys.size(), 1);
        QCOMPARE(keys.first().serverName.toLower(), u"github"_s);
        QCOMPARE(keys.first().sandboxId, newId);
        QCOMPARE(table()->currentIndex().data(SandboxListModel::SandboxIdRole).toString(), newId);

        // Release now targets the new sandbox, nothing else.
        QString question;
        QString details;
        captureNextQuestion(&question, &details);
        action(u"release"_s)->trigger();
        QVERIFY2(question.contains(newId), qPrintable(question));
    }

    void acquireUnderAServerFilterShowsTheNewRow()
    {
        // The server filter narrows the request itself: the new github sandbox would never be listed.
        auto *bar = app->sandboxesPage()->filterBar();
        auto *serverCombo = bar->findChildren<QComboBox *>().at(1);
        const int slack = serverCombo->findData(u"slack"_s);
        QVERIFY(slack > 0);
        serverCombo->setCurrentIndex(slack);
        QSignalSpy listed(window()->sandboxesController(), &SandboxesController::acquiredSandboxListed);
        action(u"acquire"_s)->trigger();
        auto *dialog = app->sandboxesPage()->findChild<AcquireDialog *>();
        QVERIFY(dialog);
        dialog->setServer(u"github"_s);
        dialog->okButton()->click();
        QVERIFY(listed.wait(10000));
        QVERIFY(bar->server().isEmpty());
        const auto keys = app->sandboxesPage()->selectedKeys();
        QCOMPARE(keys.size(), 1);
        QCOMPARE(keys.first().sandboxId, listed.first().at(1).toString());
    }

    void localAcquireUnderAFilterShowsAndSelectsTheNewRow()
    {
        QVERIFY(showLocal());
        auto *bar = app->localPage()->filterBar();
        typeSearch(bar, u"no-such-sandbox"_s);
        QCOMPARE(tree()->model()->rowCount(), 0);

        QSignalSpy listed(window()->localSandboxesController(),
                          &LocalSandboxesController::acquiredSandboxListed);
        action(u"acquire"_s)->trigger();
        auto *dialog = app->localPage()->findChild<LocalAcquireDialog *>();
        QVERIFY(dialog);
        dialog->setCheckedServers({u"filesystem"_s});
        dialog->okButton()->click();
        QVERIFY(listed.wait(10000));
        const QString newId = listed.first().at(0).toString();
        QVERIFY(bar->searchText().isEmpty());
        QVERIFY(window()->statusBar()->currentMessage().contains(u"Filters cleared"_s));
        QCOMPARE(app->localPage()->selectedIds(), QStringList{newId});
        QCOMPARE(tree()->currentIndex().data(LocalSandboxTreeModel::LocalSandboxIdRole).toString(), newId);
    }

    // An idle local sandbox is the pool's: its pane and the toolbar offer none of a lease's work, and say
    // why.
    void anIdleLocalSandboxOffersNoWorkspaceOrConfig()
    {
        QVERIFY(showLocal());
        QModelIndex idle;
        QModelIndex occupied;
        for (int row = 0; row < tree()->model()->rowCount(); ++row) {
            const QModelIndex index = tree()->model()->index(row, 0);
            const auto kind = StatusKind::Kind(index.data(LocalSandboxTreeModel::StatusKindRole).toInt());
            (StatusKind::isReleasable(kind) ? occupied : idle) = index;
        }
        QVERIFY(idle.isValid() && occupied.isValid());
        auto *pane = app->localPage()->detailsPane();
        const QStringList paneButtons = {u"uploadButton"_s, u"saveDumpButton"_s, u"extractDumpButton"_s,
                                         u"copyMcpConfigButton"_s};
        tree()->selectionModel()->setCurrentIndex(idle, QItemSelectionModel::ClearAndSelect |
                                                            QItemSelectionModel::Rows);
        for (const QString &name : paneButtons) {
            auto *button = pane->findChild<QPushButton *>(name);
            QVERIFY2(button, qPrintable(name));
            QTRY_VERIFY2(!button->isEnabled(), qPrintable(name));
            QVERIFY2(button->toolTip().contains(u"went with its lease"_s), qPrintable(button->toolTip()));
        }
        for (const QString &name :
             {u"uploadWorkspace"_s, u"saveDump"_s, u"extractDump"_s, u"copyMcpConfig"_s})
            QVERIFY2(!action(name)->isEnabled(), qPrintable(name));

        tree()->selectionModel()->setCurrentIndex(occupied, QItemSelectionModel::ClearAndSelect |
                                                                QItemSelectionModel::Rows);
        for (const QString &name : paneButtons)
            QTRY_VERIFY2(pane->findChild<QPushButton *>(name)->isEnabled(), qPrintable(name));
        for (const QString &name :
             {u"uploadWorkspace"_s, u"saveDump"_s, u"extractDump"_s, u"copyMcpConfig"_s})
            QVERIFY2(action(name)->isEnabled(), qPrintable(name));
    }

    void localViewFiltersSandboxesAndKeepsTheirServers()
    {
        QVERIFY(showLocal());
        auto *bar = app->localPage()->filterBar();
        auto *source = window()->localSandboxesController()->model();
        const int total = source->rowCount();
        QVERIFY(total >= 2);
        // Server and benchmark are not facets of a local sandbox.
        const auto combos = bar->findChildren<QComboBox *>();
        QCOMPARE(std::count_if(combos.begin(), combos.end(), [](QComboBox *c) { return !c->isHidden(); }), 2);

        const QString id = source->index(1, 0).data(LocalSandboxTreeModel::LocalSandboxIdRole).toString();
        typeSearch(bar, id.left(12));
        QCOMPARE(tree()->model()->rowCount(), 1);
        const QModelIndex shown = tree()->model()->index(0, 0);
        QCOMPARE(shown.data(LocalSandboxTreeModel::LocalSandboxIdRole).toString(), id);
        QCOMPARE(tree()->model()->rowCount(shown), source->rowCount(source->indexOfSandbox(id)));
        QVERIFY(tree()->model()->rowCount(shown) > 0);

        // A server's name finds its sandbox.
        const QString serverName = source->index(0, 0, source->indexOfSandbox(id))
                                       .data(LocalSandboxTreeModel::ServerNameRole)
                                       .toString();
        typeSearch(bar, serverName.toUpper());
        QVERIFY(tree()->model()->rowCount() >= 1);

        typeSearch(bar, QString());
        QCOMPARE(tree()->model()->rowCount(), total);
        auto *proxy = window()->localSandboxesController()->proxy();
        proxy->setStatusFilter(u"no-such-status"_s);
        QCOMPARE(tree()->model()->rowCount(), 0);
        proxy->setStatusFilter(source->knownStatuses().value(0));
        QVERIFY(tree()->model()->rowCount() > 0);
    }

    void contextMenusOfferTheSelectionsActions()
    {
        const auto occupied = rowsWithStatus(u"occupied"_s);
        QVERIFY(occupied.size() >= 2);
        selectTableRows({occupied[0], occupied[1]});
        // A right click on a selected row keeps the selection and opens the menu.
        const QPoint onRow = table()->visualRect(table()->model()->index(occupied[1], 1)).center();
        window()->show();
        QVERIFY(QTest::qWaitForWindowExposed(window()));
        emit table()->customContextMenuRequested(onRow);
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        QVERIFY(menu);
        QCOMPARE(menu->objectName(), u"rowContextMenu"_s);
        QStringList names;
        for (QAction *item : menu->actions())
            if (!item->isSeparator())
                names << item->objectName();
        for (const auto &name : {u"copyId"_s, u"copyMcpConfig"_s, u"release"_s, u"reset"_s, u"exportRows"_s})
            QVERIFY2(names.contains(name), qPrintable(names.join(u',')));
        QVERIFY(!names.contains(u"uploadWorkspace"_s));
        QCOMPARE(app->sandboxesPage()->selectedKeys().size(), 2);
        QCOMPARE(action(u"copyId"_s)->text(), u"&Copy 2 IDs"_s);
        menu->close();

        // A right click outside the selection moves it to the clicked row first.
        const int other = rowsWithStatus(u"idle"_s).first();
        emit table()->customContextMenuRequested(
            table()->visualRect(table()->model()->index(other, 1)).center());
        QCOMPARE(table()->selectionModel()->selectedRows().size(), 1);
        QCOMPARE(table()->selectionModel()->selectedRows().first().row(), other);
        menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        QVERIFY(menu);
        QVERIFY(!action(u"release"_s)->isEnabled()); // idle: shown, but cannot apply
        menu->close();

        QVERIFY(showLocal());
        tree()->setCurrentIndex(tree()->model()->index(0, 0));
        emit tree()->customContextMenuRequested(tree()->visualRect(tree()->model()->index(0, 0)).center());
        menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        QVERIFY(menu);
        names.clear();
        for (QAction *item : menu->actions())
            names << item->objectName();
        for (const auto &name : {u"uploadWorkspace"_s, u"saveDump"_s, u"extractDump"_s, u"release"_s})
            QVERIFY2(names.contains(name), qPrintable(names.join(u',')));
        QVERIFY(action(u"uploadWorkspace"_s)->isEnabled());
        menu->close();
    }

    void copyingSeveralIdsPutsOnePerLine()
    {
        selectTableRows({0, 1, 2});
        QStringList expected;
        for (const auto &key : app->sandboxesPage()->selectedKeys())
            expected << key.sandboxId;
        action(u"copyId"_s)->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), expected.join(u'\n'));

        QVERIFY(showLocal());
        tree()->clearSelection();
        for (int row : {0, 1})
            tree()->selectionModel()->select(tree()->model()->index(row, 0),
                                             QItemSelectionModel::Select | QItemSelectionModel::Rows);
        action(u"copyId"_s)->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text().split(u'\n'), app->localPage()->selectedIds());
        QCOMPARE(app->localPage()->selectedIds().size(), 2);
    }

    void exportWritesTheVisibleRows()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto *bar = app->sandboxesPage()->filterBar();
        typeSearch(bar, u"github"_s);
        const int shown = table()->model()->rowCount();
        QVERIFY(shown > 0 && shown < window()->sandboxesController()->model()->rowCount());

        const QString csvPath = dir.filePath(u"rows.csv"_s);
        QVERIFY(exportRows(window(), csvPath));
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().split('\n');
        QCOMPARE(lines.first(), QByteArray("server,sandbox_id,status,benchmark,tags,updated_at\r"));
        QCOMPARE(lines.size(), shown + 2); // header, rows, and the empty piece after the last CRLF
        QVERIFY(lines.at(1).startsWith(
            table()->model()->index(0, 0).data(SandboxListModel::ServerNameRole).toByteArray()));

        QVERIFY(showLocal());
        const QString jsonPath = dir.filePath(u"local.json"_s);
        QVERIFY(exportRows(window(), jsonPath));
        QFile json(jsonPath);
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QByteArray body = json.readAll();
        const QJsonArray rows = QJsonDocument::fromJson(body).array();
        QCOMPARE(rows.size(), tree()->model()->rowCount());
        const QJsonObject first = rows.first().toObject();
        QCOMPARE(first.value(u"local_sandbox_id"_s).toString(),
                 tree()->model()->index(0, 0).data(LocalSandboxTreeModel::LocalSandboxIdRole).toString());
        QVERIFY(first.value(u"mcp_urls"_s).isArray());
        QVERIFY(!first.value(u"mcp_urls"_s).toArray().isEmpty());
        QVERIFY(!body.contains("auth_data"));
    }
};

QTEST_MAIN(TestViewActions)
#include "tst_viewactions.moc"
