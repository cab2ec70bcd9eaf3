#pragma once

#include <QString>
#include <QStringList>

namespace Emulator {

// minimatch(path, pattern, {dot: true}) for what the filesystem server's patterns use: `*` and `?` within
// one path segment, `**` as a whole segment for any number of them, `[...]` classes and `{a,b}` alternatives.
// A pattern without a slash therefore matches only a path without one.
class McpGlob
{
public:
    static bool matches(const QString &path, const QString &pattern);
    static bool matchesAny(const QString &path, const QStringList &patterns);

private:
    static QStringList expandBraces(const QString &pattern, int depth = 0);
};

} // namespace Emulator
