#pragma once

#include "mcp/mcperror.h"
#include "mcp/mcptool.h"
#include "mcp/mcptoolresult.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>

class McpClient;

// The handle of one MCP request. finished() comes exactly once, never before the method that made the call
// has returned; the client deletes the call later (deleteLater after finished), so read it in the slot.
class McpCall : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpCall)

public:
    explicit McpCall(const QString &method, QObject *parent = nullptr);

    QString method() const { return m_method; }
    bool isFinished() const { return m_finished; }
    const McpError &error() const { return m_error; }
    QJsonValue result() const { return m_result; }
    QList<McpTool> tools() const { return m_tools; }
    McpToolResult toolResult() const { return m_toolResult; }

    // Sends notifications/cancelled for a request in flight; finished() with Cancelled.
    void cancel();

signals:
    void finished();
    void progress(double progress, double total, const QString &message);
    void notification(const QString &method, const QJsonObject &params);

private:
    friend class McpClient;
    // Records the outcome at once and emits finished() from the event loop.
    void finish(const McpError &error, const QJsonValue &result = {});

    QString m_method;
    bool m_finished = false;
    McpError m_error;
    QJsonValue m_result;
    QList<McpTool> m_tools;
    McpToolResult m_toolResult;
    QString m_progressToken;
    std::function<void()> m_onCancel;
};
