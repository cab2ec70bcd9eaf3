#include "settings/themesetting.h"

#include "settings/settingsfile.h"

using namespace Qt::StringLiterals;

namespace {

const QString settingsKey = u"ui/theme"_s;

} // namespace

std::optional<ThemeSetting::Theme> ThemeSetting::fromCode(const QString &code)
{
    const QString lower = code.trimmed().toLower();
    if (lower == u"system")
        return Theme::System;
    if (lower == u"light")
        return Theme::Light;
    if (lower == u"dark")
        return Theme::Dark;
    return std::nullopt;
}

QString ThemeSetting::code(Theme theme)
{
    switch (theme) {
    case Theme::Light:
        return u"light"_s;
    case Theme::Dark:
        return u"dark"_s;
    case Theme::System:
        break;
    }
    return u"system"_s;
}

ThemeSetting::Theme ThemeSetting::stored()
{
    // A hand-edited value means "no choice", not a theme we cannot paint.
    return fromCode(SettingsFile::text(settingsKey)).value_or(Theme::System);
}

void ThemeSetting::store(Theme theme)
{
    SettingsFile::setText(settingsKey, theme == Theme::System ? QString() : code(theme));
}

ThemeSetting::Theme ThemeSetting::effective()
{
    return fromCode(qEnvironmentVariable("SANDBOXDECK_THEME")).value_or(stored());
}
