#include "settings/languagesetting.h"

#include <QSettings>

using namespace Qt::StringLiterals;

namespace {

const QString settingsKey = u"ui/language"_s;

QSettings settings()
{
    // The same file as the profiles (ProfileStore), whatever the application's own names are.
    return QSettings(u"SandboxDeck"_s, u"SandboxDeck"_s);
}

} // namespace

QStringList LanguageSetting::available()
{
    return {u"en"_s, u"de"_s};
}

QString LanguageSetting::stored()
{
    const QString code = settings().value(settingsKey).toString();
    // A hand-edited or outdated value means "no choice", not a language we cannot show.
    return available().contains(code) ? code : QString();
}

void LanguageSetting::store(const QString &code)
{
    auto file = settings();
    if (available().contains(code))
        file.setValue(settingsKey, code);
    else
        file.remove(settingsKey);
}

QLocale LanguageSetting::effectiveLocale()
{
    const QString override = qEnvironmentVariable("SANDBOXDECK_LANG").trimmed();
    if (!override.isEmpty())
        return QLocale(override);
    const QString chosen = stored();
    return chosen.isEmpty() ? QLocale::system() : QLocale(chosen);
}
