#include "emulator/mcp/mcpfileedits.h"

#include <QJsonObject>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

QString leadingSpace(const QString &line)
{
    qsizetype i = 0;
    while (i < line.size() && line.at(i).isSpace())
        ++i;
    return line.left(i);
}

QString trimStart(const QString &line)
{
    return line.mid(leadingSpace(line).size());
}

// The whitespace-tolerant match: true when `content` had a run of lines equal to `oldLines` once trimmed.
bool replaceLines(QStringList &content, const QStringList &oldLines, const QString &newText)
{
    for (qsizetype i = 0; i + oldLines.size() <= content.size(); ++i) {
        bool same = true;
        for (qsizetype j = 0; j < oldLines.size() && same; ++j)
            same = oldLines.at(j).trimmed() == content.at(i + j).trimmed();
        if (!same)
            continue;
        const QString originalIndent = leadingSpace(content.at(i));
        QStringList newLines = newText.split(u'\n');
        for (qsizetype j = 0; j < newLines.size(); ++j) {
            const QString line = newLines.at(j);
            if (j == 0) {
                newLines[j] = originalIndent + trimStart(line);
                continue;
            }
            // Relative indentation against the replaced line is kept, on top of the first line's.
            const QString oldIndent = j < oldLines.size() ? leadingSpace(oldLines.at(j)) : QString();
            const QString newIndent = leadingSpace(line);
            if (!oldIndent.isEmpty() && !newIndent.isEmpty()) {
                const qsizetype relative = std::max<qsizetype>(0, newIndent.size() - oldIndent.size());
                newLines[j] = originalIndent + QString(relative, u' ') + trimStart(line);
            }
        }
        content.remove(i, oldLines.size());
        for (qsizetype j = 0; j < newLines.size(); ++j)
            content.insert(i + j, newLines.at(j));
        return true;
    }
    return false;
}

} // namespace

QString McpFileEdits::normalizeLineEndings(QString text)
{
    return text.replace(u"\r\n"_s, u"\n"_s);
}

QString McpFileEdits::apply(const QString &content, const QJsonArray &edits, QString *error)
{
    QString modified = normalizeLineEndings(content);
    for (const auto &value : edits) {
        const QJsonObject edit = value.toObject();
        const QString oldText = normalizeLineEndings(edit.value(u"oldText"_s).toString());
        const QString newText = normalizeLineEndings(edit.value(u"newText"_s).toString());
        if (const qsizetype at = modified.indexOf(oldText); at >= 0) {
            modified.replace(at, oldText.size(), newText);
            continue;
        }
        QStringList lines = modified.split(u'\n');
        if (!replaceLines(lines, oldText.split(u'\n'), newText)) {
            *error = u"Could not find exact match for edit:\n"_s + edit.value(u"oldText"_s).toString();
            return {};
        }
        modified = lines.join(u'\n');
    }
    return modified;
}

QString McpFileEdits::fenced(const QString &patch)
{
    qsizetype backticks = 3;
    while (patch.contains(QString(backticks, u'`')))
        ++backticks;
    const QString fence(backticks, u'`');
    return fence + u"diff\n"_s + patch + fence + u"\n\n"_s;
}

} // namespace Emulator
