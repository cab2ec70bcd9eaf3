#pragma once

#include <QList>

class MainWindow;
class QAbstractItemView;
class QAction;
class QListWidget;
class QStackedWidget;
class QWidget;
class RefreshIntervalChoice;
class StatusBarPanel;

// How the main window is put together: the navigation list with one entry per page, the page stack beside
// it, the status bar, the toolbar and the views' right-click menus. The window keeps the behaviour (which
// action goes where, what a page switch refreshes); this keeps the construction out of its way.
class MainWindowLayout final
{
public:
    // The toolbar's items that only some views show; MainWindow::updateActionStates hides the others.
    struct ToolBarItems
    {
        QList<QAction *> transferActions; // the Transfers page's own
        QList<QAction *> runActions;      // the Runs page's own
        QAction *newRun = nullptr;        // New Run's button, on the Runs view's toolbar only
        QList<QAction *> listOnly;        // the refresh interval: lists refresh, transfers do not
    };

    // One entry per page, in MainWindow::Page order, with the pages' titles and icons.
    static void fillNavigation(QListWidget *navigation);
    // The navigation beside the stack of `pages` (in Page order) as the central widget; the panel in the
    // status bar.
    static void placePages(MainWindow *window, QListWidget *navigation, QStackedWidget *stack,
                           const QList<QWidget *> &pages, StatusBarPanel *statusPanel);
    static ToolBarItems createToolBar(MainWindow *window, RefreshIntervalChoice *interval,
                                      const QList<QAction *> &transferActions,
                                      const QList<QAction *> &runActions);
    // The window's contextMenuActions() on a right click in any of `views`.
    static void connectContextMenus(MainWindow *window, const QList<QAbstractItemView *> &views);
};
