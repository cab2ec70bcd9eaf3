#pragma once

#include <QColor>

class QLabel;
class QPalette;

// The colour of error and warning text, for FormDialog's error lines and the upload dialog's warning. It
// depends on the palette, so owners re-apply it when the palette changes (a theme switch).
class ErrorColour
{
public:
    // A deep red on light windows, a soft one on dark: readable on both.
    static QColor on(const QPalette &palette);
    // Gives `label` that colour for `windowPalette` (the dialog's). Set on the label only, so that this does
    // not re-enter the dialog's changeEvent.
    static void applyTo(QLabel *label, const QPalette &windowPalette);
};
