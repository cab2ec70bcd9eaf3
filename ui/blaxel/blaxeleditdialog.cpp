#include "blaxel/blaxeleditdialog.h"

#include "api/apierror.h"
#include "api/blaxelduration.h"
#include "blaxel/blaxelcreatedialog.h"
#include "blaxel/blaxellabelstext.h"
#include "models/blaxelsandboxtext.h"
#include "models/displaytext.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

using namespace Qt::StringLiterals;

namespace {

const QString displayNameKey = u"displayName"_s;
const QString labelsKey = u"labels"_s;
const QString ttlKey = u"ttl"_s;

} // namespace

BlaxelEditDialog::BlaxelEditDialog(const BlaxelSandbox &sandbox, QWidget *parent)
    : FormDialog(tr("Edit Blaxel sandbox %1").arg(DisplayText::visible(sandbox.name)), parent),
      m_sandbox(sandbox), m_displayName(new QLineEdit(sandbox.displayName, this)),
      m_labels(new QLineEdit(BlaxelLabelsText::format(sandbox.labels), this)),
      m_ttl(new QLineEdit(sandbox.ttl, this)), m_expiry(new QLabel(this))
{
    m_displayName->setObjectName(u"displayNameField"_s);
    m_labels->setObjectName(u"labelsField"_s);
    m_labels->setPlaceholderText(tr("None, e.g. team=research, project=eval"));
    m_labels->setClearButtonEnabled(true);
    m_ttl->setObjectName(u"ttlField"_s);
    m_ttl->setPlaceholderText(tr("None, e.g. 24h or 7d"));
    m_ttl->setToolTip(tr("Blaxel deletes the sandbox for good this long after its creation. Empty: no TTL."));
    m_expiry->setObjectName(u"expiryLabel"_s);
    m_expiry->setWordWrap(true);
    m_expiry->setEnabled(false); // secondary text
    m_expiry->setText(sandbox.expiresInSeconds
                          ? tr("Now deleted in %1; a new TTL counts from the creation.")
                                .arg(BlaxelSandboxText::expiresIn(*sandbox.expiresInSeconds))
                          : tr("No deletion is planned now; a new TTL counts from the creation."));

    addField(tr("&Display name:"), m_displayName, displayNameKey);
    addField(tr("&Labels:"), m_labels, labelsKey);
    addField(tr("&TTL:"), m_ttl, ttlKey);
    addFormWidget(m_expiry);
    okButton()->setText(tr("Save"));

    connect(m_ttl, &QLineEdit::textEdited, this,
            [this] { setFieldError(ttlKey, BlaxelDuration::problem(m_ttl->text().trimmed())); });
    connect(m_labels, &QLineEdit::textEdited, this, [this] {
        QString problem;
        BlaxelLabelsText::parse(m_labels->text(), &problem);
        setFieldError(labelsKey, problem);
    });
    m_labels->setFocus();
}

BlaxelSandboxUpdate BlaxelEditDialog::update() const
{
    BlaxelSandboxUpdate change;
    if (const QString name = m_displayName->text().trimmed(); name != m_sandbox.displayName)
        change.displayName = name;
    if (const auto labels = BlaxelLabelsText::parse(m_labels->text()); labels != m_sandbox.labels)
        change.labels = labels;
    if (const QString ttl = m_ttl->text().trimmed(); ttl != m_sandbox.ttl)
        change.ttl = ttl;
    return change;
}

QString BlaxelEditDialog::validate()
{
    QString problem = FormDialog::validate();
    const QString attention = tr("Some fields need attention.");
    QString labels;
    BlaxelLabelsText::parse(m_labels->text(), &labels);
    if (!labels.isEmpty()) {
        setFieldError(labelsKey, labels);
        problem = attention;
    }
    if (const QString ttl = BlaxelDuration::problem(m_ttl->text().trimmed()); !ttl.isEmpty()) {
        setFieldError(ttlKey, ttl);
        problem = attention;
    }
    if (problem.isEmpty()) {
        const BlaxelSandboxUpdate change = update();
        if (change.isEmpty())
            return tr("Nothing has changed.");
        problem = change.problem();
    }
    return problem;
}

void BlaxelEditDialog::showUpdateError(const ApiError &error)
{
    showServerError(error);
    // The server names a field by its path in the Sandbox, as it does on create.
    const QString field = BlaxelCreateDialog::fieldOf(error);
    if (field == displayNameKey || field == labelsKey || field == ttlKey)
        setFieldError(field, error.fullText());
}
