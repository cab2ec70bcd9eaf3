#pragma once

// What the Settings dialog suites share: profiles of each provider, their keys read back from the real
// keychain (the suites run under tests/settings/with-keyring.sh) and the Blaxel CLI fixtures.

#include "catalog/blaxelhosts.h"
#include "catalog/klavishosts.h"
#include "settings/credentialstore.h"
#include "settings/profile.h"

#include <QListWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>

namespace ProfileFixtures {

using namespace Qt::StringLiterals;

constexpr int kWaitMs = 20'000;

inline QString fixture(const QString &name)
{
    return QStringLiteral(SANDBOXDECK_TEST_DATA_DIR) + u"/blaxel/config/"_s + name;
}

// Test paths for QSettings and friends; true when the suite runs beside its own keyring.
inline bool enterTestModeUnderKeyring()
{
    QStandardPaths::setTestModeEnabled(true);
    return !qEnvironmentVariable("SANDBOXDECK_KEYRING_SANDBOX").isEmpty();
}

inline void clearSettings()
{
    QSettings settings(u"SandboxDeck"_s, u"SandboxDeck"_s);
    settings.clear();
    settings.sync();
}

inline QString readKey(CredentialStore &store, const QString &profileId)
{
    QSignalSpy spy(&store, &CredentialStore::keyRead);
    store.readKey(profileId, BlaxelHosts::defaultBaseUrl(), Profile::Provider::Blaxel);
    if (spy.isEmpty() && !spy.wait(kWaitMs))
        return u"no answer"_s;
    const QList<QVariant> args = spy.takeFirst();
    return args.at(2).toString().isEmpty() ? args.at(1).toString() : u"error: "_s + args.at(2).toString();
}

inline Profile klavisProfile(const QString &name)
{
    Profile profile;
    profile.name = name;
    profile.baseUrl = KlavisHosts::defaultBaseUrl();
    return profile;
}

inline Profile blaxelProfile(const QString &name, const QString &workspace)
{
    Profile profile;
    profile.name = name;
    profile.provider = Profile::Provider::Blaxel;
    profile.baseUrl = BlaxelHosts::defaultBaseUrl();
    profile.workspace = workspace;
    return profile;
}

inline QListWidgetItem *itemStartingWith(QListWidget *list, const QString &prefix)
{
    for (int row = 0; row < list->count(); ++row) {
        if (list->item(row)->text().startsWith(prefix))
            return list->item(row);
    }
    return nullptr;
}

} // namespace ProfileFixtures
