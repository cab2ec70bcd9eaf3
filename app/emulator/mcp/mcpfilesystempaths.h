#pragma once

#include "emulator/workspace/workspace.h"

#include <QList>
#include <QPair>
#include <QString>

namespace Emulator {

// The filesystem server's one allowed directory, the workspace, and validatePath as Klavis's server does it:
// a relative path resolves against the root, the lexical result must lie inside it, and so must every
// symbolic link's target on the way (the path answered is the real one). A path that does not exist yet is
// accepted, for the tools that create it.
class McpFilesystemPaths
{
public:
    // What the server shows for the workspace. Klavis does not document its VM's folder; this name is the
    // emulator's, and absolute paths are read against it.
    static QString root() { return QStringLiteral("/workspace"); }

    enum class Kind
    {
        Missing,
        File,
        Directory
    };
    struct Resolved
    {
        QString path;  // real and workspace-relative, "" is the root
        QString error; // set: refused, nothing else is meaningful
        Kind kind = Kind::Missing;
        const Workspace::Entry *entry = nullptr; // a file's or folder's (none for the root)
        bool parentExists = true;                // false when a folder on the way is missing

        QString absolute() const { return McpFilesystemPaths::absolute(path); }
    };

    static Resolved validate(const Workspace &workspace, const QString &requested);
    static QString absolute(const QString &path);

    // Node's error text, which the server passes on: "ENOENT: no such file or directory, open
    // '/workspace/x'".
    static QString nodeError(const QString &code, const QString &syscall, const QString &path = {});

    // The entries directly in `folder` (workspace-relative, "" the root), by name.
    static QList<QPair<QString, const Workspace::Entry *>> children(const Workspace &workspace,
                                                                    const QString &folder);
    // A folder's or file's path below `folder`.
    static QString join(const QString &folder, const QString &name);
};

} // namespace Emulator
