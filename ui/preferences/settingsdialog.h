#pragma once

#include "common/formdialog.h"

#include <QPointer>
#include <QProcessEnvironment>

class BlaxelImportDialog;
class CredentialStore;
class ProfileForm;
class ProfileStore;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;

// Profiles: add, edit, remove, import from the Blaxel CLI, and choose the one each provider uses (one Klavis
// and one Blaxel profile can be in use at once); the interface language and theme. Keys go to the keychain
// through CredentialStore; ProfileStore keeps only names, providers, URLs, regions and workspaces.
class SettingsDialog final : public FormDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)

public:
    SettingsDialog(ProfileStore *profiles, CredentialStore *credentials, QWidget *parent = nullptr);

    QString validate() override;
    QListWidget *profileList() const { return m_list; }
    ProfileForm *form() const { return m_form; }
    // The interface language (LanguageSetting), stored by save().
    QComboBox *languageCombo() const { return m_language; }
    // System / Light / Dark (ThemeSetting): applied as soon as it is picked, stored by save(), and taken
    // back by Cancel.
    QComboBox *themeCombo() const { return m_theme; }
    // Saves the edited profile (and its key, if one was typed), makes it current for its provider, and
    // closes.
    void save();
    // Where "Import from Blaxel CLI…" looks: ~/.blaxel/config.yaml and this process's environment unless a
    // test says otherwise.
    void setBlaxelSources(const QString &configPath, const QProcessEnvironment &environment);
    // Opens the import dialog on what the sources hold now; it reports back through the status line.
    BlaxelImportDialog *openBlaxelImport();
    QPushButton *blaxelImportButton() const { return m_importButton; }
    // The window runs the built-in demo: the list shows it, current, as the status bar does ("Profile:
    // Demo"). It has nothing to edit; choosing a stored profile and saving leaves the demo.
    void setDemoActive(bool active);
    void reject() override;

signals:
    // A Klavis profile was saved and chosen: the window connects to it.
    void profileActivated(const QString &profileId);
    // A Blaxel profile was saved and chosen as the Blaxel one; the Klavis connection stays.
    void blaxelProfileActivated(const QString &profileId);

private:
    void reload(const QString &selectId);
    void showSelected();
    bool demoSelected() const;
    void addProfile();
    void removeSelected();
    // Makes the profile current for its provider and says so with the provider's signal.
    void activate(const QString &profileId);

    ProfileStore *m_profiles;
    CredentialStore *m_credentials;
    QListWidget *m_list;
    ProfileForm *m_form;
    QComboBox *m_language;
    QComboBox *m_theme;
    QString m_editingId;
    bool m_demoActive = false;
    QLabel *m_demoNote = nullptr;
    QPushButton *m_removeButton = nullptr;
    QPushButton *m_importButton = nullptr;
    QString m_blaxelConfigPath;
    QProcessEnvironment m_blaxelEnvironment;
    QPointer<BlaxelImportDialog> m_importDialog;
};
