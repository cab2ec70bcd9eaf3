#pragma once

#include "emulator/blaxel/blaxelfoldersnapshot.h"

#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QTimer>

QT_BEGIN_NAMESPACE
class QTcpSocket;
QT_END_NAMESPACE

namespace Emulator {

// One open GET /watch/filesystem/{path}: a chunked body of newline-separated FileEvent JSON lines and
// "[keepalive]" lines, written to a connection the emulator keeps until the client goes or end() is called.
// Lives on the server's thread; nothing is written once the connection is gone.
class BlaxelWatchStream final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelWatchStream)

public:
    static constexpr qint64 maxUnsentBytes = qint64(4) * 1024 * 1024;

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
    // The emulator stops: the connection is cut, as a sandbox going away cuts it.
    ~BlaxelWatchStream() override;

    // Ends the body (its last chunk) and closes the connection; the stream deletes itself later.
    void end();
    bool isOpen() const;

private:
    void scan();
    void send(const QByteArray &line);
    void finish();

    QPointer<QTcpSocket> m_socket;
    Options m_options;
    BlaxelFolderSnapshot m_snapshot;
    QTimer m_scan;
    QTimer m_keepalive;
};

} // namespace Emulator
