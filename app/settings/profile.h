#pragma once

#include <QString>
#include <QUrl>

// One account the app can talk to: which API, where, and for which upload region. It holds no secret:
// the API key lives in the keychain under the profile's id (see CredentialStore).
struct Profile
{
    QString id;   // stable (a UUID), also the keychain key; never shown to the user
    QString name; // what the user calls it, unique among profiles
    QUrl baseUrl; // e.g. KlavisHosts::defaultBaseUrl(); empty for a demo profile until the emulator runs
    QString region = QStringLiteral("us"); // "us" or "asia": where local-sandbox workspaces go
    bool demo = false;                     // talks to the built-in emulator, needs no key

    bool isValid() const { return !id.isEmpty(); }

    friend bool operator==(const Profile &, const Profile &) = default;
};
