#include "models/blaxelprocesslistmodel.h"

#include "models/displaytext.h"

#include <QHash>
#include <QLocale>
#include <QSet>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace {

bool sameRow(const BlaxelProcess &a, const BlaxelProcess &b)
{
    return a.pid == b.pid && a.status == b.status && a.hasExitCode == b.hasExitCode &&
           a.exitCode == b.exitCode && a.command == b.command && a.startedAt == b.startedAt &&
           a.completedAt == b.completedAt && a.workingDir == b.workingDir;
}

} // namespace

BlaxelProcessListModel::BlaxelProcessListModel(QObject *parent) : QAbstractTableModel(parent) {}

void BlaxelProcessListModel::setProcesses(const QList<BlaxelProcess> &processes)
{
    QHash<QString, qsizetype> incoming;
    QSet<QString> runningPids;
    for (qsizetype i = 0; i < processes.size(); ++i) {
        incoming.insert(processes.at(i).name, i);
        if (processes.at(i).isRunning())
            runningPids.insert(processes.at(i).pid);
    }
    m_ports.removeIf([&](const auto &entry) { return !runningPids.contains(entry.key()); });
    // Backwards, so that each removal leaves the rows still to visit where they were.
    for (int row = int(m_processes.size()) - 1; row >= 0; --row) {
        if (incoming.contains(m_processes.at(row).name))
            continue;
        beginRemoveRows({}, row, row);
        m_processes.removeAt(row);
        endRemoveRows();
    }
    QHash<QString, int> kept;
    for (int row = 0; row < m_processes.size(); ++row)
        kept.insert(m_processes.at(row).name, row);
    QList<BlaxelProcess> added;
    for (const BlaxelProcess &process : processes) {
        const auto found = kept.constFind(process.name);
        if (found == kept.cend()) {
            added.append(process);
            continue;
        }
        if (sameRow(m_processes.at(*found), process))
            continue;
        m_processes[*found] = process;
        Q_EMIT dataChanged(index(*found, 0), index(*found, ColumnCount - 1));
    }
    if (added.isEmpty())
        return;
    const int first = int(m_processes.size());
    beginInsertRows({}, first, first + int(added.size()) - 1);
    m_processes.append(added);
    endInsertRows();
}

void BlaxelProcessListModel::clear()
{
    m_ports.clear();
    if (m_processes.isEmpty())
        return;
    beginResetModel();
    m_processes.clear();
    endResetModel();
}

void BlaxelProcessListModel::setPorts(const QString &pid, const QList<int> &ports)
{
    if (m_ports.value(pid) == ports)
        return;
    int row = -1;
    for (int i = 0; i < m_processes.size() && row < 0; ++i) {
        if (m_processes.at(i).pid == pid && m_processes.at(i).isRunning())
            row = i;
    }
    // A process that ended meanwhile shows none: nothing to keep for it.
    if (row < 0)
        return;
    m_ports.insert(pid, ports);
    Q_EMIT dataChanged(index(row, PortsColumn), index(row, PortsColumn));
}

int BlaxelProcessListModel::rowOf(const QString &name) const
{
    for (int row = 0; row < m_processes.size(); ++row) {
        if (m_processes.at(row).name == name)
            return row;
    }
    return -1;
}

int BlaxelProcessListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_processes.size());
}

int BlaxelProcessListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BlaxelProcessListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_processes.size())
        return {};
    const BlaxelProcess &process = m_processes.at(index.row());
    switch (role) {
    case NameRole:
        return process.name;
    case RunningRole:
        return process.isRunning();
    case StatusRole:
        return process.status;
    case Qt::ToolTipRole:
        if (index.column() == CommandColumn)
            return DisplayText::visibleLines(process.command);
        return {};
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case NameColumn:
        return DisplayText::visible(process.name);
    case StatusColumn:
        return DisplayText::visible(process.status);
    case ExitCodeColumn:
        return process.hasExitCode ? QString::number(process.exitCode) : QString();
    case CommandColumn:
        return DisplayText::visible(process.command);
    case StartedColumn:
        return process.startedAt.isValid()
                   ? QLocale().toString(process.startedAt.toLocalTime().time(), QLocale::ShortFormat)
                   : QString();
    case PortsColumn: {
        if (!process.isRunning())
            return QString();
        QStringList ports;
        for (const int port : m_ports.value(process.pid))
            ports.append(QString::number(port));
        return ports.join(u", "_s);
    }
    default:
        return {};
    }
}

QVariant BlaxelProcessListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case StatusColumn:
        return tr("Status");
    case ExitCodeColumn:
        return tr("Exit code");
    case CommandColumn:
        return tr("Command");
    case StartedColumn:
        return tr("Started");
    case PortsColumn:
        return tr("Ports");
    default:
        return {};
    }
}
