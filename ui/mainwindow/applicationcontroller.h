#pragma once

#include "settings/profile.h"

#include <QLocale>
#include <QObject>
#include <QPointer>

#include "preferences/apikeydialog.h"

class AppSession;

class CredentialStore;
class MainWindow;
class ProfileStore;

// Start-up and connection decisions: demo or profile, first run, reading the key from the keychain,
// prompting for a key after a 401/403, and the Settings dialog.
class ApplicationController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApplicationController)

public:
    explicit ApplicationController(QObject *parent = nullptr);
    ~ApplicationController() override;

    // Installs the translation of LanguageSetting::effectiveLocale() (and Qt's own, if present) and makes
    // that locale the default for numbers and dates. The constructor calls it; it replaces what an
    // earlier call installed. Returns the locale applied.
    static QLocale applyLanguage();

    bool start(bool demo);
    // --profile NAME: start with that profile; KLAVIS_API_KEY is its key whatever its host. Call before
    // start(). An unknown name is reported by start().
    void setCommandLineProfile(const QString &name) { m_commandLineProfile = name; }
    MainWindow *window() const { return m_window; }
    AppSession *session() const { return m_session; }
    ApiKeyDialog *keyDialog() const { return m_keyDialog; }

    void connectProfile(const Profile &profile);
    // A Blaxel profile (its key from the keychain) beside the Klavis connection; an invalid one disconnects.
    void connectBlaxelProfile(const Profile &profile);
    void openSettings();
    void promptForKey(int httpStatus);

private:
    bool startDemo();
    // Reads the profile's key (keychain or environment variable, by its provider), then connects that
    // provider with it.
    void connectWithStoredKey(const Profile &profile);
    void showFirstRun();
    void saveAndConnect(const Profile &profile, const QString &key, ApiKeyDialog *dialog);

    AppSession *m_session;
    ProfileStore *m_profiles;
    CredentialStore *m_credentials;
    MainWindow *m_window = nullptr;
    QPointer<ApiKeyDialog> m_keyDialog;
    QString m_commandLineProfile;
};
