#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

// The language of the interface: the system's unless the user chose one in Settings, and the
// SANDBOXDECK_LANG environment variable above both (for tests and screenshots). The choice also sets the
// number and date formats, so that "1,5 MB" and "1.5 MB" never mix in one window.
class LanguageSetting
{
public:
    // The languages the build ships a translation for, as language codes ("en", "de").
    static QStringList available();
    // The stored choice: a code from available(), or empty for the system's language.
    static QString stored();
    static void store(const QString &code);
    // SANDBOXDECK_LANG when set, else the stored choice, else the system locale (which follows LANGUAGE,
    // LC_ALL and LANG).
    static QLocale effectiveLocale();
};
