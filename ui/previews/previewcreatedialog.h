#pragma once

#include "api/blaxelpreview.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

// Asks for a new preview of a Blaxel sandbox: its name, the port it reaches, public or private (behind a
// token), and how long it lives. OK stays disabled, with the reason said, until the preview can be asked for.
class PreviewCreateDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PreviewCreateDialog)

public:
    // `port`: the one to offer (a port a process listens on, say); 0 for none.
    explicit PreviewCreateDialog(const QString &sandbox, int port = 0, QWidget *parent = nullptr);

    std::optional<BlaxelPreviewRequest> request(QString *problem) const;

    QLineEdit *nameField() const { return m_name; }
    QSpinBox *portField() const { return m_port; }
    QCheckBox *publicBox() const { return m_public; }
    QLineEdit *ttlField() const { return m_ttl; }
    QLabel *problemLabel() const { return m_problem; }
    QDialogButtonBox *buttons() const { return m_buttons; }

private:
    void validate();

    QLineEdit *m_name;
    QSpinBox *m_port;
    QCheckBox *m_public;
    QLineEdit *m_ttl;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};
