#pragma once

#include <QList>
#include <QString>
#include <QUrl>

#include <optional>

// One account the app can talk to: which provider and API, where, and for which workspace or upload region.
// It holds no secret: the API key lives in the keychain under the profile's id (see CredentialStore).
struct Profile
{
    // Klavis releases sandboxes back to a pool; Blaxel deletes them for good. A profile stored before
    // profiles had a provider is a Klavis one.
    enum class Provider
    {
        Klavis,
        Blaxel,
    };

    QString id;   // stable (a UUID), also the keychain key; never shown to the user
    QString name; // what the user calls it, unique among profiles
    QUrl baseUrl; // e.g. KlavisHosts::defaultBaseUrl(); empty for a demo profile until the emulator runs
    QString region = QStringLiteral("us"); // Klavis: "us" or "asia", where local-sandbox workspaces go
    bool demo = false;                     // talks to the built-in emulator, needs no key
    Provider provider = Provider::Klavis;
    QString workspace{}; // Blaxel: the X-Blaxel-Workspace every call names; empty for Klavis

    bool isValid() const { return !id.isEmpty(); }
    bool isBlaxel() const { return provider == Provider::Blaxel; }

    // Klavis first: the default everywhere.
    static QList<Provider> providers() { return {Provider::Klavis, Provider::Blaxel}; }
    // "klavis", "blaxel": the settings file's words, never translated.
    static QString providerId(Provider provider);
    static std::optional<Provider> providerFromId(const QString &id);
    // "Klavis", "Blaxel": the products' own names, shown as they are.
    static QString providerName(Provider provider);
    // KlavisHosts::defaultBaseUrl() or BlaxelHosts::defaultBaseUrl().
    static QUrl defaultBaseUrl(Provider provider);

    friend bool operator==(const Profile &, const Profile &) = default;
};
