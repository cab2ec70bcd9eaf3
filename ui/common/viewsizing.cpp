#include "common/viewsizing.h"

#include "common/elasticcolumn.h"
#include "common/rowheightdelegate.h"

#include <QHeaderView>
#include <QStyle>
#include <QTableView>
#include <QTreeView>

using namespace Qt::StringLiterals;

int ViewSizing::rowHeight(const QWidget *view)
{
    return view->fontMetrics().height() + 12;
}

void ViewSizing::setComfortableRows(QTableView *view)
{
    view->verticalHeader()->setDefaultSectionSize(rowHeight(view));
}

void ViewSizing::setComfortableRows(QTreeView *view)
{
    // A tree has no row header to set a height on: its rows are as high as the tallest cell's size
    // hint, so the default delegate asks for the height (column delegates keep their own painting).
    view->setItemDelegate(new RowHeightDelegate(rowHeight(view), view));
}

int ViewSizing::idColumnWidth(const QWidget *view)
{
    const int margin = view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
    return view->fontMetrics().horizontalAdvance(u"00000000-0000-0000-0000-000000000000"_s) + 4 * margin + 8;
}

ElasticColumn *ViewSizing::keepColumnsFitting(QTableView *view, int idColumn)
{
    return new ElasticColumn(view, view->horizontalHeader(), idColumn, idColumnWidth(view));
}

ElasticColumn *ViewSizing::keepColumnsFitting(QTreeView *view, int idColumn)
{
    // The tree's first column also holds the indentation of the server rows.
    auto *elastic =
        new ElasticColumn(view, view->header(), idColumn, idColumnWidth(view) + view->indentation());
    QObject::connect(view, &QTreeView::expanded, elastic, &ElasticColumn::scheduleFit);
    QObject::connect(view, &QTreeView::collapsed, elastic, &ElasticColumn::scheduleFit);
    return elastic;
}
