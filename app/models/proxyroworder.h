#pragma once

#include <QtGlobal>

#include <vector>

// The display order of a sorting proxy's rows: by the sort column, ties (and no sort column) in source
// order, which source insertions and removals never change. A strict total order, so each row has one
// place and binary searches find it. `Compare(a, b, column)` answers <0, 0 or >0; a rank table (equal
// values share a rank) replaces it for large sorts.
template <typename Compare> class ProxyRowOrder
{
public:
    ProxyRowOrder(int column, Qt::SortOrder order, const std::vector<quint32> *ranks, Compare compare)
        : m_column(column), m_order(order), m_ranks(ranks), m_compare(compare)
    {}

    bool operator()(int a, int b) const
    {
        if (m_column >= 0 && a != b) {
            const int order = m_ranks ? compareRanks((*m_ranks)[size_t(a)], (*m_ranks)[size_t(b)])
                                      : m_compare(a, b, m_column);
            if (order != 0)
                return m_order == Qt::AscendingOrder ? order < 0 : order > 0;
        }
        return a < b;
    }

private:
    static int compareRanks(quint32 a, quint32 b) { return a < b ? -1 : (a > b ? 1 : 0); }

    int m_column;
    Qt::SortOrder m_order;
    const std::vector<quint32> *m_ranks;
    Compare m_compare;
};
