#include "models/sandboxfilterproxy.h"

#include "models/proxycounts.h"
#include "models/sandboxlistmodel.h"

SandboxFilterProxy::SandboxFilterProxy(QObject *parent)
    : FlatSortFilterProxy(parent), m_counts(new ProxyCounts(this))
{
    connect(m_counts, &ProxyCounts::countsChanged, this, &SandboxFilterProxy::countsChanged);
}

SandboxFilterProxy::~SandboxFilterProxy() = default;

void SandboxFilterProxy::setSourceModel(QAbstractItemModel *sourceModel)
{
    for (const auto &connection : std::as_const(m_sourceConnections))
        disconnect(connection);
    m_sourceConnections.clear();
    m_list = qobject_cast<SandboxListModel *>(sourceModel); // before the base class filters its rows
    FlatSortFilterProxy::setSourceModel(sourceModel);
    if (sourceModel)
        m_sourceConnections << connect(sourceModel, &QObject::destroyed, this, [this] { m_list = nullptr; });
}

void SandboxFilterProxy::setSearchText(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_criteria.searchText())
        return;
    const SandboxFilterCriteria before = m_criteria;
    m_criteria.setSearchText(trimmed);
    applyCriteria(before);
}

void SandboxFilterProxy::setStatusFilter(const QString &status)
{
    setFilterValue(&SandboxFilterCriteria::status, status);
}

void SandboxFilterProxy::setServerFilter(const QString &serverName)
{
    setFilterValue(&SandboxFilterCriteria::server, serverName);
}

void SandboxFilterProxy::setBenchmarkFilter(const QString &benchmark)
{
    setFilterValue(&SandboxFilterCriteria::benchmark, benchmark);
}

void SandboxFilterProxy::setTagFilter(const QString &tag)
{
    setFilterValue(&SandboxFilterCriteria::tag, tag);
}

void SandboxFilterProxy::setFilterValue(QString SandboxFilterCriteria::*field, const QString &value)
{
    if (m_criteria.*field == value)
        return;
    const SandboxFilterCriteria before = m_criteria;
    m_criteria.*field = value;
    applyCriteria(before);
}

void SandboxFilterProxy::applyCriteria(const SandboxFilterCriteria &before)
{
    if (!m_list)
        return; // other sources are shown whole
    const bool narrower = m_criteria.isNarrowerThan(before);
    const bool wider = before.isNarrowerThan(m_criteria);
    refilter(narrower ? Change::Narrower : (wider ? Change::Wider : Change::Any));
    m_counts->update();
}

int SandboxFilterProxy::acceptedCount() const
{
    return m_counts->shown();
}

int SandboxFilterProxy::totalCount() const
{
    return m_counts->total();
}

bool SandboxFilterProxy::acceptsRow(int sourceRow) const
{
    return !m_list || m_criteria.accepts(*m_list, sourceRow);
}

int SandboxFilterProxy::compareRows(int leftRow, int rightRow, int column) const
{
    return m_list ? m_list->compareRows(leftRow, rightRow, column)
                  : FlatSortFilterProxy::compareRows(leftRow, rightRow, column);
}

const std::vector<quint32> *SandboxFilterProxy::sortRanks(int column) const
{
    return m_list ? &m_list->sortRanks(column) : nullptr;
}

FlatSortFilterProxy::RankTask SandboxFilterProxy::rankTask(int column) const
{
    return m_list ? m_list->rankTask(column) : RankTask();
}

bool SandboxFilterProxy::rolesAffectFilter(const QList<int> &roles) const
{
    if (!m_list)
        return false;
    // The list model changes filtered values with all roles; ages and busy flags with their own.
    using L = SandboxListModel;
    return roles.isEmpty() || roles.contains(L::StatusRole) || roles.contains(L::ServerNameRole) ||
           roles.contains(L::BenchmarkRole) || roles.contains(L::TagsRole) ||
           roles.contains(L::SandboxIdRole);
}

bool SandboxFilterProxy::rolesAffectOrder(const QList<int> &roles) const
{
    if (!m_list)
        return FlatSortFilterProxy::rolesAffectOrder(roles);
    return roles.isEmpty() || roles.contains(SandboxListModel::SortRole);
}
