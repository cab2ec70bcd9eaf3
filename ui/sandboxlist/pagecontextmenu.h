#pragma once

#include <QList>

class QAbstractItemView;
class QAction;
class QPoint;
class QMenu;
class QWidget;

// The right-click menu of a list: the window's actions that belong to the view, in the order given. A null
// entry is a separator; hidden actions are left out, disabled ones shown as such, and separators never
// start, end or double up.
class PageContextMenu
{
public:
    static QMenu *build(const QList<QAction *> &actions, QWidget *parent);
    // Right click at `position` in `view`: a row outside the selection becomes the selection first (as in
    // every file manager), then the menu pops up there; nothing shows when no action applies.
    static void popup(QAbstractItemView *view, const QPoint &position, const QList<QAction *> &actions,
                      QWidget *parent);
};
