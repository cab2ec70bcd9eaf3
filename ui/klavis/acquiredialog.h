#pragma once

#include "api/acquirerequest.h"
#include "common/formdialog.h"

class QComboBox;
class QCompleter;
class QLineEdit;

// "Acquire sandbox": one MCP server's sandbox (POST /sandbox/{server_name}).
class AcquireDialog final : public FormDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AcquireDialog)

public:
    // extraServers: names seen in responses but missing from the OpenAPI enum; offered too.
    explicit AcquireDialog(const QStringList &extraServers, QWidget *parent = nullptr);

    AcquireRequest request() const;
    void setServer(const QString &serverName);
    // For the controller's tag suggestions and for tests.
    QComboBox *serverCombo() const { return m_server; }
    QCompleter *serverCompleter() const;
    void setTag(const QString &tag);

    QString validate() override;

private:
    QComboBox *m_server;
    QComboBox *m_benchmark;
    QLineEdit *m_email;
    QLineEdit *m_tag;
};
