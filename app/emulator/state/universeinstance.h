#pragma once

#include <QDateTime>
#include <QString>

namespace Emulator {

// One instance of a universe's pool: its services' data live in EmulatorState::serverData under the
// instance id, as a hosted sandbox's do under its sandbox id (ServerDataApi::key).
struct UniverseInstance
{
    QString id;
    QString universeId;
    bool acquired = false;
    QDateTime acquiredAt; // invalid while idle
};

} // namespace Emulator
