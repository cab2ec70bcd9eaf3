#pragma once

#include <cstddef>
#include <utility>
#include <vector>

// The row mapping of a flat sorting and filtering proxy: the source rows shown, in display order, and
// each source row's display position (-1 when hidden). Operations keep both directions consistent, so a
// view that queries the proxy from inside a begin/end signal pair sees a coherent model. Costs are
// linear in the rows shown (plain array moves), never in the number of operations before them.
class ProxyRowMap
{
public:
    int size() const { return int(m_rows.size()); }
    int sourceRow(int proxyRow) const { return m_rows[size_t(proxyRow)]; }
    int proxyRow(int sourceRow) const
    {
        if (sourceRow < 0 || size_t(sourceRow) >= m_proxyOf.size())
            return -1;
        int row = m_proxyOf[size_t(sourceRow)];
        if (row >= 0)
            for (const auto &[first, count] : m_erased)
                if (row >= first)
                    row -= count;
        return row;
    }
    const std::vector<int> &rows() const { return m_rows; }

    // Shows exactly `rows`, in that order, out of `sourceCount` source rows.
    void reset(std::vector<int> rows, int sourceCount);
    // Hides the rows shown at [first, last].
    void erase(int first, int last);
    // Shows `sources` (hidden so far) at position `at`, in their order.
    void insert(int at, const std::vector<int> &sources);
    // Moves the row at `from` so that it ends up at `to` (both positions in the list as it is now).
    void move(int from, int to);

    // The source inserted `count` rows at `first`: later rows move down, the new ones are hidden.
    void sourceRowsInserted(int first, int count);
    // The source removed rows [first, first + count), all of them hidden by now.
    void sourceRowsRemoved(int first, int count);

    // Ascending positions as runs of consecutive ones: (first, last) pairs.
    static std::vector<std::pair<int, int>> runs(const std::vector<int> &positions);

private:
    void renumber(int from, int to); // m_proxyOf for display positions [from, to)
    void settle();                   // applies m_erased to m_proxyOf

    std::vector<int> m_rows;    // display position -> source row
    std::vector<int> m_proxyOf; // source row -> display position, or -1
    // Runs erased (first, count) since m_proxyOf was last exact, oldest first. A poll removes hundreds of
    // scattered rows one run at a time; renumbering the rows after each run would cost a random write
    // per row shown, every time, where proxyRow() can subtract the runs before it instead.
    std::vector<std::pair<int, int>> m_erased;
};
