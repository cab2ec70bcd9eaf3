#pragma once

#include "emulator/blaxel/blaxelsandbox.h"

#include <QDateTime>
#include <QList>

namespace Emulator {

// The workspace `demo`: about a dozen sandboxes in the states a view must show (running, standby, deploying,
// failed with errors, deleting, terminated, deactivated), with labels, ports,
// environment with a secret, TTL and expiration policies, and events. Times count back from `now`.
class BlaxelSeed
{
public:
    static QString demoWorkspace() { return QStringLiteral("demo"); }
    static QList<BlaxelSandbox> demo(const QDateTime &now);
};

} // namespace Emulator
