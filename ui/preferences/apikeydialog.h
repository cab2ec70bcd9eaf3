#pragma once

#include "common/formdialog.h"
#include "settings/profile.h"

class ProfileForm;
class QPushButton;

// Asks for an API key: on first run (with "Open the demo" as the other way in) and when the server
// answers 401/403 for the current profile.
class ApiKeyDialog final : public FormDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApiKeyDialog)

public:
    enum class Reason
    {
        FirstRun,
        KeyMissing,
        KeyRefused
    };

    ApiKeyDialog(Reason reason, const Profile &profile, QWidget *parent = nullptr);

    Profile profile() const;
    QString key() const;
    ProfileForm *form() const { return m_form; }

    QString validate() override;

signals:
    void demoRequested();

private:
    ProfileForm *m_form;
};
