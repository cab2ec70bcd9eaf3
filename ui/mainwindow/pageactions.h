#pragma once

#include "mainwindow/mainwindow.h"

#include <QCoreApplication>
#include <QStringList>

// Which of the main window's actions belong to which list page, in the order of its right-click menu, and
// what they say and allow for the selection on the page in front. The one table behind both that menu and
// which actions are shown; the toolbar keeps its own order.
class PageActions final
{
    Q_DECLARE_TR_FUNCTIONS(PageActions)

public:
    // An empty name is a separator. The Transfers page brings its own actions, the Runs page all but Refresh.
    static QStringList names(MainWindow::Page page);
    // Shows the actions of `page` and hides the other pages' ones; enables and names them for its selection.
    static void update(const MainWindow *window, MainWindow::Page page);
};
