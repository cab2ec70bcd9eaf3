#pragma once

#include <QString>

namespace Emulator {

// What jsdiff's createTwoFilesPatch(name, name, before, after, "original", "modified") writes, which the
// filesystem server's edit_file answers: an "Index:" line, the ===== rule, ---/+++ headers, and hunks of
// changed lines with four lines of context, "\ No newline at end of file" where a last line has none.
class McpUnifiedDiff
{
public:
    static QString patch(const QString &fileName, const QString &before, const QString &after);
};

} // namespace Emulator
