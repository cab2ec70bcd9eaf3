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

// A few dozen distinct values over all rows: rank the values, then look each row's up. `textAt(row)` reads
// a row's value, in the rows themselves or in a copy of the column.
template <typename TextAt> std::vector<quint32> ranksOfFewValues(int count, const TextAt &textAt)
{
    QHash<QString, quint32> valueIndex;
    QList<QString> values;
    std::vector<quint32> ranks(static_cast<size_t>(count));
    for (int row = 0; row < count; ++row) {
        const QString &text = textAt(row);
        auto it = valueIndex.find(text);
        if (it == valueIndex.end()) {
            it = valueIndex.insert(text, quint32(values.size()));
            values.append(text);
        }
        ranks[size_t(row)] = *it;
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

// Ranks by sorting the rows with `compare` on their keys (many distinct values), read through `keyAt(row)`.
template <typename KeyAt, typename Compare>
std::vector<quint32> ranksBySorting(int count, const KeyAt &keyAt, Compare compare)
{
    std::vector<int> rows(static_cast<size_t>(count));
    std::iota(rows.begin(), rows.end(), 0);
    std::sort(rows.begin(), rows.end(), [&](int a, int b) { return compare(keyAt(a), keyAt(b)) < 0; });
    std::vector<quint32> ranks(static_cast<size_t>(count), 0);
    quint32 rank = 0;
    for (size_t i = 0; i < rows.size(); ++i) {
        if (i > 0 && compare(keyAt(rows[i]), keyAt(rows[i - 1])) != 0)
            ++rank;
        ranks[size_t(rows[i])] = rank;
    }
    return ranks;
}

std::vector<std::pair<qint64, int>> updateKeys(int count,
                                               const std::function<const SandboxSummary &(int)> &at)
{
    std::vector<std::pair<qint64, int>> keyed(static_cast<size_t>(count));
    for (int row = 0; row < count; ++row)
        keyed[size_t(row)] = {instant(at(row).updatedAt), row};
    return keyed;
}

bool isFewValuesColumn(int column)
{
    return column == SandboxListModel::ServerColumn || column == SandboxListModel::StatusColumn ||
           column == SandboxListModel::BenchmarkColumn;
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
    // The rows are read in place: on this path nothing changes them while the ranks are built.
    if (column == SandboxListModel::UpdatedColumn)
        return ranksOfKeys(updateKeys(count, at), count);
    if (isFewValuesColumn(column))
        return ranksOfFewValues(count, [&](int row) -> const QString & { return textOf(at(row), column); });
    if (column == SandboxListModel::TagsColumn)
        return ranksBySorting(
            count, [&](int row) -> const QStringList & { return at(row).tags; }, compareTags);
    if (column == SandboxListModel::SandboxIdColumn)
        return ranksBySorting(
            count, [&](int row) -> const QString & { return at(row).sandboxId; }, compareText);
    return std::vector<quint32>(static_cast<size_t>(count), 0); // any other column: all rows equal
}

std::function<std::vector<quint32>()>
SandboxOrdering::rankTask(int count, int column, const std::function<const SandboxSummary &(int)> &at)
{
    // A copy of the column's values only, taken now; the same ranking steps as ranks() run on it later.
    if (column == SandboxListModel::UpdatedColumn)
        return
            [keyed = updateKeys(count, at), count]() mutable { return ranksOfKeys(std::move(keyed), count); };
    if (isFewValuesColumn(column) || column == SandboxListModel::SandboxIdColumn) {
        std::vector<QString> texts(static_cast<size_t>(count));
        for (int row = 0; row < count; ++row)
            texts[size_t(row)] =
                column == SandboxListModel::SandboxIdColumn ? at(row).sandboxId : textOf(at(row), column);
        const auto textAt = [](const std::vector<QString> &values) {
            return [&values](int row) -> const QString & { return values[size_t(row)]; };
        };
        if (isFewValuesColumn(column))
            return
                [texts = std::move(texts), count, textAt] { return ranksOfFewValues(count, textAt(texts)); };
        return [texts = std::move(texts), count, textAt] {
            return ranksBySorting(count, textAt(texts), compareText);
        };
    }
    if (column == SandboxListModel::TagsColumn) {
        std::vector<QStringList> tags(static_cast<size_t>(count));
        for (int row = 0; row < count; ++row)
            tags[size_t(row)] = at(row).tags;
        return [tags = std::move(tags), count] {
            return ranksBySorting(
                count, [&tags](int row) -> const QStringList & { return tags[size_t(row)]; }, compareTags);
        };
    }
    return [count] { return std::vector<quint32>(static_cast<size_t>(count), 0); };
}
