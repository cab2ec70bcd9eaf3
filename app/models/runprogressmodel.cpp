#include "models/runprogressmodel.h"

#include "models/displaytext.h"

#include <algorithm>

using namespace Qt::StringLiterals;

RunProgressModel::RunProgressModel(QObject *parent) : QAbstractTableModel(parent) {}

void RunProgressModel::reset(const QList<RunSandbox> &sandboxes)
{
    beginResetModel();
    m_sandboxes = sandboxes;
    endResetModel();
}

void RunProgressModel::update(int index, const RunSandbox &sandbox)
{
    if (index < 0 || index >= m_sandboxes.size())
        return;
    m_sandboxes[index] = sandbox;
    emit dataChanged(this->index(index, 0), this->index(index, ColumnCount - 1));
}

int RunProgressModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_sandboxes.size());
}

int RunProgressModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunProgressModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_sandboxes.size())
        return {};
    const RunSandbox &sandbox = m_sandboxes[index.row()];
    switch (role) {
    case StateRole:
        return int(sandbox.state);
    case IsFailureRole:
        return isFailure(sandbox.state);
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case SandboxColumn:
            return slotText(sandbox.slot);
        case StateColumn:
            return stateText(sandbox.state);
        case IdColumn:
            // Both come from the server: shown, never interpreted.
            return DisplayText::visible(sandbox.sandboxId);
        case ErrorColumn:
            return role == Qt::ToolTipRole ? DisplayText::visibleLines(sandbox.error)
                                           : DisplayText::visible(sandbox.error);
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant RunProgressModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SandboxColumn:
        return tr("Sandbox");
    case StateColumn:
        return tr("State");
    case IdColumn:
        return tr("Id");
    case ErrorColumn:
        return tr("Error");
    default:
        return {};
    }
}

int RunProgressModel::settledCount() const
{
    return int(std::count_if(m_sandboxes.cbegin(), m_sandboxes.cend(),
                             [](const RunSandbox &sandbox) { return isSettled(sandbox.state); }));
}

int RunProgressModel::countIn(RunSandboxState state) const
{
    return int(std::count_if(m_sandboxes.cbegin(), m_sandboxes.cend(),
                             [state](const RunSandbox &sandbox) { return sandbox.state == state; }));
}

bool RunProgressModel::isSettled(RunSandboxState state)
{
    return state == RunSandboxState::Acquired || state == RunSandboxState::Failed ||
           state == RunSandboxState::Ambiguous || state == RunSandboxState::Cancelled;
}

bool RunProgressModel::isFailure(RunSandboxState state)
{
    return state == RunSandboxState::Failed || state == RunSandboxState::Ambiguous;
}

QString RunProgressModel::stateText(RunSandboxState state)
{
    switch (state) {
    case RunSandboxState::Pending:
        return tr("pending");
    case RunSandboxState::Acquiring:
        return tr("acquiring");
    case RunSandboxState::RateLimited:
        return tr("rate limited, waiting");
    case RunSandboxState::Seeding:
        return tr("seeding");
    case RunSandboxState::Acquired:
        return tr("acquired");
    case RunSandboxState::Failed:
        return tr("failed");
    case RunSandboxState::Ambiguous:
        return tr("no answer: may be held");
    case RunSandboxState::Cancelled:
        return tr("cancelled");
    }
    return {};
}

QString RunProgressModel::slotText(const RunSlot &slot)
{
    if (slot.local)
        return tr("local %1 #%2: %3").arg(slot.localSet).arg(slot.ordinal).arg(slot.servers.join(u", "_s));
    return tr("%1 #%2").arg(slot.servers.value(0)).arg(slot.ordinal);
}
