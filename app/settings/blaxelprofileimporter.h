#pragma once

#include "settings/blaxelcredential.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <utility>

class CredentialStore;
class ProfileStore;

// Turns chosen BlaxelCredentials into Blaxel profiles: each gets a profile named "Blaxel <workspace>" (made
// unique) and its key in the keychain. A workspace that already has a profile for the same API root is
// skipped; a profile whose key the keychain refuses is removed again, so that a second import after the
// keychain is fixed creates it (rather than skipping a profile that has no key).
class BlaxelProfileImporter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelProfileImporter)

public:
    struct Report
    {
        QStringList created; // profile names
        QStringList skipped; // workspace names that already had a profile
        QStringList errors;  // sentences, never with a key
        // Some created profile holds an OAuth token: it will stop working when the token expires.
        bool tokenMayExpire = false;
    };

    BlaxelProfileImporter(ProfileStore *profiles, CredentialStore *credentials, QObject *parent = nullptr);
    ~BlaxelProfileImporter() override;

    // Answers with finished(), always from the event loop. Ignored while one runs.
    void start(const QList<BlaxelCredential> &chosen);
    bool isRunning() const { return m_active; }
    const Report &report() const { return m_report; }
    // The ids of the profiles this import created and kept.
    QStringList createdIds() const { return m_createdIds; }

    // A summary for the user: what was created, skipped and what failed.
    static QString describe(const Report &report);

Q_SIGNALS:
    void finished();

private:
    void onKeyWritten(const QString &profileId, const QString &error);
    void finishIfDone();

    ProfileStore *m_profiles;
    CredentialStore *m_credentials;
    Report m_report;
    QStringList m_createdIds;
    // Profile id -> (name, whether its key is an OAuth token), for the keys still being written.
    QHash<QString, std::pair<QString, bool>> m_waiting;
    bool m_active = false; // from start() until finished()
};
