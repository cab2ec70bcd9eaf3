#pragma once

#include "dialogs/formdialog.h"

class CredentialStore;
class ProfileForm;
class ProfileStore;
class QComboBox;
class QListWidget;

// Profiles: add, edit, remove, and choose the one the window uses; and the interface language. Keys go to the
// keychain through CredentialStore; ProfileStore keeps only names, URLs and regions.
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
    // Saves the edited profile (and its key, if one was typed), makes it current, and closes.
    void save();

signals:
    void profileActivated(const QString &profileId);

private:
    void reload(const QString &selectId);
    void showSelected();
    void addProfile();
    void removeSelected();

    ProfileStore *m_profiles;
    CredentialStore *m_credentials;
    QListWidget *m_list;
    ProfileForm *m_form;
    QComboBox *m_language;
    QString m_editingId;
};
