#pragma once

#include "inspector/schemafieldspec.h"

#include <QWidget>

#include <optional>

class JsonTextEdit;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class SchemaListEditor;

// The editor for one property of a tool's input: a line for strings and numbers, a check box for a
// boolean, a list of the choices for an enum, a list editor for an array of those, JSON for the rest; a
// "null" box beside a nullable one; what is wrong with the value said under it.
class SchemaField final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SchemaField)

public:
    explicit SchemaField(const SchemaFieldSpec &spec, QWidget *parent = nullptr);

    const SchemaFieldSpec &spec() const { return m_spec; }
    // What goes into the arguments: nothing for an optional field left empty. Meaningful only while
    // problem() is empty.
    std::optional<QJsonValue> value() const;
    QString problem() const;
    void setValue(const QJsonValue &value);
    // Shows the problem under the field even before the user has touched it (after a refused Call).
    void revealProblem();

    // The editor a user types into, of the kind's type (tests and the page find them here).
    QWidget *editor() const { return m_editor; }
    QCheckBox *nullBox() const { return m_null; }
    QLabel *problemLabel() const { return m_problemLabel; }

signals:
    void changed();

protected:
    void changeEvent(QEvent *event) override;

private:
    void onEdited();
    void updateProblem();
    QString plainProblem(QJsonValue *value) const;

    SchemaFieldSpec m_spec;
    QWidget *m_editor = nullptr;
    QLineEdit *m_line = nullptr;
    QCheckBox *m_check = nullptr;
    QComboBox *m_combo = nullptr;
    SchemaListEditor *m_list = nullptr;
    JsonTextEdit *m_json = nullptr;
    QCheckBox *m_null = nullptr;
    QLabel *m_problemLabel;
    bool m_touched = false;
    bool m_settingValue = false;
};
