#pragma once

#include "api/blaxelsandbox.h"

#include <QWidget>

class QTableWidget;
class QToolButton;

// The environment of a sandbox to create, as the CLI's --env and --secret-env give it: one row per variable,
// its name, its value and whether it is a secret (sent as one, its value shown as bullets and typed in a
// password field). Rows left wholly empty are ignored.
class BlaxelEnvironmentEditor final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelEnvironmentEditor)

public:
    enum Column
    {
        NameColumn,
        ValueColumn,
        SecretColumn
    };

    explicit BlaxelEnvironmentEditor(QWidget *parent = nullptr);

    // A new row, its name cell being edited.
    void addVariable(const QString &name = {}, const QString &value = {}, bool secret = false);
    QList<BlaxelSandbox::Env> variables() const;
    QTableWidget *table() const { return m_table; }
    QToolButton *addButton() const { return m_add; }
    QToolButton *removeButton() const { return m_remove; }

signals:
    void edited();

private:
    void removeSelected();
    void updateButtons();

    QTableWidget *m_table;
    QToolButton *m_add;
    QToolButton *m_remove;
};
