#pragma once

class ElasticColumn;
class QTableView;
class QTreeView;
class QWidget;

// The sizes the list views share, so that the Sandboxes table and the Local sandboxes tree look like
// one application: row height, the elastic id column, the list/details split.
class ViewSizing
{
public:
    // The font's line plus room to breathe: tag chips and status dots need it.
    static int rowHeight(const QWidget *view);
    static void setComfortableRows(QTableView *view);
    static void setComfortableRows(QTreeView *view);

    // What an unelided UUID takes in the view's font, with the cell's margins.
    static int idColumnWidth(const QWidget *view);
    // Gives the elided id column the room the other columns leave (see ElasticColumn).
    // Returns it, for a column of names to keep them whole (ElasticColumn::setKeepTextWhole).
    static ElasticColumn *keepColumnsFitting(QTableView *view, int idColumn);
    static ElasticColumn *keepColumnsFitting(QTreeView *view, int idColumn);
};
