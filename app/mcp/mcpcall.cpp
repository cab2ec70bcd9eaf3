#include "mcp/mcpcall.h"

#include <QTimer>

McpCall::McpCall(const QString &method, QObject *parent) : QObject(parent), m_method(method) {}

void McpCall::cancel()
{
    if (m_finished)
        return;
    if (m_onCancel) {
        const auto onCancel = std::move(m_onCancel);
        m_onCancel = nullptr;
        onCancel();
    }
    if (!m_finished)
        finish(McpError::make(McpError::Kind::Cancelled, {}));
}

void McpCall::finish(const McpError &error, const QJsonValue &result)
{
    if (m_finished)
        return;
    m_finished = true;
    m_error = error;
    m_result = result;
    m_onCancel = nullptr;
    QTimer::singleShot(0, this, [this] {
        emit finished();
        deleteLater();
    });
}
