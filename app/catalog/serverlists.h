#pragma once

#include <QStringList>

// The server and benchmark names the pickers offer, copied from the enums of
// tests/data/provider/klavis-sandbox-core-openapi.json (SandboxMCPServer, LocalSandboxMCPServer,
// BenchmarkEnum). They are suggestions only: the API drifts, so every picker also accepts a typed name.
class ServerLists
{
public:
    static QStringList sandboxServers();
    static QStringList localServers();
    static QStringList benchmarks();
};
