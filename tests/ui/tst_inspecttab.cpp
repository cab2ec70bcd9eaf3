// The Inspect tab of the sandbox views against the demo's emulator over loopback HTTP: the selected
// sandbox's tools when the tab opens, a call that changes the sandbox, each sandbox's page kept while the
// user looks elsewhere, and a local sandbox's servers to choose from.

#include "../postedevents.h"
#include "demoapp.h"

#include "common/viewsizing.h"
#include "inspector/inspectpage.h"
#include "inspector/sandboxworktabs.h"
#include "inspector/schemaform.h"
#include "inspector/tooldiffdialog.h"
#include "inspector/toolresultview.h"
#include "local/localsandboxespage.h"
#include "mcp/toollistdiff.h"
#include "models/mcpexchangelogmodel.h"
#include "models/mcptoollistmodel.h"
#include "models/sandboxlistmodel.h"
#include "serverdata/sandboxdatapage.h"
#include "session/refreshscheduler.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSplitter>
#include <QTableView>
#include <QTreeView>

using namespace Qt::StringLiterals;

namespace {

// What the result's text blocks say.
QString resultText(const ToolResultView *view)
{
    QStringList texts;
    for (QWidget *block : view->blockWidgets()) {
        if (auto *edit = qobject_cast<QPlainTextEdit *>(block))
            texts.append(edit->toPlainText());
        else if (auto *label = qobject_cast<QLabel *>(block))
            texts.append(label->text());
    }
    return texts.join(u'\n');
}

} // namespace

class TestInspectTab : public QObject
{
    Q_OBJECT

    std::unique_ptr<DemoApp> app;

    SandboxWorkTabs *tabs() const { return app->sandboxesPage()->workTabs(); }

    // An occupied sandbox of `server` whose benchmark leaves every tool in (none, or MCP_Mark: the emulator's
    // MCP_Atlas hides the write tools, Toolathlon re-describes them).
    int plainOccupiedRow(const QString &server) const
    {
        const QAbstractItemModel *model = app->sandboxesPage()->view()->model();
        for (int row = 0; row < model->rowCount(); ++row) {
            const QModelIndex index = model->index(row, 0);
            if (index.data(SandboxListModel::ServerNameRole).toString() == server &&
                index.data(SandboxListModel::StatusRole).toString() == u"occupied"_s &&
                QStringList{QString(), u"MCP_Mark"_s}.contains(
                    index.data(SandboxListModel::BenchmarkRole).toString()))
                return row;
        }
        return -1;
    }

    // Selects the row and opens its Inspect tab; answers the page once its tools are listed.
    InspectPage *inspect(int row)
    {
        app->sandboxesPage()->view()->selectRow(row);
        if (!QTest::qWaitFor([this] { return tabs()->isTabEnabled(tabs()->inspectIndex()); }, 10000))
            return nullptr;
        tabs()->setCurrentIndex(tabs()->inspectIndex());
        InspectPage *page = tabs()->currentInspectPage();
        if (!page || !QTest::qWaitFor([page] { return page->toolModel()->rowCount() > 0; }, 10000))
            return nullptr;
        return page;
    }

private slots:
    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        app->window()->scheduler()->setIntervalSeconds(0); // the tests refresh by hand
        app->window()->resize(1280, 780);
        app->window()->show();
        QVERIFY(app->waitForSandboxes());
    }

    void cleanup() { app.reset(); }

    void theToolsOfTheSelectedSandboxWhenTheTabOpens()
    {
        const int row = plainOccupiedRow(u"github"_s);
        QVERIFY(row >= 0);
        app->sandboxesPage()->view()->selectRow(row);
        QVERIFY(QTest::qWaitFor([this] { return tabs()->isTabEnabled(tabs()->inspectIndex()); }, 10000));
        QElapsedTimer clock;
        clock.start();
        tabs()->setCurrentIndex(tabs()->inspectIndex());
        InspectPage *page = tabs()->currentInspectPage();
        QVERIFY(page);
        QVERIFY(QTest::qWaitFor([page] { return page->toolModel()->rowCount() > 0; }, 10000));
        const qint64 listedMs = clock.elapsed();
        qInfo("from opening the Inspect tab to %d tools listed: %lld ms", page->toolModel()->rowCount(),
              listedMs);
        // About 130 ms here: the bound catches a blow-up (a retry or a timeout on the way), not speed.
        QVERIFY2(listedMs < 3000, qPrintable(QString::number(listedMs)));
        QVERIFY(page->selectTool(u"create_issue"_s));
        QVERIFY(page->serverLabel()->text().contains(u"github"_s));
        // Nothing selected, or several: nothing to inspect.
        app->sandboxesPage()->view()->selectAll();
        QVERIFY(QTest::qWaitFor([this] { return !tabs()->isTabEnabled(tabs()->inspectIndex()); }, 5000));
    }

    void aCallChangesTheSandboxAndStaysWithIt()
    {
        const int row = plainOccupiedRow(u"github"_s);
        const int other = plainOccupiedRow(u"gmail"_s);
        QVERIFY(row >= 0 && other >= 0);
        InspectPage *page = inspect(row);
        QVERIFY(page);
        QVERIFY(page->selectTool(u"create_issue"_s));
        page->form()->setArguments(QJsonObject{{u"repo"_s, u"test-repo"_s}, {u"title"_s, u"From Inspect"_s}});
        QVERIFY(page->form()->isValid());
        QSignalSpy called(page, &InspectPage::callFinished);
        page->callSelectedTool();
        QVERIFY(called.wait(10000));
        QVERIFY(!page->resultView()->isError());
        QVERIFY(resultText(page->resultView()).contains(u"Created issue"_s));
        // The new issue is in the sandbox's data: list_issues reads it back.
        QVERIFY(page->selectTool(u"list_issues"_s));
        page->form()->setArguments(QJsonObject{{u"repo"_s, u"test-repo"_s}});
        page->callSelectedTool();
        QVERIFY(called.wait(10000));
        QVERIFY(resultText(page->resultView()).contains(u"From Inspect"_s));

        // Another sandbox has a page of its own; coming back shows this one as it was left.
        InspectPage *otherPage = inspect(other);
        QVERIFY(otherPage && otherPage != page);
        QVERIFY(otherPage->selectTool(u"list_messages"_s));
        QVERIFY(resultText(otherPage->resultView()).isEmpty());
        app->sandboxesPage()->view()->selectRow(row);
        QVERIFY(QTest::qWaitFor([this, page] { return tabs()->currentInspectPage() == page; }, 10000));
        QVERIFY(resultText(page->resultView()).contains(u"From Inspect"_s));
        QCOMPARE(tabs()->inspectPageCount(), 2);
        // The log kept every exchange of this sandbox's page.
        QVERIFY(page->logModel()->rowCount() >= 5);
    }

    void theToolsNowComparedWithTheFirstListing()
    {
        InspectPage *page = inspect(plainOccupiedRow(u"github"_s));
        QVERIFY(page);
        QVERIFY(page->compareToolsButton()->isEnabled());
        QCOMPARE(page->firstListedTools().size(), page->toolModel()->rowCount());
        page->compareToolsButton()->click();
        ToolDiffDialog *dialog = nullptr;
        QVERIFY(QTest::qWaitFor(
            [&dialog] {
                for (QWidget *widget : QApplication::topLevelWidgets())
                    if ((dialog = qobject_cast<ToolDiffDialog *>(widget)))
                        return true;
                return false;
            },
            5000));
        QSignalSpy compared(dialog, &ToolDiffDialog::compared);
        QVERIFY(compared.wait(10000) || !compared.isEmpty());
        QVERIFY(dialog->result().has_value());
        QVERIFY(dialog->result()->isSame()); // nothing changed the server's tools since
        dialog->close();
    }

    void theDataTabFollowsTheSelection()
    {
        const int row = plainOccupiedRow(u"github"_s);
        app->sandboxesPage()->view()->selectRow(row);
        QVERIFY(QTest::qWaitFor([this] { return tabs()->isTabEnabled(tabs()->dataIndex()); }, 5000));
        const QModelIndex index = app->sandboxesPage()->view()->model()->index(row, 0);
        QCOMPARE(app->sandboxesPage()->dataPage()->sandboxId(),
                 index.data(SandboxListModel::SandboxIdRole).toString());
        QVERIFY(app->sandboxesPage()->dataPage()->hasDataEndpoints());
        app->sandboxesPage()->view()->selectAll();
        QVERIFY(QTest::qWaitFor([this] { return !tabs()->isTabEnabled(tabs()->dataIndex()); }, 5000));
    }

    void theDetailsTabGivesTheTableItsRoomBack()
    {
        auto *splitter = qobject_cast<QSplitter *>(tabs()->parentWidget());
        QVERIFY(splitter);
        const QList<int> before = splitter->sizes();
        QVERIFY(inspect(plainOccupiedRow(u"github"_s)));
        QVERIFY(splitter->sizes().at(1) > before.at(1)); // the tab is wider while inspecting
        tabs()->setCurrentIndex(tabs()->detailsIndex());
        QCOMPARE(splitter->sizes(), before);
    }

    // Issue 26, item 15: opening Inspect gave the table 30 % of the window, which cut the ids to
    // "d6a80…ecd28" behind a horizontal scroll bar. The table keeps its ids whole and in view; the Inspect
    // page fits its side of the split without scrolling sideways.
    void inspectingKeepsTheIdsWhole()
    {
        QVERIFY(inspect(plainOccupiedRow(u"github"_s)));
        QVERIFY(PostedEvents::layoutsSettled());
        QTableView *table = app->sandboxesPage()->view();
        QHeaderView *header = table->horizontalHeader();
        constexpr int id = SandboxListModel::SandboxIdColumn;
        QTRY_VERIFY2(
            header->sectionSize(id) >= ViewSizing::idColumnWidth(table),
            qPrintable(u"%1 < %2"_s.arg(header->sectionSize(id)).arg(ViewSizing::idColumnWidth(table))));
        QVERIFY2(header->sectionViewportPosition(id) + header->sectionSize(id) <= table->viewport()->width(),
                 qPrintable(u"the ids end at %1 of %2"_s
                                .arg(header->sectionViewportPosition(id) + header->sectionSize(id))
                                .arg(table->viewport()->width())));
        for (const QScrollArea *area : tabs()->findChildren<QScrollArea *>())
            if (area->isVisible())
                QVERIFY2(!area->horizontalScrollBar()->isVisible(), qPrintable(DemoApp::describe(area)));
    }

    // A work tab opened at 1280 pixels, then the window made 800x500: the split was the table's 30 % of
    // the wide window, and the narrower one took all it lost from the tree, down to about 70 pixels
    // ("20a9", "fil"). The tree keeps its sandbox ids whole, the pane half of the split.
    void aLocalTreeKeepsItsIdsAt800()
    {
        app->window()->showPage(MainWindow::LocalSandboxesView);
        LocalSandboxesPage *local = app->localPage();
        QTreeView *tree = local->view();
        QVERIFY(QTest::qWaitFor([tree] { return tree->model()->rowCount() > 0; }, 10000));
        tree->expandAll();
        tree->setCurrentIndex(tree->model()->index(0, 0));
        SandboxWorkTabs *localTabs = local->workTabs();
        QVERIFY(QTest::qWaitFor([localTabs] { return localTabs->isTabEnabled(localTabs->inspectIndex()); },
                                10000));
        localTabs->setCurrentIndex(localTabs->inspectIndex());
        QVERIFY(PostedEvents::layoutsSettled());
        app->window()->resize(800, 500);
        QVERIFY(PostedEvents::layoutsSettled());
        const int needed = ViewSizing::idColumnWidth(tree) + tree->indentation();
        QHeaderView *header = tree->header();
        QTRY_VERIFY2(
            header->sectionSize(0) >= needed,
            qPrintable(
                u"names %1 < %2 (tree %3)"_s.arg(header->sectionSize(0)).arg(needed).arg(tree->width())));
        QVERIFY(header->sectionViewportPosition(0) + header->sectionSize(0) <= tree->viewport()->width());
        auto *splitter = qobject_cast<QSplitter *>(localTabs->parentWidget());
        QVERIFY(splitter);
        QVERIFY(localTabs->width() >= splitter->width() / 2 - splitter->handleWidth());
    }

    void aLocalSandboxOffersEachOfItsServers()
    {
        app->window()->showPage(MainWindow::LocalSandboxesView);
        LocalSandboxesPage *local = app->localPage();
        QTreeView *tree = local->view();
        QVERIFY(QTest::qWaitFor([tree] { return tree->model()->rowCount() > 0; }, 10000));
        tree->setCurrentIndex(tree->model()->index(0, 0));
        SandboxWorkTabs *localTabs = local->workTabs();
        QVERIFY(QTest::qWaitFor([localTabs] { return localTabs->serverChoice()->count() > 1; }, 10000));
        const int filesystem = localTabs->serverChoice()->findText(u"filesystem"_s);
        QVERIFY(filesystem >= 0);
        localTabs->setCurrentIndex(localTabs->inspectIndex());
        localTabs->serverChoice()->setCurrentIndex(filesystem);
        InspectPage *page = localTabs->currentInspectPage();
        QVERIFY(page);
        QVERIFY(QTest::qWaitFor([page] { return page->toolModel()->rowCount() > 0; }, 10000));
        QVERIFY(page->selectTool(u"filesystem_read_text_file"_s));
    }
};

QTEST_MAIN(TestInspectTab)
#include "tst_inspecttab.moc"
