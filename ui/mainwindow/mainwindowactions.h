#pragma once

#include <QHash>
#include <QObject>
#include <QStringList>

class MainWindow;
class QAction;
class QMenuBar;
class RefreshIntervalChoice;

// The main window's actions by name ("acquire", "release", "page0"…), each routed to the page in front,
// and the menu bar that lists them. Which of them a page shows is MainWindow's table.
class MainWindowActions final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindowActions)

public:
    // pageTitles: the navigation's names of the pages, in Page order, for the View menu.
    MainWindowActions(MainWindow *window, const QStringList &pageTitles);

    QAction *action(const QString &name) const;
    void fillMenuBar(QMenuBar *bar, RefreshIntervalChoice *interval) const;

private:
    MainWindow *m_window;
    QHash<QString, QAction *> m_actions;
    QStringList m_pageActionNames; // in page order, for the View menu
};
