#include "common/elasticcolumn.h"

#include <QAbstractItemView>
#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QStyle>
#include <QTimer>

ElasticColumn::ElasticColumn(QAbstractItemView *view, QHeaderView *header, int column, int fullWidth)
    : QObject(view), m_view(view), m_header(header), m_column(column), m_fullWidth(fullWidth)
{
    m_viewport = view->viewport();
    m_viewport->installEventFilter(this);
    // The widths the page chose are the floor when columns have to give width back.
    for (int logical = 0; logical < header->count(); ++logical)
        m_designWidths.append(header->sectionSize(logical));
    // Columns shown, hidden or moved change what is left for the elastic one.
    connect(header, &QHeaderView::sectionCountChanged, this, &ElasticColumn::fit);
    connect(header, &QHeaderView::sectionMoved, this, &ElasticColumn::fit);
    // Another column made wider or narrower (by the user or a restored header): the ids give or take.
    connect(header, &QHeaderView::sectionResized, this, [this](int logical) {
        if (logical != m_column && !m_fitting)
            scheduleFit();
    });
    // What the last column needs depends on the rows, which arrive after the first resize.
    if (QAbstractItemModel *model = view->model()) {
        connect(model, &QAbstractItemModel::rowsInserted, this, &ElasticColumn::scheduleFitForRows);
        connect(model, &QAbstractItemModel::modelReset, this, &ElasticColumn::scheduleFitForRows);
        connect(model, &QAbstractItemModel::layoutChanged, this, &ElasticColumn::scheduleFitForRows);
    }
}

void ElasticColumn::scheduleFitForRows()
{
    // Measuring the rows shapes their text (about 27 ms for a screenful): a list applied in steps would
    // pay it after every step and miss frames. Rows settle within a quarter second; a drag does not wait.
    if (m_rowsScheduled)
        return;
    m_rowsScheduled = true;
    QTimer::singleShot(250, this, [this] {
        m_rowsScheduled = false;
        fit();
    });
}

void ElasticColumn::scheduleFit()
{
    // Coalesced: a refresh inserts rows in many steps, and a drag resizes a section at every move.
    if (m_scheduled)
        return;
    m_scheduled = true;
    QTimer::singleShot(0, this, [this] {
        m_scheduled = false;
        fit();
    });
}

bool ElasticColumn::eventFilter(QObject *watched, QEvent *event)
{
    // The type first, and the viewport as it was when watched: while the view is destroyed its viewport
    // still sends events, and the view is no longer a scroll area to ask.
    if ((event->type() == QEvent::Resize || event->type() == QEvent::Show) && watched == m_viewport)
        fit();
    return QObject::eventFilter(watched, event);
}

int ElasticColumn::lastVisibleColumn() const
{
    for (int visual = m_header->count() - 1; visual >= 0; --visual) {
        const int logical = m_header->logicalIndex(visual);
        if (!m_header->isSectionHidden(logical))
            return logical;
    }
    return -1;
}

int ElasticColumn::neededWidth(int column) const
{
    // The header's own text and what the visible rows need, whichever is wider.
    const int rows = m_view->sizeHintForColumn(column);
    return std::max(m_header->sectionSizeHint(column), rows);
}

void ElasticColumn::fit()
{
    if (m_fitting || m_header->isSectionHidden(m_column) || m_column >= m_header->count())
        return;
    const int available = m_view->viewport()->width();
    if (available <= 0)
        return;
    m_fitting = true;
    const int last = lastVisibleColumn();
    // The last column stretches into what is left; it needs its text, but a long one (a list of server
    // names) may elide rather than take the ids' room. Measured once: it shapes every visible row.
    const int lastNeeds = last >= 0 && last != m_column ? std::min(neededWidth(last), available / 4) : 0;
    // The stretched last column keeps the width it had before stretching as its floor, which can
    // push the row past the viewport: ask for what its text needs, the stretch adds the rest.
    if (last >= 0 && last != m_column && m_header->sectionSize(last) > lastNeeds)
        m_header->resizeSection(last, lastNeeds);
    int others = 0;
    for (int logical = 0; logical < m_header->count(); ++logical) {
        if (logical == m_column || m_header->isSectionHidden(logical))
            continue;
        others += logical == last ? lastNeeds : m_header->sectionSize(logical);
    }
    int floor = std::min(m_fullWidth, std::max(m_header->minimumSectionSize(), m_fullWidth / 3));
    if (m_keepTextWhole)
        floor = std::max(floor, std::min(m_fullWidth, neededWidth(m_column)));
    if (available - others < floor)
        others -= shrinkOthers(floor - (available - others), last);
    int width = std::clamp(available - others, floor, m_fullWidth);
    // Still too wide: the view scrolls sideways anyway. Better the columns after this one out of view
    // than its middle ("d6a80…ecd28"): it takes what the columns before it leave of the viewport.
    if (available - others < floor)
        width = std::clamp(available - widthBefore(), floor, m_fullWidth);
    if (m_header->sectionSize(m_column) != width)
        m_header->resizeSection(m_column, width);
    m_fitting = false;
}

int ElasticColumn::shrinkOthers(int deficit, int last)
{
    // Even shortened ids do not fit: a header saved by an older layout (or a user who widened the tags)
    // keeps columns wider than the page made them. Take the excess back, widest first, never below the
    // page's width or what the column's own text needs: past that a scroll bar beats "o…" for "occupied".
    // The floors do not change while widths are taken back: each column is measured once.
    QList<int> floors(m_header->count(), -1);
    for (int logical = 0; logical < m_header->count(); ++logical) {
        if (logical != m_column && logical != last && !m_header->isSectionHidden(logical))
            floors[logical] = std::max(neededWidth(logical), int(m_designWidths.value(logical)));
    }
    int gained = 0;
    while (gained < deficit) {
        int widest = -1;
        int widestExcess = 0;
        for (int logical = 0; logical < m_header->count(); ++logical) {
            if (floors.at(logical) < 0)
                continue;
            const int excess = m_header->sectionSize(logical) - floors.at(logical);
            if (excess > widestExcess) {
                widest = logical;
                widestExcess = excess;
            }
        }
        if (widest < 0)
            break;
        const int take = std::min(widestExcess, deficit - gained);
        m_header->resizeSection(widest, m_header->sectionSize(widest) - take);
        gained += take;
    }
    return gained;
}

int ElasticColumn::widthBefore() const
{
    int before = 0;
    for (int visual = 0; visual < m_header->visualIndex(m_column); ++visual) {
        const int logical = m_header->logicalIndex(visual);
        if (!m_header->isSectionHidden(logical))
            before += m_header->sectionSize(logical);
    }
    return before;
}

int ElasticColumn::widthShowingWhole() const
{
    const auto *area = qobject_cast<const QAbstractScrollArea *>(m_view);
    const int frame = area ? 2 * area->frameWidth() : 0;
    const int bar = m_view->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_view);
    return widthBefore() + m_fullWidth + frame + bar;
}
