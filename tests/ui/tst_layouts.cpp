// Layouts that fit (issue 10, items 8 to 10): the real main window on the demo backend at the window
// sizes a user has, checked by geometry and by the pixels it paints.

#include "../postedevents.h"
#include "demoapp.h"

#include "blaxel/blaxelsandboxespage.h"
#include "common/copyablefield.h"
#include "common/rawjsonview.h"
#include "common/viewsizing.h"
#include "inspector/sandboxworktabs.h"
#include "klavis/sandboxdetailspane.h"
#include "local/localsandboxdetailspane.h"
#include "mainwindow/statusbarpanel.h"
#include "models/blaxelsandboxlistmodel.h"
#include "models/localsandboxtreemodel.h"
#include "models/sandboxlistmodel.h"
#include "sandboxlist/sandboxfilterbar.h"

#include <QComboBox>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStyleFactory>
#include <QTextEdit>
#include <QToolButton>

#include <cmath>
#include <memory>

using namespace Qt::StringLiterals;

namespace {

int distance(QColor a, QColor b)
{
    const int red = a.red() - b.red(), green = a.green() - b.green(), blue = a.blue() - b.blue();
    return int(std::sqrt(double(red * red + green * green + blue * blue)));
}

// How far the most different pixel of `area` is from `background`: what stands out of a highlight.
int strongestContrast(const QImage &image, const QRect &area, const QColor &background)
{
    int strongest = 0;
    const QRect inside = area.intersected(image.rect());
    for (int y = inside.top(); y <= inside.bottom(); ++y)
        for (int x = inside.left(); x <= inside.right(); ++x)
            strongest = std::max(strongest, distance(image.pixelColor(x, y), background));
    return strongest;
}

// True when `widget` lies horizontally inside `frame` (both visible): nothing of it is cut off or
// behind a scroll bar.
bool horizontallyInside(const QWidget *widget, const QWidget *frame)
{
    const QRect inFrame(widget->mapTo(frame->window(), QPoint(0, 0)), widget->size());
    const QRect frameRect(frame->mapTo(frame->window(), QPoint(0, 0)), frame->size());
    return widget->isVisible() && inFrame.left() >= frameRect.left() && inFrame.right() <= frameRect.right();
}

} // namespace

class TstLayouts : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // The screenshots and the issue were taken with Fusion: its highlight is the blue the dots hid in.
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
        QApplication::setPalette(QApplication::style()->standardPalette());
    }

    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        QVERIFY(app->waitForSandboxes());
    }

    void cleanup() { app.reset(); }

    void sandboxesListFitsAt1280()
    {
        showAt(QSize(1280, 780));
        QTableView *table = app->sandboxesPage()->view();
        QHeaderView *header = table->horizontalHeader();
        QVERIFY(!table->horizontalScrollBar()->isVisible());
        // Updated is the last column: whole, inside the viewport.
        const int updated = SandboxListModel::UpdatedColumn;
        QVERIFY(header->sectionViewportPosition(updated) + header->sectionSize(updated) <=
                table->viewport()->width());
        QVERIFY2(header->sectionSize(updated) >=
                     static_cast<QAbstractItemView *>(table)->sizeHintForColumn(updated),
                 qPrintable(u"Updated %1 < %2"_s.arg(header->sectionSize(updated))
                                .arg(static_cast<QAbstractItemView *>(table)->sizeHintForColumn(updated))));
        // The list gets the room, the pane what it needs and not half the window.
        auto *splitter = qobject_cast<QSplitter *>(table->parentWidget());
        QVERIFY(splitter);
        const QWidget *pane = app->sandboxesPage()->detailsPane();
        QVERIFY(pane->width() >= pane->minimumSizeHint().width());
        QVERIFY2(pane->width() < splitter->width() * 0.4, qPrintable(QString::number(pane->width())));
        QVERIFY(table->width() > splitter->width() / 2);
    }

    void extraWidthGoesToTheIds()
    {
        showAt(QSize(1280, 780));
        QHeaderView *header = app->sandboxesPage()->view()->horizontalHeader();
        const int id = SandboxListModel::SandboxIdColumn;
        const int updated = SandboxListModel::UpdatedColumn;
        const int idAt1280 = header->sectionSize(id);
        const int updatedAt1280 = header->sectionSize(updated);
        showAt(QSize(1600, 1000));
        QVERIFY(header->sectionSize(id) >= idAt1280);
        // The ids are whole before Updated gets anything more.
        const int fullId = ViewSizing::idColumnWidth(app->sandboxesPage()->view());
        QCOMPARE(header->sectionSize(id), fullId);
        // At 1280 Updated had no more than its text while the ids were short.
        const int updatedNeeds = std::max(
            header->sectionSizeHint(updated),
            static_cast<QAbstractItemView *>(app->sandboxesPage()->view())->sizeHintForColumn(updated));
        if (idAt1280 < fullId)
            QVERIFY2(updatedAt1280 <= updatedNeeds + 1,
                     qPrintable(u"%1 > %2"_s.arg(updatedAt1280).arg(updatedNeeds)));
        QVERIFY(!app->sandboxesPage()->view()->horizontalScrollBar()->isVisible());
    }

    // Blaxel names are what tell sandboxes apart, and "agent…er-02" reads as some other name: at 800 px the
    // names stay whole and the other columns scroll.
    void blaxelNamesStayWholeAt800()
    {
        app->window()->showPage(MainWindow::BlaxelSandboxesView);
        QTableView *table = app->window()->blaxelSandboxesPage()->view();
        QVERIFY(QTest::qWaitFor([table] { return table->model()->rowCount() > 5; }, 10000));
        showAt(QSize(800, 500));
        // The column is measured once the rows have settled, a quarter second after they came.
        constexpr int name = BlaxelSandboxListModel::NameColumn;
        const auto needed = [table] {
            return static_cast<QAbstractItemView *>(table)->sizeHintForColumn(name);
        };
        QTRY_VERIFY2(
            table->horizontalHeader()->sectionSize(name) >= needed(),
            qPrintable(u"%1 < %2"_s.arg(table->horizontalHeader()->sectionSize(name)).arg(needed())));
    }

    void anOldSavedLayoutDoesNotClipTheList()
    {
        showAt(QSize(1280, 780));
        QTableView *table = app->sandboxesPage()->view();
        QHeaderView *header = table->horizontalHeader();
        auto *splitter = qobject_cast<QSplitter *>(table->parentWidget());
        // What an older version saved: wide columns and a pane with most of the window.
        header->resizeSection(SandboxListModel::SandboxIdColumn, 420);
        header->resizeSection(SandboxListModel::TagsColumn, 260);
        splitter->setSizes({400, splitter->width() - 400});
        app->sandboxesPage()->saveState();
        app->sandboxesPage()->restoreState();
        // The old layout is too wide for the list: the fits after the restore (the splitter's resize, the
        // sections' own) give the width back, and the view lays out its scroll bar after them.
        QVERIFY(PostedEvents::layoutsSettled());
        const auto widths = [header] {
            QString text;
            for (int column = 0; column < header->count(); ++column)
                text += u" %1"_s.arg(header->sectionSize(column));
            return text;
        };
        QTRY_VERIFY2(header->length() <= table->viewport()->width() &&
                         !table->horizontalScrollBar()->isVisible(),
                     qPrintable(u"viewport %1, columns%2"_s.arg(table->viewport()->width()).arg(widths())));
        QVERIFY(app->sandboxesPage()->detailsPane()->width() <= splitter->width() / 2);
        // Columns the old layout made wider than their content gave back what the list lacked.
        QVERIFY(header->sectionSize(SandboxListModel::TagsColumn) <= 260);
    }

    void localRowsAreAsHighAsSandboxRows()
    {
        showAt(QSize(1280, 780));
        const int tableRow = app->sandboxesPage()->view()->rowHeight(0);
        app->window()->showPage(MainWindow::LocalSandboxesView);
        QTreeView *tree = waitForLocalRows();
        QCOMPARE(tree->visualRect(tree->model()->index(0, 0)).height(), tableRow);
        const QModelIndex server = tree->model()->index(0, 0, tree->model()->index(0, 0));
        QCOMPARE(tree->visualRect(server).height(), tableRow);
    }

    void localDetailsColumnSaysWhatDiffers()
    {
        showAt(QSize(1280, 780));
        app->window()->showPage(MainWindow::LocalSandboxesView);
        QTreeView *tree = waitForLocalRows();
        const QModelIndex sandbox = tree->model()->index(0, LocalSandboxTreeModel::DetailColumn);
        const int servers = tree->model()->rowCount(sandbox.siblingAtColumn(0));
        QVERIFY(servers >= 2);
        const QString sandboxText = sandbox.data().toString();
        QStringList serverTexts;
        for (int row = 0; row < servers; ++row) {
            const QModelIndex server =
                tree->model()->index(row, LocalSandboxTreeModel::DetailColumn, sandbox.siblingAtColumn(0));
            const QString name = server.siblingAtColumn(LocalSandboxTreeModel::NameColumn).data().toString();
            const QString text = server.data().toString();
            QVERIFY2(text.contains(name), qPrintable(text));
            QVERIFY2(!text.startsWith(u"http"_s), qPrintable(text));
            QVERIFY2(sandboxText.contains(name), qPrintable(sandboxText));
            serverTexts << text;
        }
        serverTexts.removeDuplicates();
        QCOMPARE(serverTexts.size(), servers);
        // The column shows them: its cells are at least a readable width.
        QVERIFY(tree->header()->sectionSize(LocalSandboxTreeModel::DetailColumn) >= 120);
    }

    void localPaneAt800ShowsItsButtonsAndDistinctUrls()
    {
        showAt(QSize(800, 500));
        app->window()->showPage(MainWindow::LocalSandboxesView);
        QTreeView *tree = waitForLocalRows();
        tree->setCurrentIndex(tree->model()->index(0, 0));
        auto *pane = app->localPage()->findChild<LocalSandboxDetailsPane *>();
        QVERIFY(pane);
        QVERIFY(QTest::qWaitFor([pane] { return pane->findChildren<CopyableField *>().size() >= 3; }, 5000));
        QVERIFY(PostedEvents::layoutsSettled()); // the new fields laid out
        // The page was hidden when the window got its size: the split is still the list's.
        SandboxWorkTabs *tabs = app->localPage()->workTabs();
        auto *splitter = qobject_cast<QSplitter *>(tabs->parentWidget());
        QVERIFY(splitter);
        QVERIFY2(tabs->width() <= splitter->width() / 2,
                 qPrintable(u"%1 of %2"_s.arg(tabs->width()).arg(splitter->width())));
        auto *scroll = pane->findChild<QScrollArea *>();
        QVERIFY(scroll);
        QVERIFY(!scroll->horizontalScrollBar()->isVisible());
        QStringList shown;
        for (auto *field : pane->findChildren<CopyableField *>()) {
            if (!field->objectName().startsWith(u"url_"_s))
                continue;
            QVERIFY2(horizontallyInside(field->copyButton(), scroll->viewport()),
                     qPrintable(field->objectName()));
            QCOMPARE(field->copyButton()->toolTip().isEmpty(), false);
            shown << field->displayedText();
        }
        QVERIFY(shown.size() >= 3);
        const qsizetype all = shown.size();
        shown.removeDuplicates();
        QCOMPARE(shown.size(), all);
        for (const char *name :
             {"uploadButton", "saveDumpButton", "extractDumpButton", "copyMcpConfigButton"}) {
            auto *button = pane->findChild<QPushButton *>(QString::fromLatin1(name));
            QVERIFY(button);
            QVERIFY2(horizontallyInside(button, scroll->viewport()), name);
            QVERIFY2(button->width() >= button->sizeHint().width(), name);
        }
    }

    void theWindowFitsEightHundredPixelsWithEveryFilterWhole()
    {
        showAt(QSize(800, 500));
        MainWindow *window = app->window();
        QCOMPARE(window->width(), 800);
        for (int page : {int(MainWindow::SandboxesView), int(MainWindow::LocalSandboxesView)}) {
            window->showPage(MainWindow::Page(page));
            QVERIFY(PostedEvents::layoutsSettled());
            SandboxFilterBar *bar = page == MainWindow::SandboxesView ? app->sandboxesPage()->filterBar()
                                                                      : app->localPage()->filterBar();
            // The facets wrap to a line of their own rather than being squeezed or pushing the window.
            const auto combos = bar->findChildren<QComboBox *>();
            QVERIFY(!combos.isEmpty());
            for (const QComboBox *combo : combos) {
                if (!combo->isVisible())
                    continue;
                const QRect inBar(combo->mapTo(bar, QPoint(0, 0)), combo->size());
                QVERIFY2(bar->rect().contains(inBar), qPrintable(combo->accessibleName()));
                QVERIFY2(combo->width() >= combo->sizeHint().width(), qPrintable(combo->accessibleName()));
            }
            QVERIFY(bar->searchField()->width() >= bar->searchField()->minimumWidth());
        }
        // Wide again: one line.
        showAt(QSize(1600, 1000));
        window->showPage(MainWindow::SandboxesView);
        QVERIFY(PostedEvents::layoutsSettled());
        SandboxFilterBar *bar = app->sandboxesPage()->filterBar();
        const auto combos = bar->findChildren<QComboBox *>();
        for (const QComboBox *combo : combos)
            QCOMPARE(combo->mapTo(bar, QPoint(0, 0)).y(), bar->searchField()->mapTo(bar, QPoint(0, 0)).y());
    }

    void selectedStatusDotStandsOutOfTheHighlight()
    {
        showAt(QSize(1280, 780));
        QTableView *table = app->sandboxesPage()->view();
        int row = 0;
        while (row < table->model()->rowCount() &&
               table->model()->index(row, SandboxListModel::StatusColumn).data().toString() != u"occupied"_s)
            ++row;
        QVERIFY(row < table->model()->rowCount());
        table->selectRow(row);
        QVERIFY(PostedEvents::layoutsSettled()); // what the selection changed in the pane beside
        const QImage image = table->viewport()->grab().toImage();
        const QRect cell = table->visualRect(table->model()->index(row, SandboxListModel::StatusColumn));
        // The dot sits at the start of the cell, a line high.
        const int side = table->fontMetrics().height() + 6;
        // Only the decoration: the cell's white text must not be what stands out.
        const QRect dot(cell.left(), cell.center().y() - side / 2, table->fontMetrics().height() + 4, side);
        const QColor highlight = table->palette().color(QPalette::Active, QPalette::Highlight);
        QVERIFY2(strongestContrast(image, dot, highlight) > 150,
                 qPrintable(QString::number(strongestContrast(image, dot, highlight))));
    }

    void selectedNavigationIconStandsOutOfTheHighlight()
    {
        showAt(QSize(1280, 780));
        auto *navigation = app->window()->findChild<QListWidget *>(u"navigation"_s);
        QVERIFY(navigation);
        QListWidgetItem *current = navigation->currentItem();
        QVERIFY(current && current->isSelected());
        const QImage image = navigation->viewport()->grab().toImage();
        const QRect item = navigation->visualItemRect(current);
        const QRect icon(item.left(), item.top(), navigation->iconSize().width() + 4, item.height());
        const QColor highlight = navigation->palette().color(QPalette::Active, QPalette::Highlight);
        QVERIFY2(strongestContrast(image, icon, highlight) > 150,
                 qPrintable(QString::number(strongestContrast(image, icon, highlight))));
    }

    void statusBarItemsStayPutWhenARequestStarts()
    {
        showAt(QSize(1280, 780));
        StatusBarPanel *panel = app->window()->statusPanel();
        panel->setRequestsInFlight(0);
        QVERIFY(PostedEvents::layoutsSettled());
        QList<QPair<QLabel *, QRect>> before;
        for (QLabel *label : panel->findChildren<QLabel *>())
            if (label->isVisible() && !label->text().isEmpty())
                before.append({label, QRect(label->mapTo(app->window(), QPoint(0, 0)), label->size())});
        QVERIFY(before.size() >= 3);
        panel->setRequestsInFlight(1);
        QVERIFY(PostedEvents::layoutsSettled()); // the layout pass a new text would move the others in
        for (const auto &[label, where] : before)
            QCOMPARE(QRect(label->mapTo(app->window(), QPoint(0, 0)), label->size()), where);
        panel->setRequestsInFlight(12);
        QVERIFY(PostedEvents::layoutsSettled());
        for (const auto &[label, where] : before)
            QCOMPARE(QRect(label->mapTo(app->window(), QPoint(0, 0)), label->size()), where);
    }

    void rawJsonGrowsWithItsContentInsteadOfScrolling()
    {
        showAt(QSize(1280, 780));
        app->sandboxesPage()->view()->selectRow(0);
        SandboxDetailsPane *pane = app->sandboxesPage()->detailsPane();
        auto *raw = pane->findChild<RawJsonView *>();
        QVERIFY(raw);
        QVERIFY(QTest::qWaitFor([raw] { return !raw->text().isEmpty(); }, 5000));
        auto *toggle = raw->findChild<QToolButton *>(u"rawJsonToggle"_s);
        toggle->click();
        QVERIFY(PostedEvents::layoutsSettled());
        QTextEdit *edit = raw->editor();
        QVERIFY(edit->isVisible());
        QVERIFY(!edit->horizontalScrollBar()->isVisible());
        QVERIFY(!edit->verticalScrollBar()->isVisible()); // all lines shown: no scroll bar of its own
        QCOMPARE(edit->verticalScrollBar()->maximum(), 0);
        const int lines = int(raw->text().count(u'\n')) + 1;
        QVERIFY(lines < RawJsonView::maximumLines);
        QVERIFY(edit->height() >= lines * edit->fontMetrics().lineSpacing());
        // The pane scrolls instead: the raw JSON's last line can be scrolled to.
        auto *scroll = pane->findChild<QScrollArea *>();
        QVERIFY(scroll);
        scroll->verticalScrollBar()->setValue(scroll->verticalScrollBar()->maximum());
        QVERIFY(PostedEvents::handled());
        const QPoint bottom = edit->mapTo(scroll->viewport(), QPoint(0, edit->height() - 1));
        QVERIFY(scroll->viewport()->rect().contains(bottom));
    }

private:
    void showAt(QSize size)
    {
        MainWindow *window = app->window();
        window->resize(size);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QVERIFY(PostedEvents::layoutsSettled()); // the first resize settles the splitter and the columns
    }

    QTreeView *waitForLocalRows()
    {
        QTreeView *tree = app->localPage()->view();
        if (!QTest::qWaitFor([tree] { return tree->model()->rowCount() > 0; }, 10000))
            return tree;
        tree->expandAll();
        (void)PostedEvents::layoutsSettled(); // a failure shows in the caller's checks of the rows
        return tree;
    }

    std::unique_ptr<DemoApp> app;
};

QTEST_MAIN(TstLayouts)
#include "tst_layouts.moc"
