#include "common/statusicons.h"

#include <QHash>
#include <QPainter>
#include <QPixmap>

using namespace Qt::StringLiterals;

QColor StatusIcons::color(const QString &status)
{
    const QString word = status.trimmed().toLower();
    if (word == u"idle"_s)
        return QColor(0x2f, 0xa8, 0x4f); // green
    if (word == u"occupied"_s)
        return QColor(0x3b, 0x82, 0xf6); // blue
    if (word == u"error"_s)
        return QColor(0xe5, 0x48, 0x4d); // red
    return QColor(0x8b, 0x90, 0x98);     // grey: a status this version does not know
}

QIcon StatusIcons::icon(const QString &status)
{
    return dot(color(status));
}

QIcon StatusIcons::dot(const QColor &fill)
{
    // Views ask for the icon once per painted cell: paint each colour once.
    static QHash<QRgb, QIcon> cache;
    auto it = cache.find(fill.rgb());
    if (it == cache.end())
        it = cache.insert(fill.rgb(), paintIcon(fill));
    return *it;
}

QIcon StatusIcons::paintIcon(const QColor &fill)
{
    QIcon result;
    // Pixmaps at every common logical size and at 1x/2x, so HiDPI screens get sharp edges instead of a
    // scaled-up 16 px bitmap.
    for (const int logical : {8, 12, 16, 22, 32}) {
        for (const qreal ratio : {1.0, 2.0}) {
            result.addPixmap(paintDot(fill, logical, ratio, false), QIcon::Normal);
            result.addPixmap(paintDot(fill, logical, ratio, true), QIcon::Selected);
        }
    }
    return result;
}

QPixmap StatusIcons::paintDot(const QColor &fill, int logical, qreal ratio, bool selected)
{
    const int device = qRound(logical * ratio);
    QPixmap pixmap(device, device);
    pixmap.fill(Qt::transparent);
    pixmap.setDevicePixelRatio(ratio);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    const qreal rim = qMax(1.0, logical / 16.0);
    // A circle a little smaller than the cell, like a LED; the darker rim keeps it visible on a
    // background of a similar lightness.
    const qreal diameter = logical * 0.62;
    const QRectF circle((logical - diameter) / 2.0, (logical - diameter) / 2.0, diameter, diameter);
    if (selected) {
        // On the selection highlight (a saturated blue in most palettes) the blue "occupied" dot
        // would vanish: a white ring around it reads on any highlight colour.
        const qreal ring = 1.5 * rim;
        painter.setPen(Qt::NoPen);
        painter.setBrush(Qt::white);
        painter.drawEllipse(circle.adjusted(-ring, -ring, ring, ring));
    }
    painter.setPen(QPen(fill.darker(135), rim));
    painter.setBrush(fill);
    painter.drawEllipse(circle);
    painter.end();
    return pixmap;
}
