#pragma once

#include "api/blaxelsandbox.h"
#include "api/blaxelsandboxupdate.h"
#include "common/formdialog.h"

class ApiError;
class QLabel;
class QLineEdit;

// "Edit Blaxel sandbox": what a live sandbox can change (PUT /sandboxes/{name}): its display name, labels and
// TTL, each starting from what the sandbox has now. Only what the user changed is sent; the TTL counts from
// the sandbox's creation, as Blaxel counts it, which the form says beside the field with the time left now.
class BlaxelEditDialog final : public FormDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelEditDialog)

public:
    explicit BlaxelEditDialog(const BlaxelSandbox &sandbox, QWidget *parent = nullptr);

    QString sandboxName() const { return m_sandbox.name; }
    // The fields that differ from the sandbox as the dialog opened on it.
    BlaxelSandboxUpdate update() const;
    QString validate() override;
    // FormDialog::showServerError, with a complaint about a field placed beside it.
    void showUpdateError(const ApiError &error);

    QLineEdit *displayNameField() const { return m_displayName; }
    QLineEdit *labelsField() const { return m_labels; }
    QLineEdit *ttlField() const { return m_ttl; }

private:
    BlaxelSandbox m_sandbox;
    QLineEdit *m_displayName;
    QLineEdit *m_labels;
    QLineEdit *m_ttl;
    QLabel *m_expiry;
};
