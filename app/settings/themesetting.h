#pragma once

#include <QString>

#include <optional>

// Light, dark or the platform's colours: the user's choice in Settings, and the SANDBOXDECK_THEME
// environment variable (or --theme) above it, for screenshots and tests. Only the choice lives here; the
// widget layer paints it (ThemeApplier).
class ThemeSetting
{
public:
    enum class Theme
    {
        System,
        Light,
        Dark,
    };

    // "system", "light", "dark"; anything else is no theme.
    static std::optional<Theme> fromCode(const QString &code);
    // The stored choice; System when there is none or it is unreadable.
    static Theme stored();
    static void store(Theme theme);
    // SANDBOXDECK_THEME when it names a theme, else the stored choice.
    static Theme effective();

private:
    static QString code(Theme theme);
};
