#pragma once

// What tst_profilestore and tst_profilestoreproviders share: a throwaway settings file under ~/.qttest,
// cleared before each test, and the profiles they add.

#include "settings/profilestore.h"

#include <QList>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QVariantMap>

namespace ProfileTest {

using namespace Qt::StringLiterals;

// For initTestCase(): never touch a real user's settings, QSettings now lives under ~/.qttest.
inline void useTestSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings settings(u"SandboxDeck"_s, u"SandboxDeck"_s);
    QVERIFY2(settings.fileName().contains(u".qttest"_s), qPrintable(settings.fileName()));
}

// For init(): each test starts with no profiles.
inline void clearSettings()
{
    QSettings settings(u"SandboxDeck"_s, u"SandboxDeck"_s);
    settings.clear();
    settings.sync();
}

// Profiles as an older, newer or damaged file holds them, written past ProfileStore: one map of keys per
// array entry, and the current profile's id when given.
inline void writeStoredProfiles(const QList<QVariantMap> &entries, const QString &current = {})
{
    QSettings settings(u"SandboxDeck"_s, u"SandboxDeck"_s);
    settings.beginWriteArray(u"profiles"_s, int(entries.size()));
    for (qsizetype index = 0; index < entries.size(); ++index) {
        settings.setArrayIndex(int(index));
        for (auto key = entries.at(index).cbegin(); key != entries.at(index).cend(); ++key)
            settings.setValue(key.key(), key.value());
    }
    settings.endArray();
    if (!current.isEmpty())
        settings.setValue(u"currentProfile"_s, current);
}

inline Profile makeProfile(const QString &name, const QString &url = u"https://api.example.com"_s,
                           const QString &region = u"us"_s)
{
    Profile profile;
    profile.name = name;
    profile.baseUrl = QUrl(url);
    profile.region = region;
    return profile;
}

inline Profile makeBlaxel(const QString &name, const QString &workspace,
                          const QString &url = u"https://api.blaxel.ai/v0"_s)
{
    Profile profile = makeProfile(name, url);
    profile.provider = Profile::Provider::Blaxel;
    profile.workspace = workspace;
    return profile;
}

} // namespace ProfileTest
