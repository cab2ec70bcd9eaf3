#include "inspector/schemaform.h"

#include "inspector/schemafield.h"
#include "inspector/schemafieldspec.h"
#include "models/displaytext.h"

#include <QFormLayout>
#include <QJsonArray>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

SchemaForm::SchemaForm(QWidget *parent)
    : QWidget(parent), m_layout(new QFormLayout),
      m_noArguments(new QLabel(tr("This tool takes no arguments."), this))
{
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_layout->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_layout->setLabelAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_noArguments->setObjectName(u"schemaNoArguments"_s);
    m_noArguments->setForegroundRole(QPalette::PlaceholderText);
    m_noArguments->setVisible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_noArguments);
    layout->addLayout(m_layout);
    // In a scroll area taller than the form, the room left over goes below it, not between its rows.
    layout->addStretch(1);
}

void SchemaForm::clearFields()
{
    while (m_layout->rowCount() > 0)
        m_layout->removeRow(0);
    m_fields.clear();
    m_labels.clear();
}

void SchemaForm::setSchema(const QJsonObject &inputSchema)
{
    clearFields();
    m_schema = inputSchema;
    const QJsonObject properties = inputSchema.value(u"properties"_s).toObject();
    QStringList required;
    for (const auto &name : inputSchema.value(u"required"_s).toArray())
        required.append(name.toString());

    QList<SchemaFieldSpec> specs;
    const bool splittable = !inputSchema.contains(u"anyOf"_s) && !inputSchema.contains(u"oneOf"_s) &&
                            !inputSchema.contains(u"allOf"_s);
    if (!splittable || (properties.isEmpty() && !inputSchema.isEmpty() &&
                        inputSchema.value(u"additionalProperties"_s).isObject())) {
        // The form cannot say which fields there are: the whole object as JSON.
        SchemaFieldSpec whole = SchemaFieldSpec::from(QString(), inputSchema, inputSchema, true);
        whole.kind = SchemaFieldSpec::Kind::Raw;
        whole.rawType = u"object"_s;
        specs.append(whole);
    } else {
        for (auto it = properties.constBegin(); it != properties.constEnd(); ++it)
            specs.append(SchemaFieldSpec::from(it.key(), it.value().toObject(), inputSchema,
                                               required.contains(it.key())));
        // Required first, each group in the schema's (alphabetical) order.
        std::stable_sort(specs.begin(), specs.end(), [](const SchemaFieldSpec &a, const SchemaFieldSpec &b) {
            return a.required > b.required;
        });
    }
    m_noArguments->setVisible(specs.isEmpty());
    for (const SchemaFieldSpec &spec : specs) {
        auto *field = new SchemaField(spec, this);
        const QString name = spec.name.isEmpty() ? tr("Arguments") : DisplayText::visible(spec.name);
        auto *label = new QLabel(spec.required ? name + u" *"_s : name, this);
        label->setObjectName(u"schemaLabel_"_s + spec.name);
        if (!spec.description.isEmpty())
            label->setToolTip(DisplayText::visibleLines(spec.description));
        if (spec.required) {
            QFont bold = label->font();
            bold.setBold(true);
            label->setFont(bold);
        }
        label->setBuddy(field->editor());
        m_layout->addRow(label, field);
        m_fields.append(field);
        m_labels.insert(spec.name, label);
        connect(field, &SchemaField::changed, this, &SchemaForm::changed);
    }
    emit changed();
}

SchemaField *SchemaForm::field(const QString &name) const
{
    const auto found = std::find_if(m_fields.begin(), m_fields.end(),
                                    [&name](const SchemaField *field) { return field->spec().name == name; });
    return found == m_fields.end() ? nullptr : *found;
}

QLabel *SchemaForm::labelOf(const QString &name) const
{
    return m_labels.value(name);
}

QJsonObject SchemaForm::arguments() const
{
    QJsonObject arguments;
    for (const SchemaField *field : m_fields) {
        const std::optional<QJsonValue> value = field->value();
        if (!value)
            continue;
        if (field->spec().name.isEmpty())
            return value->toObject();
        arguments.insert(field->spec().name, *value);
    }
    return arguments;
}

void SchemaForm::setArguments(const QJsonObject &arguments)
{
    for (SchemaField *field : m_fields) {
        if (field->spec().name.isEmpty())
            field->setValue(arguments);
        else
            field->setValue(arguments.value(field->spec().name));
    }
    emit changed();
}

QMap<QString, QString> SchemaForm::problems() const
{
    QMap<QString, QString> problems;
    for (const SchemaField *field : m_fields) {
        const QString problem = field->problem();
        if (!problem.isEmpty())
            problems.insert(field->spec().name, problem);
    }
    return problems;
}

void SchemaForm::revealProblems()
{
    for (SchemaField *field : m_fields)
        field->revealProblem();
}
