#pragma once

#include <QSortFilterProxyModel>

class SandboxListModel;

// Sorts and filters a SandboxListModel for the table. Filtering and sorting read the source model's rows
// directly (its precomputed search text and real values) rather than through QVariant data(), so that a
// keystroke in the search box over 100,000 rows stays well under a frame budget.
class SandboxFilterProxy final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxFilterProxy)

public:
    explicit SandboxFilterProxy(QObject *parent = nullptr);

    void setSourceModel(QAbstractItemModel *sourceModel) override;

    // Case-insensitive substring over server, id, status, benchmark and tags; empty matches all.
    void setSearchText(const QString &text);
    // Exact matches; empty means any. Server names compare case-insensitively.
    void setStatusFilter(const QString &status);
    void setServerFilter(const QString &serverName);
    void setBenchmarkFilter(const QString &benchmark);
    void setTagFilter(const QString &tag);

    QString searchText() const { return m_search; }
    QString statusFilter() const { return m_status; }
    QString serverFilter() const { return m_server; }
    QString benchmarkFilter() const { return m_benchmark; }
    QString tagFilter() const { return m_tag; }

    // For "12 of 40 shown".
    int acceptedCount() const;
    int totalCount() const;

signals:
    void countsChanged(int shown, int total);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &sourceLeft, const QModelIndex &sourceRight) const override;

private:
    void setFilterValue(QString *field, const QString &value);
    void refilter();
    void updateCounts();

    SandboxListModel *m_list = nullptr; // the source, when it is a SandboxListModel
    QString m_search;
    QString m_needle; // m_search lower-cased
    QString m_status;
    QString m_server;
    QString m_benchmark;
    QString m_tag;
    int m_shownReported = -1;
    int m_totalReported = -1;
};
