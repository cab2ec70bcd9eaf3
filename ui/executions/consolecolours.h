#pragma once

#include "models/ansitextparser.h"

#include <QColor>

class QPalette;

// The colours a console paints log text in. The sixteen named ANSI colours get a shade readable on the
// console's background (a terminal's yellow on a white page is not), the 256-colour cube and 24-bit colours
// are taken as they are. Sandbox prefixes in the follow console take one hue each, light or dark alike.
class ConsoleColours
{
public:
    static bool isDark(const QPalette &palette);
    // An invalid colour for the default: the text's own.
    static QColor of(const AnsiStyle &style, bool darkBackground);
    // The n-th sandbox's colour (cycling through a palette of distinct hues).
    static QColor source(int n, bool darkBackground);
    static constexpr int sourceColourCount = 8;
    // The named ANSI colour of text a process wrote to stderr (red).
    static constexpr int errorIndex = 1;
    // pending, running, completed, failed; anything else (stopped following, error) grey or red.
    static QColor status(const QString &word);
};
