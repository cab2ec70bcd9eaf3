#pragma once

#include "inspector/schemafieldspec.h"

#include <QWidget>

class QLineEdit;
class QListWidget;
class QPushButton;
class QVBoxLayout;

// A list of plain values for an array property: for an enum, its choices to tick (in the schema's order);
// otherwise one line per item with add and remove buttons, each item checked as the field's kind says.
class SchemaListEditor final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SchemaListEditor)

public:
    explicit SchemaListEditor(const SchemaFieldSpec &spec, QWidget *parent = nullptr);

    void setValues(const QJsonArray &values);
    // The items typed so far (blank lines left out); only meaningful while problem() is empty.
    QJsonArray values() const;
    QString problem() const;
    int rowCount() const;
    QLineEdit *rowEdit(int row) const;
    QListWidget *choices() const { return m_choices; }

public slots:
    QLineEdit *addRow(const QString &text = {});

signals:
    void changed();

private:
    QString itemProblem(const QString &text, QJsonValue *value) const;

    SchemaFieldSpec m_spec;
    QListWidget *m_choices = nullptr;
    QVBoxLayout *m_rows = nullptr;
    QList<QLineEdit *> m_edits;
    QPushButton *m_add = nullptr;
};
