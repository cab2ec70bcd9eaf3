#include "sandboxfilterproxy.h"

#include "sandboxlistmodel.h"

SandboxFilterProxy::SandboxFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(SandboxListModel::SortRole);
    setDynamicSortFilter(true);
    // Counts follow every structural change, whether it came from the source or from a filter.
    for (const auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(this, signal, this, &SandboxFilterProxy::updateCounts);
    connect(this, &QAbstractItemModel::modelReset, this, &SandboxFilterProxy::updateCounts);
    connect(this, &QAbstractItemModel::layoutChanged, this, &SandboxFilterProxy::updateCounts);
}

void SandboxFilterProxy::setSourceModel(QAbstractItemModel *sourceModel)
{
    if (QAbstractItemModel *old = this->sourceModel())
        disconnect(old, nullptr, this, nullptr);
    m_list = qobject_cast<SandboxListModel *>(sourceModel);
    QSortFilterProxyModel::setSourceModel(sourceModel);
    if (sourceModel) {
        // Rows the filter hides still change the total.
        for (const auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
            connect(sourceModel, signal, this, &SandboxFilterProxy::updateCounts);
        connect(sourceModel, &QAbstractItemModel::modelReset, this, &SandboxFilterProxy::updateCounts);
    }
    updateCounts();
}

void SandboxFilterProxy::setSearchText(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_search)
        return;
    m_search = trimmed;
    m_needle = trimmed.toLower();
    refilter();
}

void SandboxFilterProxy::setStatusFilter(const QString &status)
{
    setFilterValue(&m_status, status);
}

void SandboxFilterProxy::setServerFilter(const QString &serverName)
{
    setFilterValue(&m_server, serverName);
}

void SandboxFilterProxy::setBenchmarkFilter(const QString &benchmark)
{
    setFilterValue(&m_benchmark, benchmark);
}

void SandboxFilterProxy::setTagFilter(const QString &tag)
{
    setFilterValue(&m_tag, tag);
}

void SandboxFilterProxy::setFilterValue(QString *field, const QString &value)
{
    if (*field == value)
        return;
    *field = value;
    refilter();
}

void SandboxFilterProxy::refilter()
{
    invalidateRowsFilter();
    updateCounts();
}

int SandboxFilterProxy::acceptedCount() const
{
    return rowCount();
}

int SandboxFilterProxy::totalCount() const
{
    return sourceModel() ? sourceModel()->rowCount() : 0;
}

void SandboxFilterProxy::updateCounts()
{
    const int shown = acceptedCount();
    const int total = totalCount();
    if (shown == m_shownReported && total == m_totalReported)
        return;
    m_shownReported = shown;
    m_totalReported = total;
    emit countsChanged(shown, total);
}

bool SandboxFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!m_list)
        return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
    const auto &sandbox = m_list->sandboxAt(sourceRow);
    if (!m_status.isEmpty() && sandbox.status != m_status)
        return false;
    if (!m_server.isEmpty() && sandbox.serverName.compare(m_server, Qt::CaseInsensitive) != 0)
        return false;
    if (!m_benchmark.isEmpty() && sandbox.benchmark != m_benchmark)
        return false;
    if (!m_tag.isEmpty() && !sandbox.tags.contains(m_tag))
        return false;
    return m_needle.isEmpty() || m_list->searchText(sourceRow).contains(m_needle);
}

bool SandboxFilterProxy::lessThan(const QModelIndex &sourceLeft, const QModelIndex &sourceRight) const
{
    if (m_list && sortRole() == SandboxListModel::SortRole && sourceLeft.column() == sourceRight.column())
        return m_list->compareRows(sourceLeft.row(), sourceRight.row(), sourceLeft.column()) < 0;
    return QSortFilterProxyModel::lessThan(sourceLeft, sourceRight);
}
