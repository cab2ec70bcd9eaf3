#pragma once

#include "settings/profile.h"

#include <QObject>
#include <QString>

class QUrl;

namespace QKeychain {
class Job;
}

// The API key of each profile, kept in the OS keychain through QtKeychain (on Linux, the Secret Service:
// GNOME Keyring or KWallet), under service "SandboxDeck" and key "klavis-api-key/<profileId>" for a Klavis
// profile (the name keys always had, so existing entries still read) or "blaxel-api-key/<profileId>" for a
// Blaxel one. Every call names the profile's provider; Klavis when it does not.
//
// Every call is asynchronous and answers once with a signal, always from the event loop (never from
// inside the call), so the GUI thread never waits for the keychain or for an unlock prompt. Use it from
// the thread that owns it.
//
// Headless override: when the provider's variable is set (KLAVIS_API_KEY, or BL_API_KEY for Blaxel),
// readKey() answers with it without touching the keychain, but only for a profile on that provider's official
// host (Klavis' US and EU presets, Blaxel's api.blaxel.ai) or the one profile named on the app's command line
// (setEnvironmentKeyProfile): a key meant for a provider must not go to whatever custom host a profile
// points at, nor to the other provider. writeKey() and deleteKey() always act on the keychain.
//
// Every key read, from the environment or the keychain, passes ApiKeyPolicy: one with a control character
// is refused with an error (it would inject headers), trailing whitespace is dropped.
//
// The key is never logged, never put into an error string, and never written to a plain file: QtKeychain's
// insecure fallback (which would store it in QSettings) stays off.
class CredentialStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CredentialStore)

public:
    enum class Operation
    {
        Read,
        Write,
        Delete,
    };

    explicit CredentialStore(QObject *parent = nullptr);
    ~CredentialStore() override;

    using Provider = Profile::Provider;

    static QString serviceName(); // "SandboxDeck"
    // "klavis-api-key/<profileId>" or "blaxel-api-key/<profileId>".
    static QString keychainKey(const QString &profileId, Provider provider = Provider::Klavis);
    // "KLAVIS_API_KEY" or "BL_API_KEY": where a headless run puts the key, and what errors name.
    static QString environmentVariable(Provider provider);
    // KLAVIS_API_KEY as ApiKeyPolicy leaves it; empty when unset or refused.
    static QString environmentKey();
    bool keyFromEnvironment(Provider provider = Provider::Klavis) const;
    // Whether the provider's variable, when set, is the key of this profile.
    bool environmentKeyApplies(const QString &profileId, const QUrl &baseUrl,
                               Provider provider = Provider::Klavis) const;
    static bool isOfficialHost(const QUrl &baseUrl, Provider provider = Provider::Klavis);
    // The profile chosen on the command line: the environment key is its key whatever its host.
    void setEnvironmentKeyProfile(const QString &profileId) { m_environmentKeyProfile = profileId; }

    // Answers with keyRead(); key and error both empty when no key is stored for the profile. A locked
    // keyring also reads as "no key": the Secret Service hides locked items (writeKey() then says why).
    // baseUrl decides whether the provider's variable applies (see above).
    void readKey(const QString &profileId, const QUrl &baseUrl, Provider provider = Provider::Klavis);
    // Answers with keyWritten(); error empty on success. An existing key is replaced.
    void writeKey(const QString &profileId, const QString &key, Provider provider = Provider::Klavis);
    // Answers with keyDeleted(); deleting a key that is not there succeeds.
    void deleteKey(const QString &profileId, Provider provider = Provider::Klavis);

    // How long a keychain call may take before it is reported as failed (an unlock prompt counts). The
    // call itself cannot be cancelled, and QtKeychain runs calls one at a time: later calls wait for it.
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    int timeoutMs() const { return m_timeoutMs; }

    // The sentence shown for a QtKeychain error code (QKeychain::Error) and the backend's own message; the
    // way out it names is the provider's variable. Public so that the mapping can be tested without a
    // keychain.
    static QString describeError(Operation operation, int keychainError, const QString &backendMessage,
                                 Provider provider = Provider::Klavis);

Q_SIGNALS:
    void keyRead(const QString &profileId, const QString &key, const QString &error);
    void keyWritten(const QString &profileId, const QString &error);
    void keyDeleted(const QString &profileId, const QString &error);

private:
    void start(Operation operation, const QString &profileId, Provider provider, QKeychain::Job *job,
               const QString &secret);
    void answer(Operation operation, const QString &profileId, const QString &key, const QString &error);

    int m_timeoutMs = 120'000;
    QString m_environmentKeyProfile;
};
