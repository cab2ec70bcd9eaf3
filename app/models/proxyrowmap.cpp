#include "models/proxyrowmap.h"

#include <algorithm>

namespace {
constexpr size_t maxErasedRuns = 64; // past that, proxyRow() would cost more than a renumbering saves
}

void ProxyRowMap::reset(std::vector<int> rows, int sourceCount)
{
    m_erased.clear();
    m_rows = std::move(rows);
    m_proxyOf.assign(size_t(sourceCount), -1);
    renumber(0, size());
}

void ProxyRowMap::erase(int first, int last)
{
    for (int i = first; i <= last; ++i)
        m_proxyOf[size_t(m_rows[size_t(i)])] = -1;
    m_rows.erase(m_rows.begin() + first, m_rows.begin() + last + 1);
    m_erased.emplace_back(first, last - first + 1);
    if (m_erased.size() > maxErasedRuns)
        settle();
}

void ProxyRowMap::insert(int at, const std::vector<int> &sources)
{
    settle();
    m_rows.insert(m_rows.begin() + at, sources.begin(), sources.end());
    renumber(at, size());
}

void ProxyRowMap::move(int from, int to)
{
    settle();
    const auto begin = m_rows.begin();
    if (from < to)
        std::rotate(begin + from, begin + from + 1, begin + to + 1);
    else
        std::rotate(begin + to, begin + from, begin + from + 1);
    renumber(std::min(from, to), std::max(from, to) + 1);
}

void ProxyRowMap::sourceRowsInserted(int first, int count)
{
    // Branch-free, so that the compiler vectorises it: it runs over every row shown.
    for (int &row : m_rows)
        row += count * int(row >= first);
    m_proxyOf.insert(m_proxyOf.begin() + first, size_t(count), -1);
}

void ProxyRowMap::sourceRowsRemoved(int first, int count)
{
    m_proxyOf.erase(m_proxyOf.begin() + first, m_proxyOf.begin() + first + count);
    const int end = first + count;
    for (int &row : m_rows)
        row -= count * int(row >= end);
}

void ProxyRowMap::settle()
{
    if (m_erased.empty())
        return;
    int from = size();
    for (const auto &run : m_erased)
        from = std::min(from, run.first);
    renumber(from, size());
    m_erased.clear();
}

void ProxyRowMap::renumber(int from, int to)
{
    for (int i = from; i < to; ++i)
        m_proxyOf[size_t(m_rows[size_t(i)])] = i;
}

std::vector<std::pair<int, int>> ProxyRowMap::runs(const std::vector<int> &positions)
{
    std::vector<std::pair<int, int>> result;
    for (const int position : positions) {
        if (!result.empty() && result.back().second + 1 == position)
            result.back().second = position;
        else
            result.emplace_back(position, position);
    }
    return result;
}
