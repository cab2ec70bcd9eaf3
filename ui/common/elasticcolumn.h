#pragma once

#include <QList>
#include <QObject>

class QAbstractItemView;
class QHeaderView;

// Keeps a list's columns inside its width by giving one column (the elided one: ids) whatever the
// others leave, between a readable minimum and the width its full text needs. A window made wider
// shows whole ids before widening the last column; a narrower one (or a header saved by an older
// layout) shrinks the ids instead of hiding the last column behind a horizontal scroll bar.
class ElasticColumn final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ElasticColumn)

public:
    // fullWidth: what the column needs to show its longest usual text unelided.
    ElasticColumn(QAbstractItemView *view, QHeaderView *header, int column, int fullWidth);

    // Names rather than ids: a name cut in the middle reads as another name, so the column keeps what its
    // visible rows need (up to fullWidth) and the other columns scroll instead.
    void setKeepTextWhole(bool whole) { m_keepTextWhole = whole; }

    // Recomputes now; called on every viewport resize and after a header was restored.
    void fit();
    // How wide the view has to be to show its columns up to this one with this one whole (frame and
    // vertical scroll bar included): what a list squeezed beside a work tab keeps.
    int widthShowingWhole() const;
    void scheduleFit();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // After rows arrived: measuring them is dear, so a list applied in steps is measured once settled.
    void scheduleFitForRows();
    int lastVisibleColumn() const;
    int neededWidth(int column) const;
    int shrinkOthers(int deficit, int last);
    int widthBefore() const;

    QAbstractItemView *m_view;
    QHeaderView *m_header;
    QWidget *m_viewport = nullptr; // the view's at construction, compared by address only
    int m_column;
    int m_fullWidth;
    bool m_keepTextWhole = false;
    bool m_fitting = false;
    bool m_scheduled = false;
    bool m_rowsScheduled = false;
    QList<int> m_designWidths;
};
