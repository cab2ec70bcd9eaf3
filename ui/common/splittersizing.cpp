#include "common/splittersizing.h"

#include <QEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>

namespace {

constexpr int listIndex = 0;
constexpr int paneIndex = 1;

} // namespace

SplitterSizing::SplitterSizing(QSplitter *splitter) : QObject(splitter), m_splitter(splitter)
{
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setStretchFactor(listIndex, 1);
    m_splitter->setStretchFactor(paneIndex, 0);
    m_splitter->installEventFilter(this);
}

void SplitterSizing::restore(const QByteArray &saved)
{
    // Sizes only make sense at the splitter's real width, which a window restoring its state before
    // it is shown does not have yet: check (and maybe replace) them on the first real resize.
    m_useDefault = !m_splitter->restoreState(saved);
    if (m_splitter->isVisible() && m_splitter->width() > 0) {
        if (m_useDefault || !plausible())
            applyDefault();
        return;
    }
    m_pending = true;
}

int SplitterSizing::defaultPaneWidth(int total) const
{
    const QWidget *pane = m_splitter->widget(paneIndex);
    // A pane that scrolls reports a tiny minimum; what it needs is its content's, or it scrolls
    // sideways too. Only what is shown counts: a tab behind it gets its room when chosen.
    int needed = pane->minimumSizeHint().width();
    for (const QScrollArea *scroll : pane->findChildren<QScrollArea *>()) {
        if (!scroll->widget() || !scroll->isVisibleTo(pane))
            continue;
        const int bar = scroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, scroll);
        needed =
            std::max(needed, scroll->widget()->minimumSizeHint().width() + bar + 2 * scroll->frameWidth());
    }
    return std::max(needed, std::min(int(total * 0.3), 460));
}

bool SplitterSizing::plausible() const
{
    const QList<int> sizes = m_splitter->sizes();
    const int total = sizes.value(0) + sizes.value(1);
    return total > 0 && sizes.value(paneIndex) <= total * maximumPaneShare;
}

void SplitterSizing::applyDefault()
{
    const int total = std::max(m_splitter->width() - m_splitter->handleWidth(), 1);
    const int pane = defaultPaneWidth(total);
    QList<int> sizes{0, 0};
    sizes[listIndex] = std::max(total - pane, 1);
    sizes[paneIndex] = pane;
    m_splitter->setSizes(sizes);
}

bool SplitterSizing::eventFilter(QObject *watched, QEvent *event)
{
    // A page behind a QStackedWidget gets its real width while hidden and no resize when it is
    // shown: decide on every resize until the splitter has been seen, and once more when it is.
    const bool shown = event->type() == QEvent::Show;
    if (m_pending && watched == m_splitter && (shown || event->type() == QEvent::Resize) &&
        m_splitter->width() > 0) {
        if (m_useDefault || !plausible())
            applyDefault();
        if (shown || m_splitter->isVisible())
            m_pending = false;
    }
    return QObject::eventFilter(watched, event);
}
