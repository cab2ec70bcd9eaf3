#pragma once

#include "mcp/mcperror.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QUrl>

#include <utility>

// One HTTP request and its reply, for the protocol log. Redacted: the URL's query values and the
// Authorization header are replaced, so that a log can be copied anywhere.
struct McpExchange
{
    QString method; // "initialize", "tools/call", "notifications/initialized", "GET", "DELETE"
    QUrl url;
    QList<std::pair<QByteArray, QByteArray>> requestHeaders;
    QByteArray requestBody;
    int httpStatus = 0;
    QByteArray responseBody; // the JSON, or the SSE events' data joined by "\n"
    QString responseContentType;
    QDateTime started;
    qint64 elapsedMs = 0;
    McpError error;
};
