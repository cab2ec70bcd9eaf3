#pragma once

#include "models/countedfilterproxy.h"

// Sorts and filters a BlaxelSandboxListModel for the table: a search over name, display name and labels,
// one status, and terminated sandboxes hidden unless asked for (the listing always carries them, so that a
// deleted row can be seen reaching TERMINATED before it is hidden). A workspace holds thousands at most:
// QSortFilterProxyModel's cost is fine here.
class BlaxelSandboxFilterProxy final : public CountedFilterProxy
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelSandboxFilterProxy)

public:
    explicit BlaxelSandboxFilterProxy(QObject *parent = nullptr);

    // Case-insensitive substring; surrounding spaces ignored; empty matches all.
    void setSearchText(const QString &text);
    // One status word (case ignored); empty means any. Asking for TERMINATED shows those rows.
    void setStatusFilter(const QString &status);
    void setShowTerminated(bool show);

    QString searchText() const { return m_search; }
    QString statusFilter() const { return m_status; }
    bool showTerminated() const { return m_showTerminated; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_search;
    QString m_status;
    bool m_showTerminated = false;
};
