#pragma once

#include <QColor>
#include <QIcon>
#include <QPixmap>
#include <QString>

// Small filled circles for sandbox statuses. The hues are fixed (they carry meaning) and were picked to
// read on light and dark palettes alike. Status words are open strings: anything unknown is grey.
class StatusIcons
{
public:
    static QIcon icon(const QString &status);
    static QColor color(const QString &status);
    // A dot of any colour, painted once and kept: for another provider's status words.
    static QIcon dot(const QColor &fill);

private:
    static QIcon paintIcon(const QColor &color);
    static QPixmap paintDot(const QColor &fill, int logical, qreal ratio, bool selected);
};
