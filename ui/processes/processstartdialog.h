#pragma once

#include "api/blaxelsandboxprocesses.h"

#include <optional>
#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

// Asks what process to start in a Blaxel sandbox: the command (run by the sandbox's shell), the folder it
// runs in, its environment (NAME=value, one per line), an optional name, and ports to wait for. OK stays
// disabled, with the reason said, until what is typed can be sent.
class ProcessStartDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProcessStartDialog)

public:
    explicit ProcessStartDialog(const QString &sandbox, QWidget *parent = nullptr);

    // Fills the fields with `request` (the last one sent, so that a refused start loses nothing typed).
    void setRequest(const BlaxelProcessRequest &request);
    // The request as typed, or nothing with `problem` said.
    std::optional<BlaxelProcessRequest> request(QString *problem) const;

    QLineEdit *commandField() const { return m_command; }
    QLineEdit *folderField() const { return m_folder; }
    QPlainTextEdit *environmentField() const { return m_environment; }
    QLineEdit *nameField() const { return m_name; }
    QLineEdit *portsField() const { return m_ports; }
    QLabel *problemLabel() const { return m_problem; }
    QDialogButtonBox *buttons() const { return m_buttons; }

private:
    void validate();

    QLineEdit *m_command;
    QLineEdit *m_folder;
    QPlainTextEdit *m_environment;
    QLineEdit *m_name;
    QLineEdit *m_ports;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};
