#include "models/sandboxordering.h"

#include "models/sandboxlistmodel.h"

#include <QHash>

#include <algorithm>
#include <limits>
#include <numeric>

namespace {

int compareText(const QString &a, const QString &b)
{
    return a.compare(b, Qt::CaseInsensitive);
}

int compareTags(const QStringList &a, const QStringList &b)
{
    const qsizetype common = std::min(a.size(), b.size());
    for (qsizetype i = 0; i < common; ++i)
        if (const int order = compareText(a[i], b[i]); order != 0)
            return order;
    return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

qint64 instant(const QDateTime &time)
{
    // Unknown times sort before every known one.
    return time.isValid() ? time.toMSecsSinceEpoch() : std::numeric_limits<qint64>::min();
}

const QString &textOf(const SandboxSummary &s, int column)
{
    switch (column) {
    case SandboxListModel::ServerColumn:
        return s.serverName;
    case SandboxListModel::StatusColumn:
        return s.status;
    default:
        return s.benchmark;
    }
}

// Ranks from a key per row: sort (key, row) pairs, then number the distinct keys.
template <typename Key> std::vector<quint32> ranksOfKeys(std::vector<std::pair<Key, int>> keyed, int count)
{
    std::sort(keyed.begin(), keyed.end());
    std::vector<quint32> ranks(static_cast<size_t>(count), 0);
    quint32 rank = 0;
    for (size_t i = 0; i < keyed.size(); ++i) {
        if (i > 0 && keyed[i].first != keyed[i - 1].first)
            ++rank;
        ranks[size_t(keyed[i].second)] = rank;
    }
    return ranks;
}

// A few dozen distinct values over all rows: rank the values, then look each row's up.
std::vector<quint32> ranksOfFewValues(const std::vector<QString> &texts)
{
    QHash<QString, quint32> valueIndex;
    QList<QString> values;
    std::vector<quint32> ranks(texts.size());
    for (size_t row = 0; row < texts.size(); ++row) {
        auto it = valueIndex.find(texts[row]);
        if (it == valueIndex.end()) {
            it = valueIndex.insert(texts[row], quint32(values.size()));
            values.append(texts[row]);
        }
        ranks[row] = *it;
    }
    std::vector<quint32> order(size_t(values.size()));
    std::iota(order.begin(), order.end(), 0U);
    std::sort(order.begin(), order.end(),
              [&](quint32 a, quint32 b) { return compareText(values[a], values[b]) < 0; });
    std::vector<quint32> valueRank(size_t(values.size()));
    quint32 rank = 0;
    for (size_t i = 0; i < order.size(); ++i) {
        if (i > 0 && compareText(values[order[i]], values[order[i - 1]]) != 0)
            ++rank;
        valueRank[order[i]] = rank;
    }
    for (quint32 &entry : ranks)
        entry = valueRank[entry];
    return ranks;
}

// Ranks by sorting the rows with `compare` on their keys (many distinct values).
template <typename Key, typename Compare>
std::vector<quint32> ranksBySorting(const std::vector<Key> &keys, Compare compare)
{
    std::vector<int> rows(keys.size());
    std::iota(rows.begin(), rows.end(), 0);
    std::sort(rows.begin(), rows.end(),
              [&](int a, int b) { return compare(keys[size_t(a)], keys[size_t(b)]) < 0; });
    std::vector<quint32> ranks(keys.size(), 0);
    quint32 rank = 0;
    for (size_t i = 0; i < rows.size(); ++i) {
        if (i > 0 && compare(keys[size_t(rows[i])], keys[size_t(rows[i - 1])]) != 0)
            ++rank;
        ranks[size_t(rows[i])] = rank;
    }
    return ranks;
}

} // namespace

int SandboxOrdering::compare(const SandboxSummary &a, const SandboxSummary &b, int column)
{
    switch (column) {
    case SandboxListModel::ServerColumn:
        return compareText(a.serverName, b.serverName);
    case SandboxListModel::SandboxIdColumn:
        return compareText(a.sandboxId, b.sandboxId);
    case SandboxListModel::StatusColumn:
        return compareText(a.status, b.status);
    case SandboxListModel::BenchmarkColumn:
        return compareText(a.benchmark, b.benchmark);
    case SandboxListModel::TagsColumn:
        return compareTags(a.tags, b.tags);
    case SandboxListModel::UpdatedColumn: {
        const qint64 left = instant(a.updatedAt);
        const qint64 right = instant(b.updatedAt);
        return left < right ? -1 : (left > right ? 1 : 0);
    }
    }
    return 0;
}

std::vector<quint32> SandboxOrdering::ranks(int count, int column,
                                            const std::function<const SandboxSummary &(int)> &at)
{
    return rankTask(count, column, at)();
}

std::function<std::vector<quint32>()>
SandboxOrdering::rankTask(int count, int column, const std::function<const SandboxSummary &(int)> &at)
{
    if (column == SandboxListModel::UpdatedColumn) {
        std::vector<std::pair<qint64, int>> keyed(static_cast<size_t>(count));
        for (int row = 0; row < count; ++row)
            keyed[size_t(row)] = {instant(at(row).updatedAt), row};
        return [keyed = std::move(keyed), count]() mutable { return ranksOfKeys(std::move(keyed), count); };
    }
    if (column == SandboxListModel::ServerColumn || column == SandboxListModel::StatusColumn ||
        column == SandboxListModel::BenchmarkColumn) {
        std::vector<QString> texts(static_cast<size_t>(count));
        for (int row = 0; row < count; ++row)
            texts[size_t(row)] = textOf(at(row), column);
        return [texts = std::move(texts)] { return ranksOfFewValues(texts); };
    }
    if (column == SandboxListModel::TagsColumn) {
        std::vector<QStringList> tags(static_cast<size_t>(count));
        for (int row = 0; row < count; ++row)
            tags[size_t(row)] = at(row).tags;
        return [tags = std::move(tags)] { return ranksBySorting(tags, compareTags); };
    }
    std::vector<QString> texts(static_cast<size_t>(count));
    if (column == SandboxListModel::SandboxIdColumn)
        for (int row = 0; row < count; ++row)
            texts[size_t(row)] = at(row).sandboxId;
    // Any other column compares equal throughout: every row gets rank 0.
    return [texts = std::move(texts)] { return ranksBySorting(texts, compareText); };
}
