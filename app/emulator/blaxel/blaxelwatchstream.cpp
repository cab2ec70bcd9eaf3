#include "emulator/blaxel/blaxelwatchstream.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Emulator {

BlaxelWatchStream::BlaxelWatchStream(QTcpSocket *socket, const Options &options, QObject *parent)
    : ChunkedStream(socket, options.keepaliveMs, parent), m_options(options),
      m_snapshot(BlaxelFolderSnapshot::take(options.realFolder, options.recursive, options.maxEntries))
{
    m_scan.setInterval(std::max(10, options.scanMs));
    connect(&m_scan, &QTimer::timeout, this, &BlaxelWatchStream::scan);
    connect(this, &ChunkedStream::closed, &m_scan, &QTimer::stop);
    m_scan.start();
}

void BlaxelWatchStream::scan()
{
    if (!m_snapshot.exists())
        return; // the real watcher stops when its folder goes; the keepalives go on
    BlaxelFolderSnapshot next =
        BlaxelFolderSnapshot::take(m_options.realFolder, m_options.recursive, m_options.maxEntries);
    const QList<BlaxelWatchEvent> events =
        next.exists() ? m_snapshot.changesTo(next, m_options.sandboxPath, m_options.ignore)
                      : m_snapshot.removal(m_options.sandboxPath, m_options.ignore);
    m_snapshot = std::move(next);
    // One chunk for a scan's events: a client reads several lines from one piece, as it may from the real
    // server's when its writes meet in a buffer.
    QByteArray lines;
    for (const BlaxelWatchEvent &e : events) {
        // Go's FileEvent, its null error included.
        const QJsonObject object{
            {u"op"_s, e.op}, {u"name"_s, e.name}, {u"path"_s, e.path}, {u"error"_s, QJsonValue::Null}};
        lines += QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
    }
    send(lines);
}

} // namespace Emulator
