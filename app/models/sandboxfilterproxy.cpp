#include "models/sandboxfilterproxy.h"

#include "models/sandboxlistmodel.h"

SandboxFilterProxy::SandboxFilterProxy(QObject *parent) : FlatSortFilterProxy(parent)
{
    // Counts follow every structural change, whether it came from the source or from a filter.
    for (const auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(this, signal, this, &SandboxFilterProxy::updateCounts);
    connect(this, &QAbstractItemModel::modelReset, this, &SandboxFilterProxy::updateCounts);
    connect(this, &QAbstractItemModel::layoutChanged, this, &SandboxFilterProxy::updateCounts);
}

SandboxFilterProxy::~SandboxFilterProxy() = default;

void SandboxFilterProxy::setSourceModel(QAbstractItemModel *sourceModel)
{
    for (const auto &connection : std::as_const(m_sourceConnections))
        disconnect(connection);
    m_sourceConnections.clear();
    m_list = qobject_cast<SandboxListModel *>(sourceModel); // before the base class filters its rows
    FlatSortFilterProxy::setSourceModel(sourceModel);
    if (sourceModel) {
        // Rows the filter hides still change the total.
        using M = QAbstractItemModel;
        for (const auto signal : {&M::rowsInserted, &M::rowsRemoved})
            m_sourceConnections << connect(sourceModel, signal, this, &SandboxFilterProxy::updateCounts);
        m_sourceConnections << connect(sourceModel, &M::modelReset, this, &SandboxFilterProxy::updateCounts);
        m_sourceConnections << connect(sourceModel, &QObject::destroyed, this, [this] { m_list = nullptr; });
    }
    updateCounts();
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
