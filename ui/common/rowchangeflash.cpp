#include "common/rowchangeflash.h"

#include <QAbstractItemView>
#include <QCoreApplication>
#include <QHeaderView>
#include <QPainter>
#include <QPaintEvent>
#include <QTimer>

RowChangeFlash::RowChangeFlash(QAbstractItemView *view, KeyOf keyOf)
    : QObject(view), m_view(view), m_keyOf(std::move(keyOf)), m_timer(new QTimer(this))
{
    m_clock.start();
    m_timer->setInterval(50); // 20 steps a second: a smooth fade at little cost
    connect(m_timer, &QTimer::timeout, this, &RowChangeFlash::tick);
    m_view->viewport()->installEventFilter(this);
}

void RowChangeFlash::flash(const QStringList &keys)
{
    if (keys.size() > maxKeys)
        return;
    const qint64 now = m_clock.elapsed();
    for (const auto &key : keys)
        m_started.insert(key, now);
    if (!m_started.isEmpty() && !m_timer->isActive())
        m_timer->start();
    m_view->viewport()->update();
}

qreal RowChangeFlash::strength(const QString &key) const
{
    const auto it = m_started.constFind(key);
    if (it == m_started.cend())
        return 0;
    const qint64 age = m_clock.elapsed() - *it;
    return age >= durationMs ? 0 : 1.0 - qreal(age) / durationMs;
}

void RowChangeFlash::tick()
{
    const qint64 now = m_clock.elapsed();
    m_started.removeIf([now](const auto &entry) { return now - entry.value() >= durationMs; });
    if (m_started.isEmpty())
        m_timer->stop();
    m_view->viewport()->update();
}

bool RowChangeFlash::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::Paint || m_painting || m_started.isEmpty())
        return QObject::eventFilter(watched, event);
    // The view paints first, then the fade goes over it: under it, opaque row backgrounds would hide it.
    m_painting = true;
    QCoreApplication::sendEvent(watched, event);
    m_painting = false;
    paintOverlay();
    return true;
}

void RowChangeFlash::paintOverlay()
{
    QWidget *viewport = m_view->viewport();
    QPainter painter(viewport);
    QColor colour = m_view->palette().color(QPalette::Highlight);
    const int width = viewport->width();
    // Walk the visible rows from the top: at most a screenful of key lookups per frame.
    for (int y = 0; y < viewport->height();) {
        const QModelIndex index = m_view->indexAt(QPoint(1, y));
        if (!index.isValid())
            break;
        const QRect rect = m_view->visualRect(index);
        if (rect.height() <= 0)
            break;
        if (const qreal level = strength(m_keyOf(index)); level > 0) {
            colour.setAlphaF(float(0.35 * level));
            painter.fillRect(QRect(0, rect.top(), width, rect.height()), colour);
        }
        y = rect.bottom() + 1;
    }
}
