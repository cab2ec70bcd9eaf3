#pragma once

#include <QJsonArray>
#include <QString>

namespace Emulator {

// edit_file's text work, as Klavis's server does it (applyFileEdits): line endings become "\n", each edit in
// turn replaces the first exact occurrence of its oldText, or else the first run of lines equal to oldText's
// once leading and trailing whitespace is ignored, re-indented like the lines it replaces.
class McpFileEdits
{
public:
    // The edited text; `error` says which edit matched nothing (then nothing is to be written).
    static QString apply(const QString &content, const QJsonArray &edits, QString *error);
    static QString normalizeLineEndings(QString text);
    // The reply: the patch in a ```diff fence with more backticks than the patch holds in a row.
    static QString fenced(const QString &patch);
};

} // namespace Emulator
