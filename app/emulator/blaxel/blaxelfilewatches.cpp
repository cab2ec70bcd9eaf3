#include "emulator/blaxel/blaxelfilewatches.h"

#include "emulator/blaxel/blaxelreplies.h"
#include "emulator/blaxel/blaxelsandboxpaths.h"
#include "emulator/blaxel/blaxelsettings.h"
#include "emulator/server/chunkedstream.h"
#include "emulator/server/incomingrequest.h"

#include <QFileInfo>
#include <QTcpSocket>

using namespace Qt::StringLiterals;

namespace Emulator {

BlaxelFileWatches::BlaxelFileWatches() = default;

BlaxelFileWatches::~BlaxelFileWatches() = default;

qsizetype BlaxelFileWatches::openCount(const QString &key)
{
    auto it = m_streams.find(key);
    if (it == m_streams.end())
        return 0;
    it->removeIf([](const QPointer<BlaxelWatchStream> &stream) { return !stream || !stream->isOpen(); });
    return it->size();
}

HttpReply BlaxelFileWatches::open(const IncomingRequest &request, const QString &key, const QString &root,
                                  const QStringList &segments, const BlaxelSettings &settings)
{
    QString error;
    std::optional<QString> sandboxPath = BlaxelSandboxPaths::fromUrlSegments(segments, &error);
    if (!sandboxPath)
        return BlaxelReplies::sandboxError(400, error);
    bool recursive = false;
    if (sandboxPath->endsWith(u"/**")) {
        recursive = true;
        sandboxPath->chop(3);
        if (sandboxPath->isEmpty())
            *sandboxPath = u"/"_s;
    }
    const std::optional<QString> real = BlaxelSandboxPaths::realPath(root, *sandboxPath, &error);
    if (!real)
        return BlaxelReplies::sandboxError(403, error);
    // The real server answers a missing folder as it answers a file: 400 "path is not a directory".
    if (!QFileInfo(*real).isDir())
        return BlaxelReplies::sandboxError(400, u"path is not a directory"_s);
    // The real server has no bound of its own but inotify's; past this one it answers as it does when
    // fsnotify cannot add a watch.
    if (openCount(key) >= settings.maxWatchesPerSandbox)
        return BlaxelReplies::sandboxError(
            500, u"too many watches open on this sandbox (at most %1)"_s.arg(settings.maxWatchesPerSandbox));
    QStringList ignore;
    if (const std::optional<QString> value = request.queryValue(u"ignore"_s))
        ignore = value->split(u',', Qt::SkipEmptyParts);
    const BlaxelWatchStream::Options options{*real,
                                             *sandboxPath,
                                             recursive,
                                             ignore,
                                             settings.watchScanMs,
                                             settings.watchKeepaliveMs,
                                             std::max(1, settings.watchMaxEntries)};
    return ChunkedStream::textReply([this, key, epoch = m_epochs.value(key), options,
                                     most = settings.maxWatchesPerSandbox](QTcpSocket *socket) {
        attach(socket, key, epoch, options, most);
    });
}

void BlaxelFileWatches::attach(QTcpSocket *socket, const QString &key, quint64 epoch,
                               const BlaxelWatchStream::Options &options, int maxPerSandbox)
{
    if (!m_context)
        m_context = std::make_unique<QObject>();
    auto *stream = new BlaxelWatchStream(socket, options, m_context.get());
    // Deleted, or the bound reached by streams that opened meanwhile: the body ends at once.
    if (m_epochs.value(key) != epoch || openCount(key) >= maxPerSandbox) {
        stream->end();
        return;
    }
    m_streams[key].append(stream);
}

void BlaxelFileWatches::forget(const QString &key)
{
    ++m_epochs[key];
    const QList<QPointer<BlaxelWatchStream>> streams = m_streams.take(key);
    for (const QPointer<BlaxelWatchStream> &stream : streams)
        if (stream)
            stream->end();
}

} // namespace Emulator
