#include "models/blaxelsandboxfilterproxy.h"

#include "api/blaxelstatus.h"
#include "models/blaxelsandboxlistmodel.h"

BlaxelSandboxFilterProxy::BlaxelSandboxFilterProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(BlaxelSandboxListModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    // A deletion changes a row's status: the filter (terminated hidden) must see it.
    setDynamicSortFilter(true);
    for (const auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(this, signal, this, &BlaxelSandboxFilterProxy::announceCounts);
    connect(this, &QAbstractItemModel::modelReset, this, &BlaxelSandboxFilterProxy::announceCounts);
    connect(this, &QAbstractItemModel::layoutChanged, this, &BlaxelSandboxFilterProxy::announceCounts);
}

void BlaxelSandboxFilterProxy::setSearchText(const QString &text)
{
    const QString search = text.trimmed().toLower();
    if (search == m_search)
        return;
    m_search = search;
    invalidateRowsFilter();
    announceCounts();
}

void BlaxelSandboxFilterProxy::setStatusFilter(const QString &status)
{
    const QString word = status.trimmed().toUpper();
    if (word == m_status)
        return;
    m_status = word;
    invalidateRowsFilter();
    announceCounts();
}

void BlaxelSandboxFilterProxy::setShowTerminated(bool show)
{
    if (show == m_showTerminated)
        return;
    m_showTerminated = show;
    invalidateRowsFilter();
    announceCounts();
}

int BlaxelSandboxFilterProxy::totalCount() const
{
    return sourceModel() ? sourceModel()->rowCount() : 0;
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

void BlaxelSandboxFilterProxy::announceCounts()
{
    emit countsChanged(rowCount(), totalCount());
}
