#pragma once

#include <QList>

class QAction;
class QMenu;
class QWidget;

// The right-click menu of a list: the window's actions that belong to the view, in the order given. A null
// entry is a separator; hidden actions are left out, disabled ones shown as such, and separators never
// start, end or double up.
class PageContextMenu
{
public:
    static QMenu *build(const QList<QAction *> &actions, QWidget *parent);
};
