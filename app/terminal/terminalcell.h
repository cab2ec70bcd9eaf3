#pragma once

#include <QList>
#include <QString>

// A colour as the screen model knows it, without QtGui: the terminal's default (the view's palette) or
// 0xRRGGBB, indexed colours already resolved through libvterm's palette.
struct TerminalColor
{
    bool isDefault = true;
    quint32 rgb = 0;

    friend bool operator==(const TerminalColor &, const TerminalColor &) = default;
};

// One cell of the screen or of a scrollback line. A wide character takes two cells: the first has width 2
// and the text, the second width 0 and none.
struct TerminalCell
{
    QString text; // empty: a blank
    quint8 width = 1;
    quint8 underline = 0; // 0 none, 1 single, 2 double, 3 curly
    bool bold = false;
    bool italic = false;
    bool reverse = false;
    bool strike = false;
    TerminalColor foreground;
    TerminalColor background;

    friend bool operator==(const TerminalCell &, const TerminalCell &) = default;
};

using TerminalLine = QList<TerminalCell>;
