#include "cli/toollistdifftext.h"

#include "cli/jsondifferencetext.h"
#include "cli/terminaltext.h"
#include "mcp/toollistdiff.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace {

QString toolsWord(qsizetype count)
{
    return count == 1 ? u"1 tool"_s : u"%1 tools"_s.arg(count);
}

QString namesBlock(const QStringList &names, QChar mark)
{
    QString text;
    for (const QString &name : names)
        text += u"  "_s + mark + u' ' + TerminalText::escape(name) + u'\n';
    return text;
}

QString summary(const ToolListDiff &diff)
{
    if (diff.isSame())
        return u"The tool lists are the same (%1).\n"_s.arg(toolsWord(diff.afterCount()));
    QString text;
    if (!diff.added().isEmpty())
        text += u"Only in B (%1):\n"_s.arg(toolsWord(diff.added().size())) + namesBlock(diff.added(), u'+');
    if (!diff.removed().isEmpty())
        text +=
            u"Only in A (%1):\n"_s.arg(toolsWord(diff.removed().size())) + namesBlock(diff.removed(), u'-');
    if (!diff.changed().isEmpty()) {
        text += u"Changed (%1):\n"_s.arg(toolsWord(diff.changed().size()));
        for (const auto &change : diff.changed()) {
            text +=
                u"  ~ %1: %2\n"_s.arg(TerminalText::escape(change.name), change.partNames().join(u", "_s));
            for (const auto &part : change.parts) {
                for (const auto &difference : part.differences)
                    text += u"      "_s + JsonDifferenceText::line(difference) + u'\n';
            }
        }
    }
    text += u"%1 the same; A has %2, B has %3.\n"_s.arg(
        toolsWord(diff.unchangedCount()), toolsWord(diff.beforeCount()), toolsWord(diff.afterCount()));
    return text;
}

} // namespace

QString ToolListDiffText::report(const ToolListDiff &diff)
{
    QString text = summary(diff);
    if (!diff.duplicates().isEmpty())
        text += u"Listed more than once (the first definition compared): %1\n"_s.arg(
            TerminalText::escape(diff.duplicates().join(u", "_s)));
    if (diff.isTruncated())
        text += u"(a tool's comparison stopped at its limit: there may be more differences)\n"_s;
    return text;
}
