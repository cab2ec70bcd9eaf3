// The sizing helpers the list pages share, on plain widgets: ElasticColumn's measuring and SplitterSizing's
// split policy.
#include "../postedevents.h"
#include "common/elasticcolumn.h"
#include "common/splittersizing.h"

#include <QHash>
#include <QHeaderView>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

// A real table that counts how often a column's rows are measured (each pass shapes every visible row).
class MeasuringTable : public QTableView
{
public:
    mutable QHash<int, int> measured;

protected:
    int sizeHintForColumn(int column) const override
    {
        ++measured[column];
        return QTableView::sizeHintForColumn(column);
    }
};

} // namespace

class TestViewSizing : public QObject
{
    Q_OBJECT

private slots:
    // One fit measures each column at most once, even when the other columns have to give width back.
    void elasticColumnMeasuresEachColumnOnce()
    {
        QStandardItemModel model(20, 4);
        for (int row = 0; row < model.rowCount(); ++row)
            for (int column = 0; column < model.columnCount(); ++column)
                model.setItem(row, column, new QStandardItem(u"cell %1 %2"_s.arg(row).arg(column)));
        MeasuringTable table;
        table.setModel(&model);
        table.horizontalHeader()->setStretchLastSection(true);
        auto *elastic = new ElasticColumn(&table, table.horizontalHeader(), 0, 300);
        table.resize(400, 300);
        table.show();
        QVERIFY(QTest::qWaitForWindowExposed(&table));
        QVERIFY(PostedEvents::layoutsSettled());
        // Wider columns than fit: shrinkOthers takes width back over several passes.
        table.horizontalHeader()->resizeSection(1, 260);
        table.horizontalHeader()->resizeSection(2, 240);
        QVERIFY(PostedEvents::handled()); // the fit the resizes queued, so that it is not counted below
        table.measured.clear();
        elastic->fit();
        QVERIFY(!table.measured.isEmpty());
        for (auto it = table.measured.cbegin(); it != table.measured.cend(); ++it)
            QVERIFY2(it.value() == 1,
                     qPrintable(u"column %1 measured %2 times"_s.arg(it.key()).arg(it.value())));
    }

    // The split policy lives in SplitterSizing alone: without a saved state the list still gets the
    // room, and extra width goes to it rather than to the pane.
    void splitterSizingAppliesWithoutASavedState()
    {
        QSplitter splitter;
        auto *list = new QWidget(&splitter);
        auto *pane = new QWidget(&splitter);
        pane->setMinimumWidth(120);
        new SplitterSizing(&splitter);
        QVERIFY(!splitter.childrenCollapsible());
        splitter.resize(1000, 400);
        splitter.show();
        QVERIFY(QTest::qWaitForWindowExposed(&splitter));
        QTRY_VERIFY(list->width() > splitter.width() / 2);
        QVERIFY2(pane->width() < splitter.width() * 0.4, qPrintable(QString::number(pane->width())));
        const int paneBefore = pane->width();
        splitter.resize(1400, 400);
        QTRY_COMPARE(splitter.width(), 1400);
        QCOMPARE(pane->width(), paneBefore);
    }
};

QTEST_MAIN(TestViewSizing)
#include "tst_viewsizing.moc"
