#include "models/blaxelsandboxfilterproxy.h"

#include "api/blaxelstatus.h"
#include "models/blaxelsandboxlistmodel.h"

BlaxelSandboxFilterProxy::BlaxelSandboxFilterProxy(QObject *parent) : CountedFilterProxy(parent)
{
    setSortRole(BlaxelSandboxListModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    // A deletion changes a row's status: the filter (terminated hidden) must see it.
    setDynamicSortFilter(true);
}

void BlaxelSandboxFilterProxy::setSearchText(const QString &text)
{
    setCriterion(m_search, text.trimmed().toLower());
}

void BlaxelSandboxFilterProxy::setStatusFilter(const QString &status)
{
    setCriterion(m_status, status.trimmed().toUpper());
}

void BlaxelSandboxFilterProxy::setShowTerminated(bool show)
{
    setCriterion(m_showTerminated, show);
}

bool BlaxelSandboxFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const QString status = index.data(BlaxelSandboxListModel::StatusRole).toString().trimmed().toUpper();
    if (!m_status.isEmpty()) {
        if (status != m_status)
            return false;
    } else if (!m_showTerminated && status == BlaxelStatus::terminated()) {
        return false;
    }
    if (!m_search.isEmpty() &&
        !index.data(BlaxelSandboxListModel::SearchTextRole).toString().contains(m_search))
        return false;
    return true;
}
