#include "settings/settingsfile.h"

using namespace Qt::StringLiterals;

QSettings SettingsFile::open()
{
    return QSettings(u"SandboxDeck"_s, u"SandboxDeck"_s);
}

QString SettingsFile::text(const QString &key)
{
    return open().value(key).toString();
}

void SettingsFile::setText(const QString &key, const QString &value)
{
    QSettings file = open();
    if (value.isEmpty())
        file.remove(key);
    else
        file.setValue(key, value);
}
