#pragma once

#include "common/formdialog.h"
#include "settings/blaxelconfigimport.h"

class BlaxelProfileImporter;
class CredentialStore;
class ProfileStore;
class QLabel;
class QListWidget;

// "Import from Blaxel CLI": what BlaxelConfigImport found (workspaces, their keys masked, where each came
// from) with a check box each, and what it could not use. Import creates the checked ones as Blaxel
// profiles with their keys in the keychain (BlaxelProfileImporter); a workspace that already has a profile
// is listed, unchecked and disabled. The dialog closes when everything checked was imported, and stays
// open with the reasons when something was not.
class BlaxelImportDialog final : public FormDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelImportDialog)

public:
    BlaxelImportDialog(const BlaxelConfigScan &scan, ProfileStore *profiles, CredentialStore *credentials,
                       QWidget *parent = nullptr);
    ~BlaxelImportDialog() override;

    QString validate() override;
    QListWidget *list() const { return m_list; }
    // The file's and the environment's problems, or why there is nothing to import.
    QLabel *notes() const { return m_notes; }
    // What the last import created (profile ids), and its summary for the user.
    QStringList createdIds() const;
    QString summary() const { return m_summary; }

private:
    void fillList();
    void runImport();
    void onImportFinished();

    BlaxelConfigScan m_scan;
    ProfileStore *m_profiles;
    BlaxelProfileImporter *m_importer;
    QListWidget *m_list;
    QLabel *m_notes;
    QString m_summary;
};
