#include "common/sandboxtable.h"

#include "common/elasticcolumn.h"
#include "common/viewsizing.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QMenu>
#include <QTableView>

void SandboxTable::setUp(QTableView *view, QAbstractItemModel *model, const Columns &columns)
{
    view->setModel(model);
    view->setSortingEnabled(true);
    view->sortByColumn(columns.newestFirst, Qt::DescendingOrder);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->setShowGrid(false);
    view->verticalHeader()->hide();
    ViewSizing::setComfortableRows(view);
    auto *header = view->horizontalHeader();
    header->setSectionsMovable(true);
    header->setHighlightSections(false);
    header->setStretchLastSection(true);
    for (const auto &[column, width] : columns.widths)
        view->setColumnWidth(column, width);
    for (const int column : columns.hiddenByDefault)
        header->setSectionHidden(column, true);
    ViewSizing::keepColumnsFitting(view, columns.identifying)->setKeepTextWhole(columns.namesNotIds);
    // Ids and names differ at both ends; the middle is what can go.
    view->setTextElideMode(Qt::ElideMiddle);
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(header, &QHeaderView::customContextMenuRequested, header,
                     [header, identifying = columns.identifying](const QPoint &position) {
                         showColumnMenu(header, identifying, position);
                     });
}

void SandboxTable::showColumnMenu(QHeaderView *header, int identifying, const QPoint &position)
{
    const QAbstractItemModel *model = header->model();
    QMenu menu(header);
    menu.addSection(tr("Columns"));
    for (int column = 0; column < model->columnCount(); ++column) {
        auto *action = menu.addAction(model->headerData(column, Qt::Horizontal).toString());
        action->setCheckable(true);
        action->setChecked(!header->isSectionHidden(column));
        // Hiding it would leave rows that cannot be told apart.
        action->setEnabled(column != identifying);
        QObject::connect(action, &QAction::toggled, header,
                         [header, column](bool shown) { header->setSectionHidden(column, !shown); });
    }
    menu.exec(header->mapToGlobal(position));
}

bool SandboxTable::copyLines(const QStringList &lines)
{
    if (lines.isEmpty())
        return false;
    QGuiApplication::clipboard()->setText(lines.join(u'\n'));
    return true;
}
