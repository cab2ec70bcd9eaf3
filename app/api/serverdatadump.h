#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

// The answer of GET /sandbox/{server}/{id}/dump: the server's data (its shape is the server's own,
// JiraData, GithubData, ...) and who dumped it when.
struct ServerDataDump
{
    QString sandboxId;
    QString serverName;
    QDateTime dumpedAt; // invalid when absent or unreadable; dumpedAtText keeps what was sent
    QString dumpedAtText;
    QJsonValue data; // the server's data object, as sent
    QJsonObject raw; // the whole reply
};
