#pragma once

#include "emulator/blaxel/blaxelsandbox.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Emulator {

struct IncomingRequest;

// The query of GET /sandboxes: status (comma list), q (2+ characters over name, display name and labels),
// showTerminated, limit (1..200), cursor and sort (field:asc|desc). Cursors are keyset cursors (the last
// item's sort value and name), so that sandboxes created or deleted between two pages neither repeat nor
// drop an item that stays.
class BlaxelListQuery
{
public:
    struct Page
    {
        QList<const BlaxelSandbox *> items;
        bool hasMore = false;
        QString nextCursor; // empty when there is no next page
        qsizetype total = 0;
    };

    // nullopt with `error` set for a value the API refuses.
    static std::optional<BlaxelListQuery> parse(const IncomingRequest &request, int defaultLimit,
                                                int maxLimit, QString *error);

    bool matches(const BlaxelSandbox &sandbox) const;
    // The whole match in order when `paged` is false (the unversioned API has no paging).
    Page page(const QList<BlaxelSandbox> &sandboxes, bool paged) const;

private:
    QString sortValue(const BlaxelSandbox &sandbox) const;
    bool before(const QString &valueA, const QString &nameA, const QString &valueB,
                const QString &nameB) const;
    QString cursorAfter(const BlaxelSandbox &sandbox) const;

    QStringList m_statuses; // upper case; empty: all
    QString m_search;       // case-folded
    bool m_showTerminated = false;
    int m_limit = 0;
    QString m_sortField = QStringLiteral("createdAt");
    bool m_descending = true;
    std::optional<QPair<QString, QString>> m_after; // the cursor's (sort value, name)
};

} // namespace Emulator
