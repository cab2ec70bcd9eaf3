#pragma once

#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <vector>

namespace Emulator {

// minimatch(path, pattern, {dot: true}) for what the emulator's patterns use (the MCP filesystem server's
// search_files and directory_tree excludes, Blaxel's /filesystem-find and content search): `*` and `?` within
// one path segment, `**` as a whole segment for any number of them, `[...]` classes and `{a,b}` alternatives.
// A pattern without a slash therefore matches only a path without one, a file name alone for instance.
// Compiled once: a search tries one pattern on every entry of a tree, under the server's lock.
class GlobPattern
{
public:
    explicit GlobPattern(const QString &pattern);

    bool matches(const QString &path) const;
    static bool anyMatches(const QList<GlobPattern> &patterns, const QString &path);
    static QList<GlobPattern> compile(const QStringList &patterns);

private:
    struct Segment
    {
        bool globstar = false;
        QRegularExpression expression;
    };
    using Alternative = QList<Segment>;

    static QStringList expandBraces(const QString &pattern, int depth = 0);
    static bool matchSegments(const Alternative &pattern, qsizetype at, const QStringList &parts,
                              qsizetype from, std::vector<char> &seen);

    QList<Alternative> m_alternatives;
};

} // namespace Emulator
