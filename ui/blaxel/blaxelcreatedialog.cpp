#include "blaxel/blaxelcreatedialog.h"

#include "api/apierror.h"
#include "api/blaxelduration.h"
#include "api/blaxelsandboxname.h"
#include "blaxel/blaxelenvironmenteditor.h"
#include "blaxel/blaxellabelstext.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

using namespace Qt::StringLiterals;

namespace {

const QString nameKey = u"name"_s;
const QString displayNameKey = u"displayName"_s;
const QString imageKey = u"image"_s;
const QString memoryKey = u"memory"_s;
const QString regionKey = u"region"_s;
const QString labelsKey = u"labels"_s;
const QString ttlKey = u"ttl"_s;
const QString envsKey = u"envs"_s;

} // namespace

BlaxelCreateDialog::BlaxelCreateDialog(QWidget *parent)
    : FormDialog(tr("Create Blaxel sandbox"), parent), m_name(new QLineEdit(this)),
      m_displayName(new QLineEdit(this)), m_image(new QComboBox(this)), m_memory(new QSpinBox(this)),
      m_region(new QComboBox(this)), m_labels(new QLineEdit(this)), m_ttl(new QLineEdit(this)),
      m_environment(new BlaxelEnvironmentEditor(this))
{
    m_name->setObjectName(u"nameField"_s);
    m_name->setPlaceholderText(tr("e.g. my-sandbox-1"));
    m_name->setMaxLength(BlaxelSandboxName::maxLength);
    m_displayName->setPlaceholderText(tr("Optional"));
    m_image->setEditable(true);
    m_image->setInsertPolicy(QComboBox::NoInsert);
    m_image->addItems({u"blaxel/base-image:latest"_s, u"blaxel/py-app:latest"_s, u"blaxel/ts-app:latest"_s});
    m_memory->setRange(0, 65536);
    m_memory->setSingleStep(512);
    m_memory->setValue(0);
    m_memory->setSuffix(tr(" MB"));
    m_memory->setSpecialValueText(tr("Default"));
    m_memory->setAccelerated(true);
    m_region->setEditable(true);
    m_region->setInsertPolicy(QComboBox::NoInsert);
    m_region->addItem(tr("Default"), QString());
    for (const QString &region : {u"us-pdx-1"_s, u"us-was-1"_s, u"eu-lon-1"_s})
        m_region->addItem(region, region);
    m_labels->setPlaceholderText(tr("Optional, e.g. team=research, project=eval"));
    m_labels->setClearButtonEnabled(true);
    m_ttl->setObjectName(u"ttlField"_s);
    m_ttl->setPlaceholderText(tr("Optional, e.g. 24h or 1h30m"));
    m_ttl->setToolTip(tr("Blaxel deletes the sandbox for good this long after its creation."));

    addField(tr("&Name:"), m_name, nameKey);
    addField(tr("&Display name:"), m_displayName, displayNameKey);
    addField(tr("&Image:"), m_image, imageKey);
    addField(tr("&Memory:"), m_memory, memoryKey);
    addField(tr("&Region:"), m_region, regionKey);
    addField(tr("&Labels:"), m_labels, labelsKey);
    addField(tr("&TTL:"), m_ttl, ttlKey);
    addField(tr("&Environment:"), m_environment, envsKey);

    okButton()->setText(tr("Create"));
    connect(m_name, &QLineEdit::textEdited, this, &BlaxelCreateDialog::checkName);
    connect(m_ttl, &QLineEdit::textEdited, this,
            [this] { setFieldError(ttlKey, BlaxelDuration::problem(m_ttl->text().trimmed())); });
    connect(m_labels, &QLineEdit::textEdited, this, [this] {
        QString problem;
        parsedLabels(&problem);
        setFieldError(labelsKey, problem);
    });
    connect(m_environment, &BlaxelEnvironmentEditor::edited, this, [this] {
        setFieldError(envsKey, BlaxelCreateRequest::environmentProblem(m_environment->variables()));
    });
    m_name->setFocus();
}

void BlaxelCreateDialog::checkName()
{
    // Said while typing, except for the empty field a person has not filled yet.
    const QString name = m_name->text();
    setFieldError(nameKey, name.isEmpty() ? QString() : BlaxelSandboxName::problem(name));
}

QMap<QString, QString> BlaxelCreateDialog::parsedLabels(QString *problem) const
{
    return BlaxelLabelsText::parse(m_labels->text(), problem);
}

QString BlaxelCreateDialog::validate()
{
    QString problem = FormDialog::validate();
    const QString attention = tr("Some fields need attention.");
    if (const QString name = BlaxelSandboxName::problem(m_name->text()); !name.isEmpty()) {
        setFieldError(nameKey, name);
        problem = attention;
    }
    if (m_image->currentText().trimmed().isEmpty()) {
        setFieldError(imageKey, tr("Choose an image."));
        problem = attention;
    }
    QString labels;
    parsedLabels(&labels);
    if (!labels.isEmpty()) {
        setFieldError(labelsKey, labels);
        problem = attention;
    }
    if (const QString ttl = BlaxelDuration::problem(m_ttl->text().trimmed()); !ttl.isEmpty()) {
        setFieldError(ttlKey, ttl);
        problem = attention;
    }
    if (const QString envs = BlaxelCreateRequest::environmentProblem(m_environment->variables());
        !envs.isEmpty()) {
        setFieldError(envsKey, envs);
        problem = attention;
    }
    if (problem.isEmpty()) {
        if (const QString other = request().problem(); !other.isEmpty())
            problem = other;
    }
    return problem;
}

BlaxelCreateRequest BlaxelCreateDialog::request() const
{
    BlaxelCreateRequest request;
    request.name = m_name->text();
    request.displayName = m_displayName->text().trimmed();
    request.image = m_image->currentText().trimmed();
    request.memoryMb = m_memory->value();
    // A listed choice carries its value ("Default" is none); a typed one is taken as typed.
    const int listed = m_region->findText(m_region->currentText());
    request.region = listed >= 0 ? m_region->itemData(listed).toString() : m_region->currentText().trimmed();
    request.labels = parsedLabels();
    request.ttl = m_ttl->text().trimmed();
    request.envs = m_environment->variables();
    return request;
}

QString BlaxelCreateDialog::fieldOf(const ApiError &error)
{
    if (error.httpStatus() == 409)
        return nameKey; // a sandbox of this name exists
    // Blaxel's 400 names the field by its path in the Sandbox ("spec.runtime.ttl must be ...").
    const QString text = error.fullText();
    const std::initializer_list<std::pair<const char *, const QString *>> paths = {
        {"metadata.displayName", &displayNameKey},
        {"metadata.labels", &labelsKey},
        {"metadata.name", &nameKey},
        {"spec.runtime.image", &imageKey},
        {"spec.runtime.memory", &memoryKey},
        {"spec.runtime.ttl", &ttlKey},
        {"spec.runtime.envs", &envsKey},
        {"spec.region", &regionKey}};
    for (const auto &[path, field] : paths) {
        if (text.contains(QLatin1StringView(path)))
            return *field;
    }
    return {};
}

void BlaxelCreateDialog::showCreateError(const ApiError &error)
{
    showServerError(error);
    const QString field = fieldOf(error);
    if (field.isEmpty())
        return;
    setFieldError(field, error.fullText());
    if (field == nameKey)
        m_name->setFocus(Qt::OtherFocusReason);
}
