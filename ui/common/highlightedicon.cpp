#include "common/highlightedicon.h"

#include <QPainter>
#include <QPixmap>

QIcon HighlightedIcon::withSelectedColour(const QIcon &icon, const QColor &onHighlight, QSize logicalSize)
{
    QIcon result;
    for (const qreal ratio : {1.0, 2.0}) {
        QPixmap normal = icon.pixmap(logicalSize, ratio, QIcon::Normal);
        result.addPixmap(normal, QIcon::Normal);
        result.addPixmap(icon.pixmap(logicalSize, ratio, QIcon::Disabled), QIcon::Disabled);
        // The same shape (its alpha) filled with one colour.
        QPixmap selected = normal;
        QPainter painter(&selected);
        painter.setCompositionMode(QPainter::CompositionMode_SourceIn);
        painter.fillRect(QRect(QPoint(0, 0), selected.deviceIndependentSize().toSize()), onHighlight);
        painter.end();
        result.addPixmap(selected, QIcon::Selected);
    }
    return result;
}
