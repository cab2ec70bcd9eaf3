#pragma once

#include <QSettings>
#include <QString>

// The one settings file of the app (organization and application "SandboxDeck"), whatever names the
// running executable gives itself: the profiles, the theme and the language share it.
class SettingsFile
{
public:
    static QSettings open();
    // The text under `key`; empty when there is none.
    static QString text(const QString &key);
    // An empty `value` removes the key: "no choice" is stored as no entry, not as an empty one.
    static void setText(const QString &key, const QString &value);
};
