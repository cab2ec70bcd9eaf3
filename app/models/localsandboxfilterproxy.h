#pragma once

#include <QPointer>
#include <QSortFilterProxyModel>

class LocalSandboxTreeModel;
class ProxyCounts;

// Filters the local sandboxes tree for its view. Only sandboxes (top-level rows) are judged: a sandbox
// that matches keeps all its servers, one that does not goes with them. A sandbox matches the search when
// its id, status, benchmark, or one of its servers' names or tags contains the text; the tag filter asks
// for a server with that tag.
class LocalSandboxFilterProxy final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocalSandboxFilterProxy)

public:
    explicit LocalSandboxFilterProxy(QObject *parent = nullptr);

    void setSourceModel(QAbstractItemModel *sourceModel) override;

    // Case-insensitive; surrounding spaces are ignored, empty matches all.
    void setSearchText(const QString &text);
    // Exact, case-insensitive; empty means any.
    void setStatusFilter(const QString &status);
    void setTagFilter(const QString &tag);

    QString searchText() const { return m_search; }
    QString statusFilter() const { return m_status; }
    QString tagFilter() const { return m_tag; }

    // Sandboxes shown and listed, for "2 of 5 shown".
    int acceptedCount() const;
    int totalCount() const;

signals:
    void countsChanged(int shown, int total);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    void setCriterion(QString &field, const QString &value);

    ProxyCounts *m_counts;
    QPointer<LocalSandboxTreeModel> m_tree;
    QString m_search; // lower-cased, trimmed
    QString m_status;
    QString m_tag;
};
