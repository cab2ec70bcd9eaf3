#pragma once

#include "mcp/mcptool.h"
#include "json/jsondifference.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

// What changed between two tool lists (two sandboxes, one sandbox before and after a reset, a saved list and
// a live one): tools only in the second list (added), only in the first (removed), and per tool in both whose
// definition differs, which parts changed and how, as JsonDiff finds it. Tools are matched by name only, so a
// rename is a removal and an addition. Each part is compared wrapped in an object named after it, so a path
// reads "$.inputSchema.properties.title.type" wherever it is shown.
//
// The lists come from servers or files: a name that appears twice keeps its first definition (the later ones
// are counted in duplicates) and every part comparison is bounded by JsonDiff's limits (truncated()).
class ToolListDiff
{
public:
    // The parts of a tool compared one by one; "other" is every member of the tool's JSON besides these and
    // the name (_meta, icons, ...).
    static const QStringList &partNames();

    struct PartChange
    {
        QString part; // one of partNames()
        QList<JsonDifference> differences;
    };

    struct ToolChange
    {
        QString name;
        QList<PartChange> parts;
        QStringList partNames() const;
    };

    static ToolListDiff compare(const QList<McpTool> &before, const QList<McpTool> &after);

    const QStringList &added() const { return m_added; }     // sorted by name
    const QStringList &removed() const { return m_removed; } // sorted by name
    const QList<ToolChange> &changed() const { return m_changed; }
    qsizetype unchangedCount() const { return m_unchanged; }
    qsizetype beforeCount() const { return m_beforeCount; }
    qsizetype afterCount() const { return m_afterCount; }
    QStringList duplicates() const { return m_duplicates; } // names listed more than once on either side
    bool isTruncated() const { return m_truncated; }
    bool isSame() const { return m_added.isEmpty() && m_removed.isEmpty() && m_changed.isEmpty(); }
    const ToolChange *change(const QString &name) const;

    // {"same", "added", "removed", "changed": [{"name", "parts": [{"part", "differences": [{"path",
    // "kind", "old", "new"}]}]}], "unchanged", "before_count", "after_count", "duplicates", "truncated"}
    QJsonObject toJson() const;

private:
    QStringList m_added;
    QStringList m_removed;
    QList<ToolChange> m_changed;
    QStringList m_duplicates;
    qsizetype m_unchanged = 0;
    qsizetype m_beforeCount = 0;
    qsizetype m_afterCount = 0;
    bool m_truncated = false;
};
