#pragma once

#include <QObject>

class QTabWidget;
class QWidget;

// Ctrl+PgDown and Ctrl+PgUp show a page's next and previous side tab from anywhere in the page (its list
// too, where QTabWidget's own keys do not reach), and put the focus into the tab shown: with the keyboard
// alone, the tabs are one key away. The tab bar's tooltip says so.
class SideTabKeys final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SideTabKeys)

public:
    SideTabKeys(QTabWidget *tabs, QWidget *page);

    // The tab `step` away from the current one (wrapping, skipping disabled tabs), shown with the focus in
    // it.
    void move(int step);

private:
    QTabWidget *m_tabs;
};
