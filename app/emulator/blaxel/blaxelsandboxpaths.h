#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace Emulator {

// Maps a sandbox's paths onto its real folder. Inside a sandbox "/" is that folder and the working directory
// is /blaxel; a path is relative to the working directory unless it starts with '/'. Nothing
// may leave the folder: ".." is refused, and a path whose existing part resolves (through symbolic links)
// outside it is refused too.
class BlaxelSandboxPaths
{
public:
    static QString workingDirectory() { return QStringLiteral("/blaxel"); }

    // The absolute sandbox path ("/blaxel/x"), normalized, or nullopt with `error` set.
    static std::optional<QString> sandboxPath(const QString &path, QString *error);
    // The absolute sandbox path that the URL segments after /filesystem/ name. The sandbox's API (blaxel-ai/
    // sandbox, sandbox-api/src/handler/filesystem.go, extractPathFromRequest) reads them relative to the
    // working directory unless they start with an empty one: "/filesystem//tmp/x" is /tmp/x,
    // "/filesystem/tmp/x" is /blaxel/tmp/x. It reads them decoded: "%2Ftmp%2Fx", as @blaxel/core sends
    // "/tmp/x", is /tmp/x too.
    static std::optional<QString> fromUrlSegments(const QStringList &segments, QString *error);
    // The real path of an absolute sandbox path inside `root` (a real, canonical folder), checked against
    // links that lead out; nullopt with `error` set.
    static std::optional<QString> realPath(const QString &root, const QString &sandboxPath, QString *error);
    // True when `realPath` and what it resolves to stay inside `root` (the part that exists so far).
    static bool staysInside(const QString &root, const QString &realPath);
    // The first symbolic link under `root` that points outside it (or, dangling, would), as a sandbox path;
    // empty when there is none. tar follows such a link when a later archive extracts through it.
    static QString escapingLink(const QString &root);
};

} // namespace Emulator
