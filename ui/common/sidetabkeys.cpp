#include "common/sidetabkeys.h"

#include <QKeySequence>
#include <QShortcut>
#include <QTabBar>
#include <QTabWidget>

SideTabKeys::SideTabKeys(QTabWidget *tabs, QWidget *page) : QObject(tabs), m_tabs(tabs)
{
    const auto bind = [this, page](QKeyCombination key, int step) {
        auto *shortcut = new QShortcut(QKeySequence(key), page);
        // Only while the focus is in this page: each sandbox page has tabs of its own.
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, [this, step] { move(step); });
    };
    bind(Qt::CTRL | Qt::Key_PageDown, 1);
    bind(Qt::CTRL | Qt::Key_PageUp, -1);
    tabs->tabBar()->setToolTip(tr("Ctrl+PgDown and Ctrl+PgUp show the next and previous tab"));
}

void SideTabKeys::move(int step)
{
    const int count = m_tabs->count();
    if (count < 2)
        return;
    int index = m_tabs->currentIndex();
    for (int tried = 1; tried < count; ++tried) {
        index = (index + step + count) % count;
        if (m_tabs->isTabEnabled(index))
            break;
    }
    m_tabs->setCurrentIndex(index);
    QWidget *shown = m_tabs->currentWidget();
    if (!shown)
        return;
    // Where the focus was in that tab last (the terminal one typed in), else its first widget Tab reaches.
    if (QWidget *last = shown->focusWidget(); last && last->isVisible() && last->isEnabled()) {
        last->setFocus(Qt::TabFocusReason);
        return;
    }
    for (QWidget *next = shown->nextInFocusChain(); next && next != shown; next = next->nextInFocusChain()) {
        if (!shown->isAncestorOf(next))
            continue;
        if ((next->focusPolicy() & Qt::TabFocus) && next->isVisible() && next->isEnabled()) {
            next->setFocus(Qt::TabFocusReason);
            return;
        }
    }
    m_tabs->tabBar()->setFocus(Qt::TabFocusReason);
}
