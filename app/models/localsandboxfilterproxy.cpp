#include "models/localsandboxfilterproxy.h"

#include "models/localsandboxtreemodel.h"

#include <algorithm>

LocalSandboxFilterProxy::LocalSandboxFilterProxy(QObject *parent) : CountedFilterProxy(parent)
{
    setSortRole(LocalSandboxTreeModel::SortRole);
    setDynamicSortFilter(true);
}

void LocalSandboxFilterProxy::setSourceModel(QAbstractItemModel *sourceModel)
{
    m_tree = qobject_cast<LocalSandboxTreeModel *>(sourceModel); // a QPointer: cleared if the source dies
    QSortFilterProxyModel::setSourceModel(sourceModel);
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
