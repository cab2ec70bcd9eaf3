#include "emulator/blaxel/listeningports.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QHostAddress>
#include <QSet>
#include <QtEndian>

#include <cstring>
#include <utility>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

constexpr qint64 maxProcFileBytes = qint64(4) * 1024 * 1024;
constexpr qint64 maxChildrenBytes = qint64(64) * 1024;
constexpr QByteArrayView listenState = "0A";

// The process and its descendants, breadth first, at most ListeningPorts::maxProcesses.
QList<qint64> processTree(qint64 root)
{
    QList<qint64> found{root};
    QSet<qint64> seen{root};
    for (qsizetype next = 0; next < found.size() && found.size() < ListeningPorts::maxProcesses; ++next) {
        const QString taskDir = u"/proc/%1/task"_s.arg(found.at(next));
        const QStringList tasks = QDir(taskDir).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        for (const QString &task : tasks.mid(0, ListeningPorts::maxProcesses)) {
            QFile file(taskDir + u'/' + task + u"/children"_s);
            if (!file.open(QIODevice::ReadOnly))
                continue;
            const QByteArrayList children = file.read(maxChildrenBytes).simplified().split(' ');
            for (const QByteArray &child : children) {
                bool ok = false;
                const qint64 pid = child.toLongLong(&ok);
                if (ok && pid > 0 && !seen.contains(pid) && found.size() < ListeningPorts::maxProcesses) {
                    seen.insert(pid);
                    found.append(pid);
                }
            }
        }
    }
    return found;
}

// Socket inode -> the pid holding it.
QHash<quint64, qint64> socketInodes(const QList<qint64> &pids)
{
    QHash<quint64, qint64> inodes;
    for (const qint64 pid : pids) {
        const QString fdDir = u"/proc/%1/fd"_s.arg(pid);
        const QStringList descriptors = QDir(fdDir).entryList(QDir::System | QDir::NoDotAndDotDot);
        for (const QString &descriptor : descriptors.mid(0, ListeningPorts::maxDescriptorsPerProcess)) {
            const QString target = QFile::symLinkTarget(fdDir + u'/' + descriptor);
            const QString name = target.mid(target.lastIndexOf(u'/') + 1);
            if (!name.startsWith(u"socket:["_s) || !name.endsWith(u']'))
                continue;
            bool ok = false;
            const quint64 inode = name.mid(8, name.size() - 9).toULongLong(&ok);
            if (ok)
                inodes.insert(inode, pid);
        }
    }
    return inodes;
}

// /proc/net/tcp prints an address as 32-bit words read in the host's byte order, in hex: the bytes in memory
// are the address in network order.
QString address(const QByteArray &hex)
{
    bool ok = false;
    if (hex.size() == 8) {
        const quint32 word = hex.toUInt(&ok, 16);
        return ok ? QHostAddress(qFromBigEndian(word)).toString() : QString();
    }
    if (hex.size() != 32)
        return {};
    Q_IPV6ADDR bytes{};
    for (qsizetype i = 0; i < 4; ++i) {
        const quint32 word = hex.mid(i * 8, 8).toUInt(&ok, 16);
        if (!ok)
            return {};
        std::memcpy(&bytes.c[i * 4], &word, 4);
    }
    return QHostAddress(bytes).toString();
}

QString processName(qint64 pid)
{
    QFile file(u"/proc/%1/comm"_s.arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.read(64)).trimmed();
}

} // namespace

QList<ListeningPorts::Port> ListeningPorts::of(qint64 pid)
{
    if (pid <= 0 || !QFileInfo::exists(u"/proc/%1"_s.arg(pid)))
        return {};
    const QHash<quint64, qint64> inodes = socketInodes(processTree(pid));
    if (inodes.isEmpty())
        return {};
    QList<Port> ports;
    QSet<std::pair<int, qint64>> listed;
    for (const QString &table : {u"/proc/net/tcp"_s, u"/proc/net/tcp6"_s}) {
        QFile file(table);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QByteArrayList rows = file.read(maxProcFileBytes).split('\n');
        // Row 0 names the columns: sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode.
        for (const QByteArray &row : rows.mid(1, maxSocketRows)) {
            const QByteArrayList fields = row.simplified().split(' ');
            if (fields.size() < 10 || fields.at(3) != listenState)
                continue;
            const auto holder = inodes.constFind(fields.at(9).toULongLong());
            if (holder == inodes.cend())
                continue;
            const QByteArrayList local = fields.at(1).split(':');
            bool ok = false;
            const int port = local.value(1).toInt(&ok, 16);
            if (!ok || port <= 0 || port > 65535 || listed.contains({port, *holder}))
                continue;
            listed.insert({port, *holder});
            ports.append({*holder, address(local.at(0)), port, processName(*holder)});
            if (ports.size() >= maxPorts)
                return ports;
        }
    }
    return ports;
}

} // namespace Emulator
