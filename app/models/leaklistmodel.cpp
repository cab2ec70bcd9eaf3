#include "models/leaklistmodel.h"

#include "models/displaytext.h"
#include "models/relativetime.h"
#include "models/runlistmodel.h"

#include <QThreadPool>

#include <utility>

using namespace Qt::StringLiterals;

LeakListModel::LeakListModel(QObject *parent) : QAbstractTableModel(parent) {}

void LeakListModel::setLeaks(const QList<Leak> &leaks)
{
    beginResetModel();
    QList<Leak> old = std::exchange(m_leaks, leaks);
    endResetModel();
    // 50,000 leaks take tens of milliseconds to free: a worker does it when this was their last reader.
    QThreadPool::globalInstance()->start([old = std::move(old)]() mutable { old = {}; });
}

int LeakListModel::rowOf(const QString &sandboxId) const
{
    for (qsizetype row = 0; row < m_leaks.size(); ++row) {
        if (m_leaks[row].sandboxId == sandboxId)
            return int(row);
    }
    return -1;
}

QString LeakListModel::reasonText(LeakReason reason)
{
    switch (reason) {
    case LeakReason::Unclaimed:
        return tr("Unclaimed");
    case LeakReason::PastTtl:
        return tr("Past its TTL");
    case LeakReason::HeldTooLong:
        return tr("Held too long");
    }
    return {};
}

QString LeakListModel::reasonsText(const QList<LeakReason> &reasons)
{
    QStringList words;
    for (const LeakReason reason : reasons)
        words << reasonText(reason);
    return words.join(u", "_s);
}

int LeakListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_leaks.size());
}

int LeakListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LeakListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Leak &leak = m_leaks[index.row()];
    if (role == SandboxIdRole)
        return leak.sandboxId;
    if (role == Qt::ToolTipRole) {
        if (index.column() == SandboxColumn)
            return RunListModel::providerName(leak.provider);
        if (index.column() == HeldSinceColumn)
            return RelativeTime::absoluteTime(leak.heldSince);
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case SandboxColumn:
        return DisplayText::visible(leak.sandboxId);
    case ServersColumn:
        return DisplayText::visible(leak.servers.join(u", "_s));
    case RunColumn:
        return leak.run.isEmpty() ? tr("none") : DisplayText::visible(leak.run);
    case HeldSinceColumn:
        return RelativeTime::relativeAge(
            leak.heldSince, m_referenceTime.isValid() ? m_referenceTime : QDateTime::currentDateTimeUtc());
    case WhyColumn:
        return reasonsText(leak.reasons);
    default:
        return {};
    }
}

QVariant LeakListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SandboxColumn:
        return tr("Sandbox");
    case ServersColumn:
        return tr("Servers");
    case RunColumn:
        return tr("Run");
    case HeldSinceColumn:
        return tr("Held since");
    case WhyColumn:
        return tr("Why");
    default:
        return {};
    }
}
