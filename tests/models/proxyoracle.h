#pragma once

// The seeded rows of the SandboxFilterProxy suites and their independent oracle: a plain
// QSortFilterProxyModel over the same model, and the seeded data that makes ties, case and accent differences
// likely.
#include "api/sandboxsummary.h"
#include "models/sandboxlistmodel.h"
#include "seededrandom.h"

#include <QSortFilterProxyModel>

#include <vector>

using namespace Qt::StringLiterals;

namespace {

const QDateTime now(QDate(2026, 2, 16), QTime(12, 0), Qt::UTC);

SandboxSummary sandbox(const QString &server, const QString &id, const QString &status,
                       const QString &benchmark, const QStringList &tags, int minutesAgo)
{
    SandboxSummary s;
    s.serverName = server;
    s.sandboxId = id;
    s.status = status;
    s.benchmark = benchmark;
    s.tags = tags;
    s.updatedAt = now.addSecs(-60 * minutesAgo);
    s.updatedAtText = s.updatedAt.toString(Qt::ISODate);
    return s;
}

// The independent oracle for the flat proxy's order: Qt's own QSortFilterProxyModel over the same model,
// sorting by the model's SortRole with QVariant's comparison and filtering through the public roles.
// Ties: the flat proxy claims source order in both directions. QSortFilterProxyModel sorts stably but asks
// lessThan(right, left) for a descending sort, so the tie-break is spelled out here, reversed for that case.
class OracleProxy : public QSortFilterProxyModel
{
public:
    OracleProxy() { setSortRole(SandboxListModel::SortRole); }

    void setSearchText(const QString &text)
    {
        m_needle = text.trimmed().toLower();
        invalidateRowsFilter();
    }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override
    {
        if (m_needle.isEmpty())
            return true;
        const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
        for (const int role : {SandboxListModel::ServerNameRole, SandboxListModel::SandboxIdRole,
                               SandboxListModel::StatusRole, SandboxListModel::BenchmarkRole})
            if (index.data(role).toString().toLower().contains(m_needle))
                return true;
        const QStringList tags = index.data(SandboxListModel::TagsRole).toStringList();
        return std::any_of(tags.begin(), tags.end(),
                           [&](const QString &tag) { return tag.toLower().contains(m_needle); });
    }

    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override
    {
        const QPartialOrdering order = QVariant::compare(left.data(sortRole()), right.data(sortRole()));
        if (order == QPartialOrdering::Less || order == QPartialOrdering::Greater)
            return order == QPartialOrdering::Less;
        return sortOrder() == Qt::AscendingOrder ? left.row() < right.row() : left.row() > right.row();
    }

private:
    QString m_needle;
};

// Rows built to tie and to differ only in case, accents, separators and prefixes, with unknown times.
inline QList<SandboxSummary> oracleList(quint64 &random, int count)
{
    const QStringList servers{u"github"_s,     u"GitHub"_s,     u"jira"_s, u"Cal.com"_s, u"cal.com"_s,
                              u"\u00c4rger"_s, u"\u00e4rger"_s, u"zeta"_s, u"a_b"_s,     u"a-b"_s};
    const QStringList statuses{u"idle"_s, u"Idle"_s, u"occupied"_s, u"error"_s, {}};
    const QStringList benchmarks{u"MCP_Atlas"_s, u"mcp_atlas"_s, u"Toolathlon"_s, {}};
    const QStringList tagWords{u"nightly"_s, u"team"_s, u"team-a"_s,       u"team b"_s,
                               u"ci"_s,      u"CI"_s,   u"\u00e9t\u00e9"_s};
    const QStringList idPrefixes{u"id"_s, u"ID"_s, u"Id"_s};
    const auto pick = [&](const QStringList &from) {
        return from[int(nextRandom(random) % quint64(from.size()))];
    };
    QList<SandboxSummary> list;
    for (int i = 0; i < count; ++i) {
        QStringList tags;
        for (quint64 t = nextRandom(random) % 4; t > 0; --t)
            tags << pick(tagWords);
        const int age = int(nextRandom(random) % 60);
        const QString server = pick(servers);
        const QString status = pick(statuses);
        const QString benchmark = pick(benchmarks);
        const QString id = pick(idPrefixes) + u"-%1"_s.arg(i % 700);
        SandboxSummary s = sandbox(server, id, status, benchmark, tags, age);
        if (nextRandom(random) % 20 == 0) {
            s.updatedAt = {};
            s.updatedAtText = u"yesterday"_s;
        }
        list << s;
    }
    return list;
}

inline std::vector<int> sourceOrder(const QAbstractItemModel &proxy)
{
    std::vector<int> rows;
    const auto *mapping = qobject_cast<const QAbstractProxyModel *>(&proxy);
    for (int row = 0; row < proxy.rowCount(); ++row)
        rows.push_back(mapping->mapToSource(proxy.index(row, 0)).row());
    return rows;
}

} // namespace
