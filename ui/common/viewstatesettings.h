#pragma once

#include <QString>

class QHeaderView;
class QSplitter;
class SplitterSizing;

// A view's header (columns, widths, order, sort) and its list/details split, kept in the settings under
// one group so that a view opens as it was left.
class ViewStateSettings
{
public:
    static void save(const QString &group, const QHeaderView *header, const QSplitter *splitter = nullptr);
    // A restored header carries the sort: a sorted view applies it to its model as well.
    static void restore(const QString &group, QHeaderView *header, SplitterSizing *splitter = nullptr);
};
