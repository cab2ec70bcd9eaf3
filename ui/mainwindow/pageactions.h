#pragma once

#include <QCoreApplication>

class MainWindow;

// Shows, enables and names the window's list actions for the page in front: what that page's verbState()
// says, so that an action that does not belong to the view is hidden there (a grey button the user can never
// enable only says "not now" where the truth is "not here").
class PageActions final
{
    Q_DECLARE_TR_FUNCTIONS(PageActions)

public:
    static void update(const MainWindow *window);
};
