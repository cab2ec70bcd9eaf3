#pragma once

#include "models/allsandboxesmodel.h"
#include "models/flatsortfilterproxy.h"

#include <QSet>

// Sorts and filters the All sandboxes view: one search over every provider's rows, a provider choice and
// a status choice. Sorting uses the model's real values (SortRole): ages by time, text case-insensitively.
class AllSandboxesFilterProxy final : public FlatSortFilterProxy
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AllSandboxesFilterProxy)

public:
    explicit AllSandboxesFilterProxy(QObject *parent = nullptr);
    ~AllSandboxesFilterProxy() override;

    // Case-insensitive substring over provider, name, status, detail and profile; surrounding spaces
    // are ignored; empty matches all.
    void setSearchText(const QString &text);
    QString searchText() const { return m_search; }
    // Only this provider's rows; nullopt shows every provider.
    void setProviderFilter(std::optional<AllSandboxRow::Provider> provider);
    std::optional<AllSandboxRow::Provider> providerFilter() const { return m_provider; }
    // The exact status word (case-insensitive); empty means any.
    void setStatusFilter(const QString &status);
    QString statusFilter() const { return m_status; }
    bool hasFilters() const { return !m_search.isEmpty() || m_provider || !m_status.isEmpty(); }

protected:
    bool acceptsRow(int sourceRow) const override;
    int compareRows(int leftRow, int rightRow, int column) const override;
    bool rolesAffectFilter(const QList<int> &roles) const override;
    bool rolesAffectOrder(const QList<int> &roles) const override;

private:
    const AllSandboxesModel *allModel() const;

    QString m_search; // lower case
    std::optional<AllSandboxRow::Provider> m_provider;
    QString m_status;
};
