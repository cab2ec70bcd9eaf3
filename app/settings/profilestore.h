#pragma once

#include "settings/profile.h"

#include <QList>
#include <QObject>
#include <QPair>
#include <QSettings>
#include <QString>
#include <QStringList>
#include <QUrl>

// The user's profiles, kept in QSettings (organization and application "SandboxDeck"). It stores names,
// providers, URLs, regions and workspaces only: an API key or token is never written here; CredentialStore
// keeps those in the OS keychain. Removing a profile does not delete its key: the caller also calls
// CredentialStore::deleteKey(id), so that this class stays free of keychain I/O.
//
// Each provider has its own current profile, so that one Klavis and one Blaxel account can be connected
// at the same time. currentProfile() and currentProfileChanged() without a provider are the Klavis ones,
// as they were before profiles had a provider.
class ProfileStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProfileStore)

public:
    explicit ProfileStore(QObject *parent = nullptr);
    ~ProfileStore() override;

    // The regions local-sandbox uploads accept: "us", "asia".
    static QStringList regions();

    QList<Profile> profiles() const { return m_profiles; }
    // The profile with this id, or an invalid Profile when there is none.
    Profile profile(const QString &id) const;
    // The selected Klavis profile; the first Klavis one when none is selected; invalid when there is none.
    Profile currentProfile() const { return currentProfile(Profile::Provider::Klavis); }
    // The same for any provider.
    Profile currentProfile(Profile::Provider provider) const;
    // Makes the profile current for its own provider; the other provider's stays. Ignored (returns false)
    // for an unknown id.
    bool setCurrentProfile(const QString &id);

    // Adds a profile and returns its id (a new UUID when profile.id is empty), or an empty string when
    // validate() refuses it; lastError() then says why. The first profile of a provider becomes its current.
    QString addProfile(Profile profile);
    // Replaces the stored profile with the same id; false (and lastError()) when invalid or unknown.
    bool updateProfile(const Profile &profile);
    // False for an unknown id. Removing a current profile selects the first remaining one of its provider.
    bool removeProfile(const QString &id);
    bool isEmpty() const { return m_profiles.isEmpty(); }

    // An empty string when the profile may be stored, else a sentence for the user. A profile's own id
    // is excluded from the uniqueness check, so an unchanged name passes on update.
    QString validate(const Profile &profile) const;
    // The name's part of validate(): empty or taken. Lets a form put the sentence beside the name field.
    QString nameProblem(const Profile &profile) const;
    // A Blaxel workspace name as the API takes it in a header: 1 to 128 letters, digits, "-", "_" or ".",
    // starting with a letter or digit. Empty when fine, else a sentence (which never repeats the name).
    static QString workspaceProblem(const QString &workspace);
    // The stored Blaxel profile for this workspace and API root (a trailing slash aside), or an invalid
    // Profile: what an import skips.
    Profile blaxelProfileFor(const QString &workspace, const QUrl &baseUrl) const;
    // A name no profile has: base, else "base 2", "base 3", ...
    QString unusedName(const QString &base) const;
    QString lastError() const { return m_lastError; }

    // Where the profiles are stored; tests read it back to prove no secret ends up there.
    QString settingsFileName() const { return m_settings.fileName(); }

Q_SIGNALS:
    void profilesChanged();
    // The current Klavis profile changed, or its URL or region did: its listeners reconnect.
    void currentProfileChanged(const QString &id);
    // The same for the current Blaxel profile (its URL or workspace).
    void currentBlaxelProfileChanged(const QString &id);

private:
    void load();
    void save();
    qsizetype indexOf(const QString &id) const;
    QString &storedCurrentId(Profile::Provider provider);
    // The current profile of each provider before a change, to signal those that changed after it.
    struct CurrentIds
    {
        QString klavis;
        QString blaxel;
    };
    CurrentIds currentIds() const;
    // Signals each provider whose current profile changed, or is `touched` (its fields changed).
    void signalCurrentChanges(const CurrentIds &before, const QString &touched);

    QSettings m_settings;
    QList<Profile> m_profiles;
    // As stored: may name a removed profile or one of another provider; currentProfile() falls back.
    QString m_currentKlavisId;
    QString m_currentBlaxelId;
    QString m_lastError;
};
