#pragma once

#include "models/flatsortfilterproxy.h"
#include "models/sandboxfiltercriteria.h"

class ProxyCounts;
class SandboxListModel;

// Sorts and filters a SandboxListModel for the table. Filtering and sorting read the model's rows
// directly (its precomputed search text, real values and rank tables) rather than through QVariant
// data(), so that a keystroke in the search box over 100,000 rows stays well under a frame budget.
// A source that is not a SandboxListModel is shown whole, sorted by display text.
class SandboxFilterProxy final : public FlatSortFilterProxy
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxFilterProxy)

public:
    explicit SandboxFilterProxy(QObject *parent = nullptr);
    ~SandboxFilterProxy() override;

    void setSourceModel(QAbstractItemModel *sourceModel) override;

    // Case-insensitive substring over server, id, status, benchmark and tags; empty matches all.
    // Surrounding spaces are ignored.
    void setSearchText(const QString &text);
    // Exact matches; empty means any. Server names compare case-insensitively.
    void setStatusFilter(const QString &status);
    void setServerFilter(const QString &serverName);
    void setBenchmarkFilter(const QString &benchmark);
    void setTagFilter(const QString &tag);

    QString searchText() const { return m_criteria.searchText(); }
    QString statusFilter() const { return m_criteria.status; }
    QString serverFilter() const { return m_criteria.server; }
    QString benchmarkFilter() const { return m_criteria.benchmark; }
    QString tagFilter() const { return m_criteria.tag; }

    // For "12 of 40 shown".
    int acceptedCount() const;
    int totalCount() const;

signals:
    void countsChanged(int shown, int total);

protected:
    bool acceptsRow(int sourceRow) const override;
    int compareRows(int leftRow, int rightRow, int column) const override;
    const std::vector<quint32> *sortRanks(int column) const override;
    RankTask rankTask(int column) const override;
    bool rolesAffectFilter(const QList<int> &roles) const override;
    bool rolesAffectOrder(const QList<int> &roles) const override;

private:
    void setFilterValue(QString SandboxFilterCriteria::*field, const QString &value);
    void applyCriteria(const SandboxFilterCriteria &before);

    ProxyCounts *m_counts;
    SandboxListModel *m_list = nullptr; // the source, when it is a SandboxListModel
    QList<QMetaObject::Connection> m_sourceConnections;
    SandboxFilterCriteria m_criteria;
};
