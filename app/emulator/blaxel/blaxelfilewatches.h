#pragma once

#include "emulator/blaxel/blaxelwatchstream.h"
#include "emulator/server/httpreply.h"

#include <QHash>
#include <QList>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <memory>

namespace Emulator {

struct BlaxelSettings;
struct IncomingRequest;

// GET /watch/filesystem/{path} of every sandbox, as blaxel-ai/sandbox's sandbox-api answers it
// (src/handler/filesystem.go, HandleWatchDirectory; src/handler/filesystem/directory.go): the folder's own
// entries, or with a path ending in "/**" every entry below it; `ignore` a comma-separated list of strings
// an event's full path must not contain; a "[keepalive]" line every 30 s; 400 when the path is no folder.
// The streams of a sandbox end when it is deleted, all of them when the emulator stops. Used on the
// server's thread only.
class BlaxelFileWatches
{
public:
    BlaxelFileWatches();
    ~BlaxelFileWatches();
    Q_DISABLE_COPY_MOVE(BlaxelFileWatches)

    // `key` names the sandbox (workspace/name), `root` its canonical folder, `segments` the path after
    // /watch/filesystem/. A 200 is a stream, which opens when the head has been written.
    HttpReply open(const IncomingRequest &request, const QString &key, const QString &root,
                   const QStringList &segments, const BlaxelSettings &settings);
    // The sandbox is gone: its streams end, and one whose head is still on its way never starts.
    void forget(const QString &key);
    qsizetype openCount(const QString &key);

private:
    void attach(QTcpSocket *socket, const QString &key, quint64 epoch,
                const BlaxelWatchStream::Options &options, int maxPerSandbox);

    // The parent of the streams, made in the server's thread on first use: they end with it.
    std::unique_ptr<QObject> m_context;
    QHash<QString, QList<QPointer<BlaxelWatchStream>>> m_streams;
    QHash<QString, quint64> m_epochs; // a sandbox's count of deletions
};

} // namespace Emulator
