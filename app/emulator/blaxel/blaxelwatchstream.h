#pragma once

#include "emulator/blaxel/blaxelfoldersnapshot.h"
#include "emulator/server/chunkedstream.h"

#include <QStringList>
#include <QTimer>

namespace Emulator {

// One open GET /watch/filesystem/{path}: a chunked body of newline-separated FileEvent JSON lines and
// "[keepalive]" lines, the folder scanned every scanMs, until the client goes or end() is called.
class BlaxelWatchStream final : public ChunkedStream
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelWatchStream)

public:
    struct Options
    {
        QString realFolder;
        QString sandboxPath; // what the events' paths start with
        bool recursive = false;
        QStringList ignore;
        int scanMs = 250;
        int keepaliveMs = 30'000;
        int maxEntries = 10'000;
    };

    // Takes the first snapshot at once: a change after the head was written is reported.
    BlaxelWatchStream(QTcpSocket *socket, const Options &options, QObject *parent);
    ~BlaxelWatchStream() override = default;

private:
    void scan();

    Options m_options;
    BlaxelFolderSnapshot m_snapshot;
    QTimer m_scan;
};

} // namespace Emulator
