#include "models/allsandboxesmodel.h"

#include "models/allsandboxesapplier.h"
#include "models/allsandboxsources.h"
#include "models/displaytext.h"
#include "models/relativetime.h"

#include <QCoreApplication>
#include <QMap>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>

using Provider = AllSandboxRow::Provider;

namespace {

// A row's identity as a hash key, read from the row itself: made into one string per row, the keys of a
// 100,000-row comparison were 11 MB. Klavis server names drift in case, so the server is compared folded.
struct RowIdentity
{
    const AllSandboxRow *row;
    bool operator==(const RowIdentity &other) const
    {
        return row->id == other.row->id &&
               row->serverName.compare(other.row->serverName, Qt::CaseInsensitive) == 0;
    }
};

size_t qHash(const RowIdentity &identity, size_t seed = 0)
{
    size_t folded = 0;
    for (const QChar c : identity.row->serverName)
        folded = folded * 31 + c.toCaseFolded().unicode();
    return qHashMulti(seed, identity.row->id, folded);
}

// Puts rows[order[k]] at position k for every k, in place: each cycle of the permutation is followed once,
// moving each row once.
void placeInOrder(std::vector<AllSandboxRow> &rows, const std::vector<size_t> &order)
{
    std::vector<char> placed(rows.size(), 0);
    for (size_t start = 0; start < rows.size(); ++start) {
        if (placed[start])
            continue;
        AllSandboxRow first = std::move(rows[start]);
        size_t k = start;
        for (;;) {
            placed[k] = 1;
            const size_t from = order[k];
            if (from == start) {
                rows[k] = std::move(first);
                break;
            }
            rows[k] = std::move(rows[from]);
            k = from;
        }
    }
}

// The store's rows against the block's: which go, which change, which are new. Runs on a worker.
AllSandboxesChange compare(const std::vector<AllSandboxRow> &shown, std::vector<AllSandboxRow> fresh)
{
    AllSandboxesChange change;
    for (const AllSandboxRow &row : fresh)
        if (const QString status = row.status.trimmed(); !status.isEmpty())
            change.statuses.insert(status);
    if (shown.empty()) { // the first list: every row is new, and no key need be made
        change.settled = std::move(fresh);
        return change;
    }
    QHash<RowIdentity, size_t> freshByKey;
    freshByKey.reserve(qsizetype(fresh.size()));
    for (size_t i = 0; i < fresh.size(); ++i)
        freshByKey.insert(RowIdentity{&fresh[i]}, i);
    std::vector<char> kept(fresh.size(), 0);
    std::vector<size_t> keptInShownOrder;
    keptInShownOrder.reserve(std::min(shown.size(), fresh.size()));
    for (size_t i = 0; i < shown.size(); ++i) {
        const auto found = freshByKey.constFind(RowIdentity{&shown[i]});
        if (found == freshByKey.cend() || kept[*found]) {
            change.removed.push_back(i);
            continue;
        }
        kept[*found] = 1;
        keptInShownOrder.push_back(*found);
        if (!(shown[i] == fresh[*found]))
            change.changed.emplace_back(i, fresh[*found]);
    }
    freshByKey = {}; // its keys read the fresh rows, which move now
    // The settled order (the kept rows as the block has them, then the new ones) made in the fresh rows'
    // own list: a list of its own beside them and the block's was 15 MB more at every refresh's peak.
    std::vector<size_t> order = std::move(keptInShownOrder);
    change.firstAdded = order.size();
    order.reserve(fresh.size());
    for (size_t i = 0; i < fresh.size(); ++i)
        if (!kept[i])
            order.push_back(i);
    placeInOrder(fresh, order);
    change.settled = std::move(fresh);
    return change;
}

} // namespace

AllSandboxesModel::AllSandboxesModel(QObject *parent)
    : QAbstractTableModel(parent),
      m_applier(std::make_unique<AllSandboxesApplier>(*this, [this](Provider provider, bool changed) {
          // The block is as the store was: a worker may compare it with the store's newer list now.
          Block &block = m_blocks[size_t(provider)];
          block.queued = false;
          if (changed)
              emit rowsSynced();
          if (std::exchange(block.again, false))
              startSync(provider);
      }))
{}

AllSandboxesModel::~AllSandboxesModel() = default;

void AllSandboxesModel::setStores(const KlavisSandboxStore *klavis, const LocalSandboxStore *local,
                                  const BlaxelSandboxStore *blaxel)
{
    for (const QObject *old :
         {static_cast<const QObject *>(m_klavis.data()), static_cast<const QObject *>(m_local.data()),
          static_cast<const QObject *>(m_blaxel.data())}) {
        if (old)
            disconnect(old, nullptr, this, nullptr);
    }
    m_klavis = klavis;
    m_local = local;
    m_blaxel = blaxel;
    const auto follow = [this](const SandboxStoreSignals *store, Provider provider) {
        if (!store)
            return;
        const auto sync = [this, provider] { scheduleSync(provider); };
        connect(store, &SandboxStoreSignals::published, this, sync);
        connect(store, &SandboxStoreSignals::busyChanged, this, sync);
        connect(store, &QObject::destroyed, this, sync);
    };
    follow(klavis, Provider::Klavis);
    follow(local, Provider::KlavisLocal);
    follow(blaxel, Provider::Blaxel);
    for (const auto provider : {Provider::Klavis, Provider::KlavisLocal, Provider::Blaxel})
        scheduleSync(provider);
}

void AllSandboxesModel::setProfileName(Provider provider, const QString &name)
{
    if (m_profiles.value(int(provider)) == name)
        return;
    m_profiles[int(provider)] = name;
    if (rowCount() > 0)
        emit dataChanged(index(0, ProfileColumn), index(rowCount() - 1, ProfileColumn)); // searched
}

QString AllSandboxesModel::profileName(Provider provider) const
{
    return m_profiles.value(int(provider));
}

int AllSandboxesModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    size_t rows = 0;
    for (const Block &block : m_blocks)
        rows += block.size();
    return int(rows);
}

int AllSandboxesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int AllSandboxesModel::offsetOf(Provider provider) const
{
    size_t offset = 0;
    for (int block = 0; block < int(provider); ++block)
        offset += m_blocks[size_t(block)].size();
    return int(offset);
}

const AllSandboxRow &AllSandboxesModel::rowAt(int row) const
{
    size_t at = size_t(row);
    for (const Block &block : m_blocks) {
        if (at < block.size())
            return block.at(at);
        at -= block.size();
    }
    Q_ASSERT_X(false, "AllSandboxesModel::rowAt", "row out of range");
    return m_blocks.back().at(0);
}

bool AllSandboxesModel::isSyncing() const
{
    // A block stays queued from its worker's start to the last step of its change.
    return std::any_of(m_blocks.cbegin(), m_blocks.cend(),
                       [](const Block &block) { return block.scheduled || block.queued; });
}

QString AllSandboxesModel::providerName(Provider provider)
{
    switch (provider) {
    case Provider::Klavis:
        return tr("Klavis");
    case Provider::KlavisLocal:
        return tr("Klavis local");
    case Provider::Blaxel:
        return tr("Blaxel");
    }
    return {};
}

QVariant AllSandboxesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AllSandboxRow &row = rowAt(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case ProviderColumn:
            return providerName(row.provider);
        case NameColumn:
            return DisplayText::visible(row.name());
        case StatusColumn:
            return DisplayText::visible(row.status);
        case DetailColumn:
            return DisplayText::visible(row.detail());
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
    if (rowCount() > 0)
        emit dataChanged(index(0, WhenColumn), index(rowCount() - 1, WhenColumn), {Qt::DisplayRole});
}

QStringList AllSandboxesModel::knownStatuses() const
{
    QMap<QString, QString> byFolded; // one entry per word, whatever its case
    for (const Block &block : m_blocks) {
        for (const QString &status : block.statuses)
            byFolded.insert(status.toCaseFolded(), status);
    }
    return byFolded.values();
}

void AllSandboxesModel::scheduleSync(Provider provider)
{
    Block &block = m_blocks[size_t(provider)];
    if (block.scheduled)
        return;
    block.scheduled = true;
    // A store's list and its busy marks often move in the same turn: one pass after them is enough.
    QTimer::singleShot(0, this, [this, provider] {
        m_blocks[size_t(provider)].scheduled = false;
        startSync(provider);
    });
}

void AllSandboxesModel::startSync(Provider provider)
{
    Block &block = m_blocks[size_t(provider)];
    if (block.queued) {
        block.again = true;
        return;
    }
    block.queued = true;
    // The store's list as it is now (shared, not copied) and its busy marks (a handful).
    std::function<std::vector<AllSandboxRow>()> read;
    switch (provider) {
    case Provider::Klavis:
        if (m_klavis)
            read = [snapshot = m_klavis->snapshot(), busy = m_klavis->busyKeys()] {
                return AllSandboxSources::rows(*snapshot, busy);
            };
        break;
    case Provider::KlavisLocal:
        if (m_local)
            read = [snapshot = m_local->snapshot(), busy = m_local->busyKeys()] {
                return AllSandboxSources::rows(*snapshot, busy);
            };
        break;
    case Provider::Blaxel:
        if (m_blaxel)
            read = [snapshot = m_blaxel->snapshot(), busy = m_blaxel->busyKeys()] {
                return AllSandboxSources::rows(*snapshot, busy);
            };
        break;
    }
    const QPointer<AllSandboxesModel> self(this);
    QThreadPool::globalInstance()->start([self, provider, read = std::move(read), shown = block.rows] {
        auto change = std::make_shared<AllSandboxesChange>(
            compare(*shown, read ? read() : std::vector<AllSandboxRow>()));
        // Posted to the application object, which outlives the model; `self` is read on its thread.
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, provider, change]() mutable {
                if (self)
                    self->m_applier->apply(provider, std::move(*change));
            },
            Qt::QueuedConnection);
    });
}
