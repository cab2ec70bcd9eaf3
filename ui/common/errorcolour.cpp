#include "common/errorcolour.h"

#include <QLabel>
#include <QPalette>

QColor ErrorColour::on(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128 ? QColor(0xff, 0x80, 0x78)
                                                             : QColor(0xc0, 0x1c, 0x28);
}

void ErrorColour::applyTo(QLabel *label, const QPalette &windowPalette)
{
    QPalette labelPalette = label->palette();
    labelPalette.setColor(QPalette::WindowText, on(windowPalette));
    label->setPalette(labelPalette);
}
