#pragma once

#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include <utility>

class QAbstractItemModel;
class QHeaderView;
class QPoint;
class QTableView;

// What the flat sandbox tables (Sandboxes, Blaxel sandboxes, All sandboxes) share: one look, the newest
// rows first, and a header menu that shows or hides columns but never the one that tells rows apart.
class SandboxTable
{
    Q_DECLARE_TR_FUNCTIONS(SandboxTable)

public:
    struct Columns
    {
        int newestFirst;                   // sorted by, descending
        int identifying;                   // elastic, elided in the middle, never hidden
        QList<std::pair<int, int>> widths; // column, pixels
        QList<int> hiddenByDefault;        // the header's menu brings them back
        bool namesNotIds = false;          // the identifying column is names: kept whole, not elided
    };

    static void setUp(QTableView *view, QAbstractItemModel *model, const Columns &columns);
    // One value a line on the clipboard; false when there is nothing to copy.
    static bool copyLines(const QStringList &lines);

private:
    static void showColumnMenu(QHeaderView *header, int identifying, const QPoint &position);
};
