#pragma once

#include <QColor>
#include <QIcon>
#include <QSize>

// Icons that stay visible on the selection highlight. Qt's generated Selected mode tints an icon
// towards the highlight colour, so a blue-grey line icon on a blue highlight disappears; this gives
// the icon a Selected mode painted in the highlighted-text colour instead.
class HighlightedIcon
{
public:
    static QIcon withSelectedColour(const QIcon &icon, const QColor &onHighlight, QSize logicalSize);
};
