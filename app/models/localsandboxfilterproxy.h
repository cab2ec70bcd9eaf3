#pragma once

#include "models/countedfilterproxy.h"

#include <QPointer>

class LocalSandboxTreeModel;

// Filters the local sandboxes tree for its view. Only sandboxes (top-level rows) are judged: a sandbox
// that matches keeps all its servers, one that does not goes with them. A sandbox matches the search when
// its id, status, benchmark, or one of its servers' names or tags contains the text; the tag filter asks
// for a server with that tag.
class LocalSandboxFilterProxy final : public CountedFilterProxy
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

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QPointer<LocalSandboxTreeModel> m_tree;
    QString m_search; // lower-cased, trimmed
    QString m_status;
    QString m_tag;
};
