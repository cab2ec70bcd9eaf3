#pragma once

#include <QJsonObject>
#include <QString>

// One entry of tools/list; `raw` keeps what the server sent, fields we do not read included.
struct McpTool
{
    QString name;
    QString title;
    QString description;
    QJsonObject inputSchema;
    QJsonObject outputSchema;
    QJsonObject annotations;
    QJsonObject raw;
};
