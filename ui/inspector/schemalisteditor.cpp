#include "inspector/schemalisteditor.h"

#include "models/displaytext.h"

#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

QString choiceText(const QJsonValue &value)
{
    if (value.isString())
        return DisplayText::visible(value.toString());
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact))
        .mid(1)
        .chopped(1);
}

} // namespace

SchemaListEditor::SchemaListEditor(const SchemaFieldSpec &spec, QWidget *parent)
    : QWidget(parent), m_spec(spec)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    if (spec.itemKind == SchemaFieldSpec::Kind::Enum) {
        m_choices = new QListWidget(this);
        m_choices->setObjectName(u"schemaChoices"_s);
        for (const auto &value : spec.enumValues) {
            auto *item = new QListWidgetItem(choiceText(value), m_choices);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Unchecked);
        }
        // As tall as its choices, up to eight of them.
        const int rows = std::min(int(spec.enumValues.size()), 8);
        m_choices->setFixedHeight(m_choices->sizeHintForRow(0) * rows + 2 * m_choices->frameWidth() + 2);
        connect(m_choices, &QListWidget::itemChanged, this, &SchemaListEditor::changed);
        layout->addWidget(m_choices);
        return;
    }
    m_rows = new QVBoxLayout;
    m_rows->setContentsMargins(0, 0, 0, 0);
    m_rows->setSpacing(2);
    layout->addLayout(m_rows);
    m_add = new QPushButton(tr("Add item"), this);
    m_add->setObjectName(u"schemaAddItem"_s);
    connect(m_add, &QPushButton::clicked, this, [this] { addRow()->setFocus(); });
    layout->addWidget(m_add, 0, Qt::AlignLeft);
}

QLineEdit *SchemaListEditor::addRow(const QString &text)
{
    auto *row = new QWidget(this);
    auto *rowLayout = new QHBoxLayout(row);
    rowLayout->setContentsMargins(0, 0, 0, 0);
    auto *edit = new QLineEdit(text, row);
    auto *remove = new QToolButton(row);
    remove->setIcon(QIcon(u":/icons/delete.svg"_s));
    remove->setToolTip(tr("Remove this item"));
    remove->setAutoRaise(true);
    rowLayout->addWidget(edit, 1);
    rowLayout->addWidget(remove);
    m_rows->addWidget(row);
    m_edits.append(edit);
    connect(edit, &QLineEdit::textChanged, this, &SchemaListEditor::changed);
    connect(remove, &QToolButton::clicked, this, [this, row, edit] {
        m_edits.removeOne(edit);
        row->deleteLater();
        emit changed();
    });
    emit changed();
    return edit;
}

int SchemaListEditor::rowCount() const
{
    return m_choices ? m_choices->count() : int(m_edits.size());
}

QLineEdit *SchemaListEditor::rowEdit(int row) const
{
    return m_edits.value(row);
}

void SchemaListEditor::setValues(const QJsonArray &values)
{
    if (m_choices) {
        for (int row = 0; row < m_choices->count(); ++row)
            m_choices->item(row)->setCheckState(values.contains(m_spec.enumValues.at(row)) ? Qt::Checked
                                                                                           : Qt::Unchecked);
        return;
    }
    while (!m_edits.isEmpty()) {
        QLineEdit *edit = m_edits.takeLast();
        edit->parentWidget()->deleteLater();
        edit->parentWidget()->hide();
    }
    for (const auto &value : values)
        addRow(value.isString() ? value.toString() : choiceText(value));
}

QString SchemaListEditor::itemProblem(const QString &text, QJsonValue *value) const
{
    const QString trimmed = text.trimmed();
    switch (m_spec.itemKind) {
    case SchemaFieldSpec::Kind::Integer: {
        bool ok = false;
        const qlonglong number = QLocale::c().toLongLong(trimmed, &ok);
        if (!ok)
            return tr("not a whole number");
        *value = QJsonValue(qint64(number));
        return m_spec.checkNumber(double(number));
    }
    case SchemaFieldSpec::Kind::Number: {
        bool ok = false;
        const double number = QLocale::c().toDouble(trimmed, &ok);
        if (!ok || !std::isfinite(number))
            return tr("not a number");
        *value = number;
        return m_spec.checkNumber(number);
    }
    default:
        *value = text;
        return m_spec.checkString(text);
    }
}

QJsonArray SchemaListEditor::values() const
{
    QJsonArray values;
    if (m_choices) {
        for (int row = 0; row < m_choices->count(); ++row)
            if (m_choices->item(row)->checkState() == Qt::Checked)
                values.append(m_spec.enumValues.at(row));
        return values;
    }
    for (const QLineEdit *edit : m_edits) {
        if (edit->text().trimmed().isEmpty())
            continue;
        QJsonValue value;
        if (itemProblem(edit->text(), &value).isEmpty())
            values.append(value);
    }
    return values;
}

QString SchemaListEditor::problem() const
{
    int number = 0;
    for (const QLineEdit *edit : m_edits) {
        ++number;
        if (edit->text().trimmed().isEmpty())
            continue;
        QJsonValue value;
        const QString problem = itemProblem(edit->text(), &value);
        if (!problem.isEmpty())
            return tr("item %1: %2").arg(number).arg(problem);
    }
    const int count = int(values().size());
    if (m_spec.minItems && count < *m_spec.minItems)
        return tr("needs at least %n item(s)", nullptr, *m_spec.minItems);
    if (m_spec.maxItems && count > *m_spec.maxItems)
        return tr("allows at most %n item(s)", nullptr, *m_spec.maxItems);
    return {};
}
