#include "previews/previewcreatedialog.h"

#include "api/blaxelduration.h"
#include "api/blaxelpreviewservice.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

PreviewCreateDialog::PreviewCreateDialog(const QString &sandbox, int port, QWidget *parent)
    : QDialog(parent), m_name(new QLineEdit(this)), m_port(new QSpinBox(this)),
      m_public(new QCheckBox(tr("&Public: anyone with the URL reaches the port"), this)),
      m_ttl(new QLineEdit(this)), m_problem(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(u"previewCreateDialog"_s);
    setWindowTitle(tr("New Preview of %1").arg(sandbox));
    m_name->setObjectName(u"previewName"_s);
    m_name->setPlaceholderText(tr("web"));
    m_port->setObjectName(u"previewPort"_s);
    m_port->setRange(0, 65535);
    m_port->setSpecialValueText(tr("choose a port"));
    m_port->setValue(port);
    m_public->setObjectName(u"previewPublic"_s);
    m_ttl->setObjectName(u"previewTtl"_s);
    m_ttl->setPlaceholderText(tr("e.g. 24h; empty: until deleted"));
    m_ttl->setText(u"24h"_s);
    m_problem->setObjectName(u"previewCreateProblem"_s);
    m_problem->setWordWrap(true);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Create"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("P&ort:"), m_port);
    form->addRow(QString(), m_public);
    form->addRow(tr("&Lives for:"), m_ttl);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, &PreviewCreateDialog::validate);
    connect(m_ttl, &QLineEdit::textChanged, this, &PreviewCreateDialog::validate);
    connect(m_port, &QSpinBox::valueChanged, this, &PreviewCreateDialog::validate);
    validate();
}

std::optional<BlaxelPreviewRequest> PreviewCreateDialog::request(QString *problem) const
{
    BlaxelPreviewRequest request;
    request.name = m_name->text().trimmed();
    request.port = m_port->value();
    request.isPublic = m_public->isChecked();
    request.ttl = m_ttl->text().trimmed();
    if (request.name.isEmpty())
        *problem = tr("Name the preview.");
    else if (const QString nameProblem = BlaxelPreviewService::nameProblem(request.name);
             !nameProblem.isEmpty())
        *problem = nameProblem;
    else if (request.port == 0)
        *problem = tr("Choose the port the preview reaches.");
    else
        *problem = BlaxelDuration::problem(request.ttl);
    if (!problem->isEmpty())
        return std::nullopt;
    return request;
}

void PreviewCreateDialog::validate()
{
    QString problem;
    const bool ok = request(&problem).has_value();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
    m_problem->setText(problem);
    m_problem->setVisible(!ok);
}
