#pragma once

#include <QList>
#include <QString>

namespace Emulator {

// The TCP ports a process and its descendants listen on, read from Linux's /proc: each socket the processes
// hold (/proc/<pid>/fd) matched by inode against the LISTEN rows of /proc/net/tcp and tcp6. Elsewhere, or
// for a process that is gone, nothing. Every read is capped, since a command may open or fork without end.
class ListeningPorts
{
public:
    static constexpr int maxProcesses = 64;
    static constexpr int maxDescriptorsPerProcess = 4096;
    static constexpr int maxSocketRows = 20'000;
    static constexpr int maxPorts = 256;

    struct Port
    {
        qint64 pid = 0; // the process holding the socket
        QString localAddress;
        int localPort = 0;
        QString processName;
    };

    static QList<Port> of(qint64 pid);
};

} // namespace Emulator
