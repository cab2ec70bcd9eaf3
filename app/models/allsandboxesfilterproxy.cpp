#include "models/allsandboxesfilterproxy.h"

AllSandboxesFilterProxy::AllSandboxesFilterProxy(QObject *parent) : FlatSortFilterProxy(parent) {}

AllSandboxesFilterProxy::~AllSandboxesFilterProxy() = default;

const AllSandboxesModel *AllSandboxesFilterProxy::allModel() const
{
    return qobject_cast<const AllSandboxesModel *>(sourceModel());
}

void AllSandboxesFilterProxy::setSearchText(const QString &text)
{
    const QString search = text.trimmed().toLower();
    if (search == m_search)
        return;
    // Typing on narrows what is shown; deleting widens it.
    const Change change = search.contains(m_search)   ? Change::Narrower
                          : m_search.contains(search) ? Change::Wider
                                                      : Change::Any;
    m_search = search;
    refilter(change);
}

void AllSandboxesFilterProxy::setProviderFilter(std::optional<AllSandboxRow::Provider> provider)
{
    if (provider == m_provider)
        return;
    const Change change = !m_provider ? Change::Narrower : !provider ? Change::Wider : Change::Any;
    m_provider = provider;
    refilter(change);
}

void AllSandboxesFilterProxy::setStatusFilter(const QString &status)
{
    const QString trimmed = status.trimmed();
    if (trimmed.compare(m_status, Qt::CaseInsensitive) == 0 && trimmed.size() == m_status.size())
        return;
    const Change change = m_status.isEmpty()  ? Change::Narrower
                          : trimmed.isEmpty() ? Change::Wider
                                              : Change::Any;
    m_status = trimmed;
    refilter(change);
}

bool AllSandboxesFilterProxy::rolesAffectFilter(const QList<int> &roles) const
{
    // The model names roles only for an age's text moving on (refreshAges); a real change names none.
    return roles.isEmpty();
}

bool AllSandboxesFilterProxy::rolesAffectOrder(const QList<int> &roles) const
{
    return roles.isEmpty();
}

bool AllSandboxesFilterProxy::acceptsRow(int sourceRow) const
{
    const AllSandboxesModel *model = allModel();
    if (!model)
        return true;
    const AllSandboxRow &row = model->rowAt(sourceRow);
    if (m_provider && row.provider != *m_provider)
        return false;
    if (!m_status.isEmpty() && row.status.trimmed().compare(m_status, Qt::CaseInsensitive) != 0)
        return false;
    if (m_search.isEmpty())
        return true;
    return row.contains(m_search) ||
           AllSandboxesModel::providerName(row.provider).contains(m_search, Qt::CaseInsensitive) ||
           model->profileName(row.provider).contains(m_search, Qt::CaseInsensitive);
}

int AllSandboxesFilterProxy::compareRows(int leftRow, int rightRow, int column) const
{
    const AllSandboxesModel *model = allModel();
    if (!model)
        return FlatSortFilterProxy::compareRows(leftRow, rightRow, column);
    if (column == AllSandboxesModel::WhenColumn) {
        const QDateTime &left = model->rowAt(leftRow).when;
        const QDateTime &right = model->rowAt(rightRow).when;
        // Unknown times sort as the oldest.
        if (!left.isValid() || !right.isValid())
            return int(left.isValid()) - int(right.isValid());
        return left < right ? -1 : right < left ? 1 : 0;
    }
    const QString left = model->index(leftRow, column).data(AllSandboxesModel::SortRole).toString();
    const QString right = model->index(rightRow, column).data(AllSandboxesModel::SortRole).toString();
    return left.compare(right);
}
