#pragma once

#include <QString>
#include <QStringList>

namespace Emulator {

// The enums of klavis-sandbox-core-openapi.json, in the order the provider declares them (pydantic's enum
// error lists the values in that order, and "ALL" expands to the local servers in that order).
class Catalog
{
public:
    static const QStringList &sandboxServers();
    static const QStringList &localServers();
    static const QStringList &benchmarks();
    static const QStringList &regions();
    static const QStringList &statuses();
};

} // namespace Emulator
