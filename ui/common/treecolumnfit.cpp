#include "common/treecolumnfit.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <utility>

TreeColumnFit::TreeColumnFit(QTreeView *tree, int column, int floor)
    : QObject(tree), m_tree(tree), m_column(column), m_floor(floor), m_timer(new QTimer(this))
{
    // The rows in view only: sizeHintForColumn() would otherwise walk a thousand rows past them.
    tree->header()->setResizeContentsPrecision(0);
    // Coalesced, and after the view has laid out what was expanded.
    m_timer->setSingleShot(true);
    m_timer->setInterval(0);
    connect(m_timer, &QTimer::timeout, this, &TreeColumnFit::fit);
    connect(tree, &QTreeView::expanded, this, [this] { scheduleFit(); });
    connect(tree, &QTreeView::collapsed, this, [this] { scheduleFit(); });
    connect(tree->verticalScrollBar(), &QScrollBar::valueChanged, this, [this] { scheduleFit(false); });
    connect(tree->header(), &QHeaderView::sectionResized, this, [this](int section) {
        if (section == m_column && !m_fitting && m_tree->isVisible())
            m_setByUser = true;
    });
    tree->viewport()->installEventFilter(this);
}

void TreeColumnFit::scheduleFit(bool mayShrink)
{
    m_mayShrink = m_mayShrink || mayShrink;
    m_timer->start();
}

bool TreeColumnFit::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize || event->type() == QEvent::Show)
        scheduleFit();
    return QObject::eventFilter(watched, event);
}

void TreeColumnFit::fit()
{
    const bool mayShrink = std::exchange(m_mayShrink, false);
    if (m_setByUser || !m_tree->isVisible())
        return;
    const int ceiling = std::max(m_floor, m_tree->viewport()->width() / 2);
    const int current = m_tree->columnWidth(m_column);
    // What the view measures: each row's text with its indentation and branch.
    const int needed = static_cast<const QAbstractItemView *>(m_tree)->sizeHintForColumn(m_column);
    int width = std::clamp(needed, m_floor, ceiling);
    if (!mayShrink)
        width = std::max(width, std::min(current, ceiling));
    if (width == current)
        return;
    m_fitting = true;
    m_tree->setColumnWidth(m_column, width);
    m_fitting = false;
}
