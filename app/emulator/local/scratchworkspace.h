#pragma once

#include "emulator/workspace/workspace.h"
#include "emulator/workspace/workspacearchive.h"

#include <QString>
#include <QStringList>

#include <functional>

namespace Emulator {

// A sandbox's in-memory Workspace on a real folder, for the executions that run there (LocalExecutions), and
// back. The folder belongs to the emulator but a script has run in it: nothing found there is trusted (links
// are replaced, not followed; what is read back keeps the workspace's limits).
class ScratchWorkspace
{
public:
    using Filter = std::function<bool(const QString &path)>;

    // Writes the entries `filter` accepts (all without one) below `root`, replacing what is there under the
    // same names. Answers an error text, empty on success.
    static QString write(const Workspace &workspace, const QString &root, const Filter &filter = {});
    // Removes root/path: a link or file itself, a real folder with its content (never a link's target).
    static bool remove(const QString &root, const QString &path);
    // The folder's content as a Workspace within `limits`; what is left out is said in `notes`.
    static Workspace read(const QString &root, const WorkspaceArchive::Limits &limits, QStringList *notes);
};

} // namespace Emulator
