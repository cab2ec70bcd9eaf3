#pragma once

#include "emulator/blaxel/blaxelsandbox.h"

#include <QSet>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace Emulator {

// The real folders behind emulated sandboxes: <data dir>/<workspace>/<name>, with /blaxel inside as the
// working directory. Without a data dir the folders live in a temporary folder removed with the emulator.
class BlaxelSandboxStorage
{
public:
    // The sandbox's canonical root, created (with its seed files) on first use; empty with `error` set.
    QString prepare(const BlaxelSandbox &sandbox, const QString &dataDir, QString *error);
    // Its data is gone for good (delete, or a new sandbox taking the name).
    void destroy(const QString &workspace, const QString &name, const QString &dataDir);

private:
    QString base(const QString &dataDir, QString *error);

    std::unique_ptr<QTemporaryDir> m_temporary;
    QString m_base; // fixed at first use
    QSet<QString> m_prepared;
};

} // namespace Emulator
