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
    // The sandbox status words this version knows, lower case: idle, occupied, error (in that order, which
    // StatusKind follows). `sandboxdeck-cli list --status` accepts these; the API may send others.
    static QStringList statuses();
};
