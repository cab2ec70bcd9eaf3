#include "common/emptystatehint.h"

#include <QAbstractItemView>
#include <QCoreApplication>
#include <QEvent>
#include <QPainter>

EmptyStateHint::EmptyStateHint(QAbstractItemView *view, const QString &text)
    : QObject(view), m_view(view), m_text(text), m_noRowsText(text)
{
    view->viewport()->installEventFilter(this);
}

void EmptyStateHint::setText(const QString &text)
{
    m_text = text;
    m_view->viewport()->update();
}

void EmptyStateHint::setNoRowsText(const QString &text)
{
    m_noRowsText = text;
    setText(text);
}

void EmptyStateHint::followUnfilteredRows(int unfilteredRows)
{
    setText(unfilteredRows > 0 ? tr("No sandbox matches the filters.") : m_noRowsText);
}

bool EmptyStateHint::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Paint && watched == m_view->viewport() && m_view->model() &&
        m_view->model()->rowCount(m_view->rootIndex()) == 0 && !m_text.isEmpty()) {
        // Let the view paint its background first, then write on top.
        m_view->viewport()->removeEventFilter(this);
        QCoreApplication::sendEvent(m_view->viewport(), event);
        m_view->viewport()->installEventFilter(this);
        QPainter painter(m_view->viewport());
        QColor colour = m_view->palette().color(QPalette::Text);
        colour.setAlphaF(0.6);
        painter.setPen(colour);
        const QRect area = m_view->viewport()->rect().adjusted(24, 24, -24, -24);
        painter.drawText(area, Qt::AlignCenter | Qt::TextWordWrap, m_text);
        return true;
    }
    return QObject::eventFilter(watched, event);
}
