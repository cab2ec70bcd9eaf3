#include "models/countedfilterproxy.h"

#include "models/proxycounts.h"

CountedFilterProxy::CountedFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent), m_counts(new ProxyCounts(this))
{
    connect(m_counts, &ProxyCounts::countsChanged, this, &CountedFilterProxy::countsChanged);
}

int CountedFilterProxy::acceptedCount() const
{
    return m_counts->shown();
}

int CountedFilterProxy::totalCount() const
{
    return m_counts->total();
}

void CountedFilterProxy::refilter()
{
    invalidateRowsFilter();
    m_counts->update();
}
