#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>

// 201 of POST /sandbox/{server}.
struct AcquiredSandbox
{
    QString sandboxId;
    QString serverName;
    QString status;
    QString message;
    QMap<QString, QString> serverUrls; // `server_urls`, or the older `server_url` wrapped
    QJsonObject raw;
};
