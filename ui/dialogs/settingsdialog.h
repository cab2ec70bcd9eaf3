#pragma once

#include "dialogs/formdialog.h"

class CredentialStore;
class ProfileForm;
class ProfileStore;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;

// Profiles: add, edit, remove, and choose the one the window uses; the interface language and theme. Keys go
// to the keychain through CredentialStore; ProfileStore keeps only names, URLs and regions.
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
    // Saves the edited profile (and its key, if one was typed), makes it current, and closes.
    void save();
    // The window runs the built-in demo: the list shows it, current, as the status bar does ("Profile:
    // Demo"). It has nothing to edit; choosing a stored profile and saving leaves the demo.
    void setDemoActive(bool active);
    void reject() override;

signals:
    void profileActivated(const QString &profileId);

private:
    void reload(const QString &selectId);
    void showSelected();
    bool demoSelected() const;
    void addProfile();
    void removeSelected();

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
};
