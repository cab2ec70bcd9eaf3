#pragma once

#include "api/sandboxsummary.h"

#include <QJsonObject>
#include <QMap>

// GET /sandbox/{server}/{id}. serverUrls holds one entry per MCP server: the current API's
// `server_urls` map, or the older single `server_url` wrapped as {server_name: url}.
struct SandboxDetails
{
    SandboxSummary summary;
    QMap<QString, QString> serverUrls;
    QJsonObject metadata; // may hold access tokens: mask in the UI
    QJsonObject authData; // credentials: mask in the UI
    QJsonObject raw;      // the whole response, for the raw JSON view
};
