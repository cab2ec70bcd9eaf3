#pragma once

#include <QJsonObject>
#include <QMap>
#include <QWidget>

class QFormLayout;
class QLabel;
class SchemaField;

// The arguments of a tool call as a form built from the tool's inputSchema: one field per property,
// required ones first and marked, descriptions as tooltips and placeholders, defaults filled in. The form
// only ever gives valid JSON: arguments() holds the fields whose values are fine, and isValid() says
// whether that is all of them.
class SchemaForm final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SchemaForm)

public:
    explicit SchemaForm(QWidget *parent = nullptr);

    void setSchema(const QJsonObject &inputSchema);
    QJsonObject schema() const { return m_schema; }
    QJsonObject arguments() const;
    void setArguments(const QJsonObject &arguments);
    // Field name to what is wrong with it ("required", "line 2, column 4: …", "must be at least 1").
    QMap<QString, QString> problems() const;
    bool isValid() const { return problems().isEmpty(); }
    // Shows every field's problem, touched or not (after a Call that the form refused).
    void revealProblems();

    QList<SchemaField *> fields() const { return m_fields; }
    SchemaField *field(const QString &name) const;
    QLabel *labelOf(const QString &name) const;
    // A schema a form cannot split into fields (a top-level anyOf, only additionalProperties) is edited
    // as one JSON object, in a field with an empty name.

signals:
    void changed();

private:
    void clearFields();

    QJsonObject m_schema;
    QFormLayout *m_layout;
    QLabel *m_noArguments;
    QList<SchemaField *> m_fields;
    QMap<QString, QLabel *> m_labels;
};
