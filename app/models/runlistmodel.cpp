#include "models/runlistmodel.h"

#include "ledger/ledgerwords.h"
#include "models/durationtext.h"
#include "models/relativetime.h"
#include "models/taggedruns.h"

#include <QCoreApplication>
#include <QPointer>
#include <QSet>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>

using namespace Qt::StringLiterals;

RunListModel::RunListModel(QObject *parent) : QAbstractTableModel(parent), m_ticker(new QTimer(this))
{
    m_ticker->setInterval(1000);
    connect(m_ticker, &QTimer::timeout, this, [this] {
        if (!m_rows.isEmpty())
            emit dataChanged(index(0, AgeColumn), index(int(m_rows.size()) - 1, TimeLeftColumn),
                             {Qt::DisplayRole, Qt::ToolTipRole});
        emit ticked();
    });
}

int RunListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RunListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Run");
    case BenchmarkColumn:
        return tr("Benchmark");
    case StateColumn:
        return tr("State");
    case SandboxesColumn:
        return tr("Sandboxes");
    case AgeColumn:
        return tr("Age");
    case TimeLeftColumn:
        return tr("Time left");
    default:
        return {};
    }
}

QVariant RunListModel::data(const QModelIndex &index, int role) const
{
    const RunListEntry *entry = index.isValid() ? entryAt(index.row()) : nullptr;
    if (!entry)
        return {};
    if (role == RunNameRole)
        return entry->name;
    if (role == ImportedRole)
        return entry->imported;
    if (role == InLedgerRole)
        return entry->inLedger();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (role == Qt::ToolTipRole) {
        if (index.column() == AgeColumn)
            return RelativeTime::absoluteTime(entry->createdAt);
        if (index.column() == TimeLeftColumn)
            return RelativeTime::absoluteTime(nearestExpiry(*entry));
        if (index.column() == StateColumn && !entry->state)
            return tr("Sandboxes the server lists with this tag; the run ledger does not know the run.");
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return entry->name;
    case BenchmarkColumn:
        return entry->benchmark;
    case StateColumn:
        return stateText(*entry);
    case SandboxesColumn:
        return statusCountsText(*entry);
    case AgeColumn:
        return RelativeTime::relativeAge(entry->createdAt, now);
    case TimeLeftColumn:
        return timeLeftText(nearestExpiry(*entry), now);
    default:
        return {};
    }
}

QString RunListModel::stateText(const RunListEntry &entry)
{
    if (entry.imported)
        return tr("imported");
    if (!entry.state)
        return tr("not in the ledger");
    switch (*entry.state) {
    case LedgerRunState::Provisioning:
        return tr("provisioning");
    case LedgerRunState::Open:
        return tr("open");
    case LedgerRunState::Cancelled:
        return tr("cancelled");
    case LedgerRunState::Released:
        return tr("released");
    case LedgerRunState::Imported:
        return tr("imported");
    }
    return {};
}

QString RunListModel::providerName(LedgerProvider provider)
{
    switch (provider) {
    case LedgerProvider::Klavis:
        return tr("Klavis");
    case LedgerProvider::KlavisLocal:
        return tr("Klavis local");
    case LedgerProvider::Blaxel:
        return tr("Blaxel");
    case LedgerProvider::KlavisUniverse:
        return tr("Klavis universe");
    }
    return LedgerWords::word(provider);
}

QString RunListModel::sandboxStatus(const LedgerSandbox &sandbox) const
{
    if (!sandbox.isHeld())
        return tr("released");
    QString listed;
    if (sandbox.provider == LedgerProvider::Klavis && m_klavis) {
        if (const SandboxSummary *found = m_klavis->find({sandbox.servers.value(0), sandbox.sandboxId}))
            listed = found->status;
    } else if (sandbox.provider == LedgerProvider::KlavisLocal && m_local) {
        if (const LocalSandbox *found = m_local->find(sandbox.sandboxId))
            listed = found->status;
    }
    return listed.isEmpty() ? tr("held") : listed.toLower();
}

QString RunListModel::statusCountsText(const RunListEntry &entry) const
{
    // Held first (what costs capacity), then failed, then released: the order a person checks them in.
    QMap<QString, int> held;
    int released = 0;
    for (const LedgerSandbox &sandbox : entry.sandboxes) {
        if (sandbox.isHeld())
            held[sandboxStatus(sandbox)] += 1;
        else
            ++released;
    }
    QStringList parts;
    for (auto it = held.cbegin(); it != held.cend(); ++it)
        parts << u"%1 %2"_s.arg(it.value()).arg(it.key());
    if (entry.failedAcquires > 0)
        parts << u"%1 %2"_s.arg(entry.failedAcquires).arg(tr("failed"));
    if (released > 0)
        parts << u"%1 %2"_s.arg(released).arg(tr("released"));
    return parts.isEmpty() ? tr("none") : parts.join(u", "_s);
}

QDateTime RunListModel::nearestExpiry(const RunListEntry &entry)
{
    QDateTime nearest;
    if (entry.imported)
        return nearest; // a past run: its clock is not ours
    for (const LedgerSandbox &sandbox : entry.sandboxes) {
        if (!sandbox.isHeld() || !sandbox.acquiredAt.isValid() || sandbox.ttlSeconds <= 0)
            continue;
        const QDateTime expiry = sandbox.acquiredAt.addSecs(sandbox.ttlSeconds);
        if (!nearest.isValid() || expiry < nearest)
            nearest = expiry;
    }
    return nearest;
}

QString RunListModel::timeLeftText(const QDateTime &expiresAt, const QDateTime &now)
{
    if (!expiresAt.isValid())
        return {};
    const qint64 seconds = now.secsTo(expiresAt);
    return seconds <= 0 ? tr("expired") : DurationText::span(seconds);
}

void RunListModel::setTicking(bool ticking)
{
    if (ticking && !m_ticker->isActive())
        m_ticker->start();
    else if (!ticking)
        m_ticker->stop();
}

bool RunListModel::isTicking() const
{
    return m_ticker->isActive();
}

const RunListEntry *RunListModel::entryAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? &m_rows[row] : nullptr;
}

int RunListModel::rowOf(const QString &name, bool imported) const
{
    for (int row = 0; row < m_rows.size(); ++row)
        if (m_rows[row].name == name && m_rows[row].imported == imported)
            return row;
    return -1;
}

void RunListModel::setLedgerRecords(const QList<RunRecord> &records)
{
    m_ledgerRecords = records;
    rebuild();
}

void RunListModel::setListedSandboxes(KlavisSandboxStore::SnapshotPointer klavis,
                                      LocalSandboxStore::SnapshotPointer local)
{
    m_local = std::move(local);
    const bool sameList = m_klavis && klavis && m_klavis->generation == klavis->generation;
    m_klavis = std::move(klavis);
    rebuild(); // the statuses now; the tag-only runs when a worker has them
    if (!sameList && m_klavis)
        findTaggedRuns();
}

// One worker at a time: asked for while one runs, it runs again for the newest list once that one is in (each
// gathering of a large account is tens of megabytes).
void RunListModel::findTaggedRuns()
{
    if (m_findingTags)
        return;
    m_findingTags = true;
    const quint64 generation = m_klavis->generation;
    const QPointer<RunListModel> self(this);
    QThreadPool::globalInstance()->start([self, generation, listed = m_klavis] {
        auto tagged = std::make_shared<QMap<QString, RunListEntry>>(TaggedRuns::find(listed->items));
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, generation, tagged]() mutable {
                if (!self) {
                    QThreadPool::globalInstance()->start(
                        [gone = std::move(tagged)]() mutable { gone.reset(); });
                    return;
                }
                self->m_findingTags = false;
                // The runs they replace may list tens of thousands of sandboxes: freed by a worker.
                QThreadPool::globalInstance()->start(
                    [old = std::exchange(self->m_tagged, std::move(*tagged))]() mutable { old = {}; });
                self->rebuild();
                if (self->m_klavis && self->m_klavis->generation != generation) {
                    self->findTaggedRuns(); // the list moved on meanwhile
                    return;
                }
                emit self->runsFound();
            },
            Qt::QueuedConnection);
    });
}

void RunListModel::addImported(const RunRecord &record)
{
    const auto same = std::find_if(m_imported.begin(), m_imported.end(), [&record](const RunRecord &known) {
        return known.run.name == record.run.name;
    });
    if (same != m_imported.end())
        *same = record; // the same manifest read again, or a newer one of the run
    else
        m_imported.append(record);
    rebuild();
}

RunListEntry RunListModel::fromRecord(const RunRecord &record, bool imported)
{
    RunListEntry entry;
    entry.name = record.run.name;
    entry.benchmark = record.run.benchmark;
    entry.state = record.run.state;
    entry.imported = imported;
    entry.createdAt = record.run.createdAt;
    entry.sandboxes = record.sandboxes;
    entry.record = record;
    for (const LedgerOperation &operation : record.operations)
        entry.failedAcquires +=
            operation.kind == LedgerOperationKind::Acquire && operation.state == LedgerOperationState::Failed;
    return entry;
}

void RunListModel::rebuild()
{
    QList<RunListEntry> fresh;
    QSet<QString> inLedger;
    for (const RunRecord &record : std::as_const(m_ledgerRecords)) {
        fresh.append(fromRecord(record, false));
        inLedger.insert(record.run.name);
    }
    for (const RunRecord &record : std::as_const(m_imported))
        fresh.append(fromRecord(record, true));
    // A tag the ledger knows as a run is that run, whatever the listed sandboxes carry.
    for (const RunListEntry &entry : std::as_const(m_tagged)) {
        if (!inLedger.contains(entry.name))
            fresh.append(entry);
    }
    apply(std::move(fresh));
}

QString RunListModel::key(const RunListEntry &entry)
{
    return (entry.imported ? u"imported/"_s : u"run/"_s) + entry.name;
}

void RunListModel::apply(QList<RunListEntry> fresh)
{
    // A tag-only run of a large account lists thousands of sandboxes: the entries a new list replaces are
    // freed by a worker, not here.
    QList<RunListEntry> replaced;
    std::stable_sort(fresh.begin(), fresh.end(), [](const RunListEntry &a, const RunListEntry &b) {
        if (a.createdAt.isValid() != b.createdAt.isValid())
            return a.createdAt.isValid();
        if (a.createdAt != b.createdAt)
            return a.createdAt > b.createdAt;
        return a.name < b.name;
    });
    QSet<QString> keys;
    for (const RunListEntry &entry : std::as_const(fresh))
        keys.insert(key(entry));
    for (int row = int(m_rows.size()) - 1; row >= 0; --row) {
        if (keys.contains(key(m_rows[row])))
            continue;
        beginRemoveRows({}, row, row);
        replaced.append(m_rows.takeAt(row));
        endRemoveRows();
    }
    for (int row = 0; row < fresh.size(); ++row) {
        const QString wanted = key(fresh[row]);
        int at = -1;
        for (int later = row; later < m_rows.size(); ++later)
            if (key(m_rows[later]) == wanted) {
                at = later;
                break;
            }
        if (at < 0) {
            beginInsertRows({}, row, row);
            m_rows.insert(row, fresh[row]);
            endInsertRows();
            continue;
        }
        if (at != row) {
            beginMoveRows({}, at, at, {}, row);
            m_rows.move(at, row);
            endMoveRows();
        }
        replaced.append(std::exchange(m_rows[row], fresh[row]));
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
    QThreadPool::globalInstance()->start([replaced = std::move(replaced)]() mutable { replaced = {}; });
}
