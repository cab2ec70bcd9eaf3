#pragma once

#include <QStringList>

// The sandbox servers whose data can be seeded and dumped (POST /sandbox/{server}/{id}/initialize, GET
// .../dump), copied from the paths of tests/data/provider/klavis-sandbox-openapi.json (May 2026). A
// suggestion, like ServerLists: the API may add servers, so a name not listed is still sent.
class DataServers
{
public:
    static QStringList names();
    static bool contains(const QString &serverName);
};
