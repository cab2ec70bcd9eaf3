#pragma once

#include "api/blaxelcreaterequest.h"
#include "common/formdialog.h"

class ApiError;
class BlaxelEnvironmentEditor;
class QComboBox;
class QLineEdit;
class QSpinBox;

// "Create Blaxel sandbox": name, display name, image, memory, region, labels, TTL and environment (variables
// and secrets, as the CLI's --env and --secret-env) (POST /sandboxes). The
// name rule (BlaxelSandboxName) is checked as it is typed; the server's complaint goes beside the field it
// is about (a taken name's 409 beside Name, a 400 naming spec.runtime.ttl beside TTL).
class BlaxelCreateDialog final : public FormDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelCreateDialog)

public:
    explicit BlaxelCreateDialog(QWidget *parent = nullptr);

    BlaxelCreateRequest request() const;
    QString validate() override;
    // FormDialog::showServerError, with Blaxel's answers placed beside their fields.
    void showCreateError(const ApiError &error);
    // The form field a server's complaint is about ("name", "ttl"...), or "" when it names none.
    static QString fieldOf(const ApiError &error);

    QLineEdit *nameField() const { return m_name; }
    QLineEdit *displayNameField() const { return m_displayName; }
    QComboBox *imageField() const { return m_image; }
    QSpinBox *memoryField() const { return m_memory; }
    QComboBox *regionField() const { return m_region; }
    QLineEdit *labelsField() const { return m_labels; }
    QLineEdit *ttlField() const { return m_ttl; }
    BlaxelEnvironmentEditor *environmentField() const { return m_environment; }

private:
    // Labels typed as "team=research, project=eval"; `problem` gets a sentence when one is malformed.
    QMap<QString, QString> parsedLabels(QString *problem = nullptr) const;
    void checkName();

    QLineEdit *m_name;
    QLineEdit *m_displayName;
    QComboBox *m_image;
    QSpinBox *m_memory;
    QComboBox *m_region;
    QLineEdit *m_labels;
    QLineEdit *m_ttl;
    BlaxelEnvironmentEditor *m_environment;
};
