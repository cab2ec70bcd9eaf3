#include "mainwindow/toolbarchevron.h"

#include <QEvent>
#include <QIcon>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>

using namespace Qt::StringLiterals;

namespace {

// "»" in `colour`, pointing along the toolbar (right when horizontal, down when vertical).
QPixmap chevron(int size, qreal ratio, const QColor &colour, Qt::Orientation orientation)
{
    QPixmap pixmap(QSize(size, size) * ratio);
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    if (orientation == Qt::Vertical) {
        painter.translate(size, 0);
        painter.rotate(90);
    }
    QPen pen(colour, std::max(1.5, size / 10.0), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    painter.setPen(pen);
    const qreal top = size * 0.28, bottom = size * 0.72, middle = size / 2.0;
    for (const qreal left : {size * 0.22, size * 0.50}) {
        QPainterPath arrow;
        arrow.moveTo(left, top);
        arrow.lineTo(left + size * 0.22, middle);
        arrow.lineTo(left, bottom);
        painter.drawPath(arrow);
    }
    return pixmap;
}

} // namespace

ToolBarChevron::ToolBarChevron(QToolBar *bar) : QObject(bar), m_bar(bar)
{
    m_button = bar->findChild<QToolButton *>(u"qt_toolbar_ext_button"_s, Qt::FindDirectChildrenOnly);
    if (!m_button)
        return;
    m_button->installEventFilter(this);
    connect(bar, &QToolBar::orientationChanged, this, &ToolBarChevron::update);
    update();
}

bool ToolBarChevron::eventFilter(QObject *watched, QEvent *event)
{
    // The button sets the style's icon again on a style change, after this filter has seen the event:
    // redrawn once the event is through.
    const QEvent::Type type = event->type();
    if (watched == m_button && !m_pending &&
        (type == QEvent::PaletteChange || type == QEvent::ApplicationPaletteChange ||
         type == QEvent::StyleChange)) {
        m_pending = true;
        QTimer::singleShot(0, this, [this] {
            m_pending = false;
            update();
        });
    }
    return QObject::eventFilter(watched, event);
}

void ToolBarChevron::update()
{
    const QPalette palette = m_button->palette();
    const int size = m_button->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, m_button);
    QIcon icon;
    for (const qreal ratio : {1.0, 2.0}) {
        icon.addPixmap(
            chevron(size, ratio, palette.color(QPalette::Active, QPalette::ButtonText), m_bar->orientation()),
            QIcon::Normal);
        icon.addPixmap(chevron(size, ratio, palette.color(QPalette::Disabled, QPalette::ButtonText),
                               m_bar->orientation()),
                       QIcon::Disabled);
    }
    m_button->setIcon(icon);
}
