#include "inspector/schemafield.h"

#include "common/errorcolour.h"
#include "common/jsontextedit.h"
#include "inspector/schemalisteditor.h"
#include "models/displaytext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QScopedValueRollback>
#include <QVBoxLayout>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

QString jsonText(const QJsonValue &value)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact))
        .mid(1)
        .chopped(1);
}

// A placeholder is one line: the description's first sentence, made visible.
QString placeholderOf(const QString &description)
{
    QString line = DisplayText::visible(description.section(u'\n', 0, 0));
    return line.size() > 120 ? line.left(120) + u'…' : line;
}

} // namespace

SchemaField::SchemaField(const SchemaFieldSpec &spec, QWidget *parent)
    : QWidget(parent), m_spec(spec), m_problemLabel(new QLabel(this))
{
    using Kind = SchemaFieldSpec::Kind;
    setObjectName(u"schemaField_"_s + spec.name);
    switch (spec.kind) {
    case Kind::String:
    case Kind::Number:
    case Kind::Integer:
        m_line = new QLineEdit(this);
        m_line->setPlaceholderText(placeholderOf(spec.description));
        if (spec.kind != Kind::String)
            m_line->setInputMethodHints(Qt::ImhFormattedNumbersOnly);
        connect(m_line, &QLineEdit::textEdited, this, &SchemaField::onEdited);
        m_editor = m_line;
        break;
    case Kind::Boolean:
        m_check = new QCheckBox(this);
        // Optional without a default: a third state, "not sent", so that leaving it alone sends nothing.
        m_check->setTristate(!spec.required && spec.defaultValue.isUndefined());
        m_check->setCheckState(m_check->isTristate() ? Qt::PartiallyChecked : Qt::Unchecked);
        connect(m_check, &QCheckBox::stateChanged, this, &SchemaField::onEdited);
        m_editor = m_check;
        break;
    case Kind::Enum:
        m_combo = new QComboBox(this);
        if (!spec.required)
            m_combo->addItem(tr("(not set)"));
        for (const auto &value : spec.enumValues)
            m_combo->addItem(value.isString() ? DisplayText::visible(value.toString()) : jsonText(value));
        connect(m_combo, &QComboBox::activated, this, &SchemaField::onEdited);
        m_editor = m_combo;
        break;
    case Kind::Array:
        m_list = new SchemaListEditor(spec, this);
        connect(m_list, &SchemaListEditor::changed, this, &SchemaField::onEdited);
        m_editor = m_list;
        break;
    case Kind::Raw:
        m_json = new JsonTextEdit(this);
        m_json->setExpectedType(spec.rawType);
        m_json->setPlaceholderText(spec.rawType == u"array"_s    ? u"[ ]"_s
                                   : spec.rawType == u"object"_s ? u"{ }"_s
                                                                 : tr("any JSON value"));
        connect(m_json, &QPlainTextEdit::textChanged, this, [this] {
            if (!m_settingValue)
                onEdited();
        });
        m_editor = m_json;
        break;
    }
    m_editor->setObjectName(u"schemaEditor"_s);
    if (!spec.description.isEmpty())
        m_editor->setToolTip(DisplayText::visibleLines(spec.description));

    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_editor, 1);
    if (spec.nullable) {
        m_null = new QCheckBox(tr("null"), this);
        m_null->setObjectName(u"schemaNull"_s);
        m_null->setToolTip(tr("Send null for %1").arg(spec.name));
        connect(m_null, &QCheckBox::toggled, this, [this](bool isNull) {
            m_editor->setEnabled(!isNull);
            onEdited();
        });
        row->addWidget(m_null, 0, Qt::AlignTop);
    }
    m_problemLabel->setObjectName(u"schemaProblem"_s);
    m_problemLabel->setWordWrap(true);
    m_problemLabel->setVisible(false);
    ErrorColour::applyTo(m_problemLabel, palette());

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addWidget(m_problemLabel);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);

    if (!spec.defaultValue.isUndefined())
        setValue(spec.defaultValue);
}

void SchemaField::onEdited()
{
    m_touched = m_touched || !m_settingValue;
    updateProblem();
    emit changed();
}

void SchemaField::revealProblem()
{
    m_touched = true;
    updateProblem();
}

void SchemaField::updateProblem()
{
    const QString text = m_touched ? problem() : QString();
    m_problemLabel->setText(text);
    m_problemLabel->setVisible(!text.isEmpty());
}

QString SchemaField::plainProblem(QJsonValue *value) const
{
    using Kind = SchemaFieldSpec::Kind;
    const auto missing = [this] { return m_spec.required ? tr("required") : QString(); };
    switch (m_spec.kind) {
    case Kind::String:
        if (m_line->text().isEmpty())
            return missing();
        *value = m_line->text();
        return m_spec.checkString(m_line->text());
    case Kind::Number:
    case Kind::Integer: {
        const QString text = m_line->text().trimmed();
        if (text.isEmpty())
            return missing();
        bool ok = false;
        if (m_spec.kind == Kind::Integer) {
            const qlonglong number = QLocale::c().toLongLong(text, &ok);
            if (!ok)
                return tr("not a whole number");
            *value = QJsonValue(qint64(number));
            return m_spec.checkNumber(double(number));
        }
        const double number = QLocale::c().toDouble(text, &ok);
        if (!ok || !std::isfinite(number))
            return tr("not a number");
        *value = number;
        return m_spec.checkNumber(number);
    }
    case Kind::Boolean:
        if (m_check->checkState() == Qt::PartiallyChecked)
            return {};
        *value = m_check->checkState() == Qt::Checked;
        return {};
    case Kind::Enum: {
        const int choice = m_combo->currentIndex() - (m_spec.required ? 0 : 1);
        if (choice < 0)
            return missing();
        *value = m_spec.enumValues.at(choice);
        return {};
    }
    case Kind::Array: {
        QString problem = m_list->problem();
        const QJsonArray values = m_list->values();
        if (problem.isEmpty() && (!values.isEmpty() || m_spec.required))
            *value = values;
        return problem;
    }
    case Kind::Raw:
        if (m_json->isEmpty())
            return missing();
        *value = m_json->value();
        return m_json->problem();
    }
    return {};
}

std::optional<QJsonValue> SchemaField::value() const
{
    if (m_null && m_null->isChecked())
        return QJsonValue(QJsonValue::Null);
    QJsonValue value(QJsonValue::Undefined);
    if (!plainProblem(&value).isEmpty() || value.isUndefined())
        return std::nullopt;
    return value;
}

QString SchemaField::problem() const
{
    if (m_null && m_null->isChecked())
        return {};
    QJsonValue value(QJsonValue::Undefined);
    return plainProblem(&value);
}

void SchemaField::setValue(const QJsonValue &value)
{
    using Kind = SchemaFieldSpec::Kind;
    // Filling the field is not the user editing it: no problem shown for a value they have not touched.
    const QScopedValueRollback<bool> setting(m_settingValue, true);
    if (m_null)
        m_null->setChecked(value.isNull());
    if (value.isNull() && m_null)
        return;
    switch (m_spec.kind) {
    case Kind::String:
        m_line->setText(value.toString());
        break;
    case Kind::Number:
    case Kind::Integer:
        m_line->setText(value.isDouble() ? jsonText(value) : QString());
        break;
    case Kind::Boolean:
        m_check->setCheckState(value.isBool()
                                   ? (value.toBool() ? Qt::Checked : Qt::Unchecked)
                                   : (m_check->isTristate() ? Qt::PartiallyChecked : Qt::Unchecked));
        break;
    case Kind::Enum: {
        const qsizetype at = m_spec.enumValues.toVariantList().indexOf(value.toVariant());
        m_combo->setCurrentIndex(at < 0 ? 0 : int(at) + (m_spec.required ? 0 : 1));
        break;
    }
    case Kind::Array:
        m_list->setValues(value.toArray());
        break;
    case Kind::Raw:
        m_json->setJson(value);
        break;
    }
    updateProblem();
}

void SchemaField::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        ErrorColour::applyTo(m_problemLabel, palette());
    QWidget::changeEvent(event);
}
