#pragma once

#include "settings/themesetting.h"

#include <QPalette>

// Paints the application in a ThemeSetting: the Fusion style with a dark or a light palette, or the style
// and palette the platform gave at start-up. Takes effect at once in every open window.
class ThemeApplier
{
public:
    static void apply(ThemeSetting::Theme theme);
    static QPalette darkPalette();
    static QPalette lightPalette();
};
