#include "settings/languagesetting.h"

#include "settings/settingsfile.h"

using namespace Qt::StringLiterals;

namespace {

const QString settingsKey = u"ui/language"_s;

} // namespace

QStringList LanguageSetting::available()
{
    return {u"en"_s, u"de"_s};
}

QString LanguageSetting::stored()
{
    const QString code = SettingsFile::text(settingsKey);
    // A hand-edited or outdated value means "no choice", not a language we cannot show.
    return available().contains(code) ? code : QString();
}

void LanguageSetting::store(const QString &code)
{
    SettingsFile::setText(settingsKey, available().contains(code) ? code : QString());
}

QLocale LanguageSetting::effectiveLocale()
{
    const QString override = qEnvironmentVariable("SANDBOXDECK_LANG").trimmed();
    if (!override.isEmpty())
        return QLocale(override);
    const QString chosen = stored();
    return chosen.isEmpty() ? QLocale::system() : QLocale(chosen);
}
