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
// URLs and regions only: an API key or token is never written here; CredentialStore keeps those in the
// OS keychain. Removing a profile does not delete its key: the caller also calls
// CredentialStore::deleteKey(id), so that this class stays free of keychain I/O.
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
    // The selected profile; the first one when none is selected; invalid when there are no profiles.
    Profile currentProfile() const;
    // Ignored (returns false) for an unknown id.
    bool setCurrentProfile(const QString &id);

    // Adds a profile and returns its id (a new UUID when profile.id is empty), or an empty string when
    // validate() refuses it; lastError() then says why. The first profile added becomes current.
    QString addProfile(Profile profile);
    // Replaces the stored profile with the same id; false (and lastError()) when invalid or unknown.
    bool updateProfile(const Profile &profile);
    // False for an unknown id. Removing the current profile selects the first remaining one.
    bool removeProfile(const QString &id);
    bool isEmpty() const { return m_profiles.isEmpty(); }

    // An empty string when the profile may be stored, else a sentence for the user. A profile's own id
    // is excluded from the uniqueness check, so an unchanged name passes on update.
    QString validate(const Profile &profile) const;
    QString lastError() const { return m_lastError; }

    // Where the profiles are stored; tests read it back to prove no secret ends up there.
    QString settingsFileName() const { return m_settings.fileName(); }

Q_SIGNALS:
    void profilesChanged();
    void currentProfileChanged(const QString &id);

private:
    void load();
    void save();
    qsizetype indexOf(const QString &id) const;

    QSettings m_settings;
    QList<Profile> m_profiles;
    QString m_currentId;
    QString m_lastError;
};
