#pragma once

// What tst_profilestore and tst_profilestoreproviders share: a throwaway settings file under ~/.qttest,
// cleared before each test, and the profiles they add.

#include "settings/profilestore.h"

#include <QSettings>
#include <QStandardPaths>
#include <QTest>

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
