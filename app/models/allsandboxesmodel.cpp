#include "models/allsandboxesmodel.h"

#include "models/displaytext.h"
#include "models/relativetime.h"

#include <QMap>
#include <QTimer>

AllSandboxesModel::AllSandboxesModel(QObject *parent) : QAbstractTableModel(parent) {}

AllSandboxesModel::~AllSandboxesModel() = default;

void AllSandboxesModel::setSource(AllSandboxRow::Provider provider, QAbstractItemModel *source,
                                  RowReader reader)
{
    Source &slot = m_sources[int(provider)];
    for (const auto &connection : std::as_const(slot.connections))
        disconnect(connection);
    slot.connections.clear();
    slot.model = source;
    slot.reader = std::move(reader);
    if (source) {
        // Any change of the top level may add, drop or alter rows here; children (a local sandbox's
        // servers) only matter through their parent's own cells, which the source reports on the parent.
        const auto onChange = [this, provider] { scheduleSync(provider); };
        slot.connections = {
            connect(source, &QAbstractItemModel::rowsInserted, this, onChange),
            connect(source, &QAbstractItemModel::rowsRemoved, this, onChange),
            connect(source, &QAbstractItemModel::rowsMoved, this, onChange),
            connect(source, &QAbstractItemModel::dataChanged, this, onChange),
            connect(source, &QAbstractItemModel::modelReset, this, onChange),
            connect(source, &QAbstractItemModel::layoutChanged, this, onChange),
            connect(source, &QObject::destroyed, this, onChange),
        };
    }
    scheduleSync(provider);
}

void AllSandboxesModel::setProfileName(AllSandboxRow::Provider provider, const QString &name)
{
    if (m_profiles.value(int(provider)) == name)
        return;
    m_profiles[int(provider)] = name;
    if (!m_rows.empty())
        emit dataChanged(index(0, ProfileColumn), index(rowCount() - 1, ProfileColumn)); // searched
}

QString AllSandboxesModel::profileName(AllSandboxRow::Provider provider) const
{
    return m_profiles.value(int(provider));
}

int AllSandboxesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AllSandboxesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString AllSandboxesModel::providerName(AllSandboxRow::Provider provider)
{
    switch (provider) {
    case AllSandboxRow::Provider::Klavis:
        return tr("Klavis");
    case AllSandboxRow::Provider::KlavisLocal:
        return tr("Klavis local");
    case AllSandboxRow::Provider::Blaxel:
        return tr("Blaxel");
    }
    return {};
}

QVariant AllSandboxesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AllSandboxRow &row = m_rows[size_t(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case ProviderColumn:
            return providerName(row.provider);
        case NameColumn:
            return DisplayText::visible(row.name);
        case StatusColumn:
            return DisplayText::visible(row.status);
        case DetailColumn:
            return DisplayText::visible(row.detail);
        case ProfileColumn:
            return DisplayText::visible(m_profiles.value(int(row.provider)));
        case WhenColumn:
            return RelativeTime::relativeAge(
                row.when, m_referenceTime.isValid() ? m_referenceTime : QDateTime::currentDateTimeUtc());
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (column == WhenColumn)
            return row.when.isValid() ? RelativeTime::absoluteTime(row.when) : QVariant();
        if (column == NameColumn || column == DetailColumn)
            return data(index, Qt::DisplayRole);
        return {};
    case SortRole:
        if (column == WhenColumn)
            return row.when;
        return data(index, Qt::DisplayRole).toString().toLower();
    case ProviderRole:
        return int(row.provider);
    case IdRole:
        return row.id;
    case ServerNameRole:
        return row.serverName;
    case StatusRole:
        return row.status;
    case StatusKindRole:
        return int(row.statusKind);
    case BusyRole:
        return row.busy;
    default:
        return {};
    }
}

QVariant AllSandboxesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == WhenColumn)
        return tr("Since the last update of a Klavis sandbox, since the creation of a Klavis local or Blaxel "
                  "sandbox");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ProviderColumn:
        return tr("Provider");
    case NameColumn:
        return tr("Name");
    case StatusColumn:
        return tr("Status");
    case DetailColumn:
        return tr("Detail");
    case ProfileColumn:
        return tr("Profile");
    case WhenColumn:
        return tr("Age");
    default:
        return {};
    }
}

void AllSandboxesModel::refreshAges()
{
    // Only the text moves on: DisplayRole alone tells the proxy that neither filter nor order changed.
    if (!m_rows.empty())
        emit dataChanged(index(0, WhenColumn), index(rowCount() - 1, WhenColumn), {Qt::DisplayRole});
}

void AllSandboxesModel::scheduleSync(AllSandboxRow::Provider provider)
{
    m_dirty.insert(int(provider));
    if (m_syncScheduled)
        return;
    m_syncScheduled = true;
    // A source applying a refresh in steps signals many times per turn; one pass after them is enough.
    QTimer::singleShot(0, this, [this] {
        if (m_syncScheduled)
            syncNow();
    });
}

void AllSandboxesModel::syncNow()
{
    m_syncScheduled = false;
    // Only the providers that changed are read again: a Blaxel countdown ticking every second must not
    // make 100,000 Klavis rows be read each time.
    const QSet<int> dirty = std::exchange(m_dirty, {});
    bool changed = false;
    for (const auto provider : {AllSandboxRow::Provider::Klavis, AllSandboxRow::Provider::KlavisLocal,
                                AllSandboxRow::Provider::Blaxel}) {
        if (dirty.contains(int(provider)))
            changed |= applyRows(provider, readSource(provider));
    }
    if (changed)
        emit rowsSynced();
}

QStringList AllSandboxesModel::knownStatuses() const
{
    QMap<QString, QString> byFolded; // one entry per word, whatever its case
    for (const auto &statuses : m_statuses) {
        for (const QString &status : statuses)
            byFolded.insert(status.toCaseFolded(), status);
    }
    return byFolded.values();
}

std::vector<AllSandboxRow> AllSandboxesModel::readSource(AllSandboxRow::Provider provider) const
{
    std::vector<AllSandboxRow> rows;
    const auto found = m_sources.constFind(int(provider));
    if (found == m_sources.cend() || !found->model || !found->reader)
        return rows;
    const QAbstractItemModel &model = *found->model;
    const int count = model.rowCount();
    rows.reserve(size_t(count));
    for (int row = 0; row < count; ++row) {
        if (auto read = found->reader(model, row)) {
            read->provider = provider;
            rows.push_back(std::move(*read));
        }
    }
    return rows;
}

QString AllSandboxesModel::identity(const AllSandboxRow &row)
{
    return QString::number(int(row.provider)) + u':' + row.key();
}

void AllSandboxesModel::removeRowsNotIn(AllSandboxRow::Provider provider,
                                        const QHash<QString, const AllSandboxRow *> &wanted)
{
    const auto goes = [&](const AllSandboxRow &row) {
        return row.provider == provider && !wanted.contains(identity(row));
    };
    // From the back, in runs, so each signal names rows as the view still has them.
    int last = int(m_rows.size()) - 1;
    while (last >= 0) {
        if (!goes(m_rows[size_t(last)])) {
            --last;
            continue;
        }
        int first = last;
        while (first > 0 && goes(m_rows[size_t(first - 1)]))
            --first;
        beginRemoveRows({}, first, last);
        m_rows.erase(m_rows.begin() + first, m_rows.begin() + last + 1);
        endRemoveRows();
        last = first - 1;
    }
}

bool AllSandboxesModel::applyRows(AllSandboxRow::Provider provider, std::vector<AllSandboxRow> rows)
{
    QHash<QString, const AllSandboxRow *> wanted;
    wanted.reserve(qsizetype(rows.size()));
    QSet<QString> statuses;
    for (const auto &row : rows) {
        wanted.insert(identity(row), &row); // a key listed twice: the last entry wins
        if (const QString status = row.status.trimmed(); !status.isEmpty())
            statuses.insert(status);
    }
    // The status words are worked out here, where this provider's rows are read anyway, so that the
    // status choice never walks every row of every provider.
    m_statuses[int(provider)] = statuses;
    const int before = rowCount();
    removeRowsNotIn(provider, wanted);
    bool changed = rowCount() != before;

    QHash<QString, int> present;
    for (size_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].provider == provider)
            present.insert(identity(m_rows[i]), int(i));
    }

    std::vector<AllSandboxRow> added;
    for (auto &row : rows) {
        const QString key = identity(row);
        if (wanted.value(key) != &row)
            continue; // a duplicate of a later entry
        const auto at = present.constFind(key);
        if (at == present.cend()) {
            added.push_back(std::move(row));
            continue;
        }
        AllSandboxRow &current = m_rows[size_t(*at)];
        if (current == row)
            continue;
        current = std::move(row);
        changed = true;
        // No roles named: the row's real values changed, which the proxy filters and sorts by.
        emit dataChanged(index(*at, 0), index(*at, ColumnCount - 1));
    }
    if (added.empty())
        return changed;
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(added.size()) - 1);
    std::move(added.begin(), added.end(), std::back_inserter(m_rows));
    endInsertRows();
    return true;
}
