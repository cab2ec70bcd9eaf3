#pragma once

#include <QStringList>

// The sandbox servers whose data can be seeded and dumped (POST /sandbox/{server}/{id}/initialize, GET
// .../dump), as the paths of resources/provider/klavis-sandbox-openapi.json (May 2026) name them; the shell
// completions are written from this list, and tst_sandboxdata holds it to the file. A suggestion, like
// ServerLists: the API may add servers, so a name not listed is still sent.
class DataServers
{
public:
    static QStringList names();
    static bool contains(const QString &serverName);
};
