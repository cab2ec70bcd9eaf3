#pragma once

#include "api/localacquirerequest.h"
#include "common/formdialog.h"

class QCheckBox;
class QComboBox;
class QLineEdit;
class QListWidget;

// "Acquire local sandbox": one VM hosting the chosen local MCP servers (POST /local-sandbox).
class LocalAcquireDialog final : public FormDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocalAcquireDialog)

public:
    explicit LocalAcquireDialog(QWidget *parent = nullptr);

    LocalAcquireRequest request() const;
    void setCheckedServers(const QStringList &serverNames);
    QListWidget *serverList() const { return m_servers; }
    QCheckBox *allServersCheckBox() const { return m_all; }

    QString validate() override;

private:
    QStringList checkedServers() const;

    QCheckBox *m_all;
    QListWidget *m_servers;
    QComboBox *m_benchmark;
    QLineEdit *m_email;
};
