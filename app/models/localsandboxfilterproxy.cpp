#include "models/localsandboxfilterproxy.h"

#include "models/localsandboxtreemodel.h"

#include <algorithm>

LocalSandboxFilterProxy::LocalSandboxFilterProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(LocalSandboxTreeModel::SortRole);
    setDynamicSortFilter(true);
    for (const auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(this, signal, this, &LocalSandboxFilterProxy::updateCounts);
    connect(this, &QAbstractItemModel::modelReset, this, &LocalSandboxFilterProxy::updateCounts);
    connect(this, &QAbstractItemModel::layoutChanged, this, &LocalSandboxFilterProxy::updateCounts);
}

void LocalSandboxFilterProxy::setSourceModel(QAbstractItemModel *sourceModel)
{
    m_tree = qobject_cast<LocalSandboxTreeModel *>(sourceModel);
    QSortFilterProxyModel::setSourceModel(sourceModel);
    // The total moves with the source even when every new sandbox is filtered out.
    if (sourceModel) {
        connect(sourceModel, &QAbstractItemModel::rowsInserted, this, &LocalSandboxFilterProxy::updateCounts);
        connect(sourceModel, &QAbstractItemModel::rowsRemoved, this, &LocalSandboxFilterProxy::updateCounts);
    }
    updateCounts();
}

void LocalSandboxFilterProxy::setCriterion(QString &field, const QString &value)
{
    if (field == value)
        return;
    field = value;
    invalidateRowsFilter();
    updateCounts();
}

void LocalSandboxFilterProxy::setSearchText(const QString &text)
{
    setCriterion(m_search, text.trimmed().toLower());
}

void LocalSandboxFilterProxy::setStatusFilter(const QString &status)
{
    setCriterion(m_status, status);
}

void LocalSandboxFilterProxy::setTagFilter(const QString &tag)
{
    setCriterion(m_tag, tag);
}

int LocalSandboxFilterProxy::totalCount() const
{
    return sourceModel() ? sourceModel()->rowCount() : 0;
}

bool LocalSandboxFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (sourceParent.isValid() || !m_tree)
        return true; // servers follow their sandbox
    const QString id = m_tree->index(sourceRow, 0).data(LocalSandboxTreeModel::LocalSandboxIdRole).toString();
    const LocalSandbox *sandbox = m_tree->sandboxById(id);
    if (!sandbox)
        return true;
    if (!m_status.isEmpty() && sandbox->status.trimmed().compare(m_status, Qt::CaseInsensitive) != 0)
        return false;
    if (!m_tag.isEmpty() &&
        std::none_of(sandbox->servers.cbegin(), sandbox->servers.cend(),
                     [this](const LocalServer &server) { return server.tags.contains(m_tag); }))
        return false;
    if (m_search.isEmpty())
        return true;
    const auto has = [this](const QString &value) { return value.contains(m_search, Qt::CaseInsensitive); };
    if (has(sandbox->localSandboxId) || has(sandbox->status) || has(sandbox->benchmark))
        return true;
    return std::any_of(sandbox->servers.cbegin(), sandbox->servers.cend(), [&has](const LocalServer &server) {
        return has(server.serverName) || has(server.id) ||
               std::any_of(server.tags.cbegin(), server.tags.cend(), has);
    });
}

void LocalSandboxFilterProxy::updateCounts()
{
    const int shown = acceptedCount();
    const int total = totalCount();
    if (shown == m_shownReported && total == m_totalReported)
        return;
    m_shownReported = shown;
    m_totalReported = total;
    emit countsChanged(shown, total);
}
