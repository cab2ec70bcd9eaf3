#include "api/blaxelfilewatch.h"

#include "api/blaxelerrordecoder.h"
#include "api/blaxelsandboxfiles.h"
#include "api/blaxelsandboxreply.h"
#include "api/remotetext.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace {

// Qt keeps no more than this of the body unread; the server waits for us beyond it.
constexpr qint64 readBufferBytes = qint64(256) * 1024;

} // namespace

BlaxelFileWatch::BlaxelFileWatch(BlaxelSandboxFiles *files, QObject *parent) : QObject(parent), m_files(files)
{
    m_silence.setSingleShot(true);
    connect(&m_silence, &QTimer::timeout, this, [this] {
        if (!m_reply)
            return;
        m_silenceProblem = tr("The sandbox sent nothing for %1 s, not even a keepalive.")
                               .arg((3 * m_timing.keepaliveMs + 999) / 1000);
        m_reply->abort();
    });
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &BlaxelFileWatch::connectStream);
}

BlaxelFileWatch::~BlaxelFileWatch()
{
    stop();
}

void BlaxelFileWatch::start(const QString &remoteFolder)
{
    stop();
    m_folder = remoteFolder;
    m_watching = true;
    m_interrupted = false;
    m_failures = 0;
    connectStream();
}

void BlaxelFileWatch::stop()
{
    ++m_generation;
    m_watching = false;
    m_silence.stop();
    m_retry.stop();
    dropReply();
}

void BlaxelFileWatch::dropReply()
{
    if (QNetworkReply *reply = m_reply.data()) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    m_reply = nullptr;
    m_buffer.clear();
    m_skipping = false;
    m_open = false;
    m_silenceProblem.clear();
}

void BlaxelFileWatch::connectStream()
{
    dropReply();
    if (!m_watching)
        return;
    if (!m_files || !m_files->network()) {
        fail(tr("The sandbox's client is gone."));
        return;
    }
    // A remote folder of "/**" style keeps its "**" segment: the API reads it as "and below".
    if (const QString problem = m_files->refusal(m_folder); !problem.isEmpty()) {
        fail(problem);
        return;
    }
    QNetworkRequest request = m_files->request(u"/watch"_s + BlaxelSandboxFiles::filesystemPath(m_folder));
    // The body never ends: only silence past the keepalives (m_silence) ends it.
    request.setTransferTimeout(0);
    request.setRawHeader("Accept", "text/plain, application/json");
    // A compressed stream would wait in a decoder's buffer.
    request.setRawHeader("Accept-Encoding", "identity");
    QNetworkReply *reply = m_files->network()->get(request);
    reply->setReadBufferSize(readBufferBytes);
    m_reply = reply;
    connect(reply, &QNetworkReply::metaDataChanged, this, [this, reply] {
        if (reply != m_reply)
            return;
        m_silence.start(3 * std::max(1, m_timing.keepaliveMs));
        const int status = BlaxelSandboxReply::status(reply);
        if (status < 200 || status >= 300 || m_open)
            return;
        m_open = true;
        m_failures = 0;
        if (m_interrupted) {
            m_interrupted = false;
            Q_EMIT resumed();
        }
    });
    connect(reply, &QNetworkReply::readyRead, this, &BlaxelFileWatch::readStream);
    connect(reply, &QNetworkReply::finished, this, &BlaxelFileWatch::streamEnded);
    m_silence.start(3 * std::max(1, m_timing.keepaliveMs));
}

void BlaxelFileWatch::readStream()
{
    QNetworkReply *reply = m_reply.data();
    if (!reply || sender() != reply)
        return;
    m_silence.start(3 * std::max(1, m_timing.keepaliveMs));
    const quint64 generation = m_generation;
    if (!m_open) {
        // A refusal's body, kept for its message, bounded.
        const QByteArray data = reply->readAll();
        m_buffer.append(data.left(std::max<qsizetype>(0, m_timing.maxErrorBodyBytes - m_buffer.size())));
        return;
    }
    while (reply->bytesAvailable() > 0) {
        const QByteArray data = reply->read(maxLineBytes);
        qsizetype from = 0;
        for (;;) {
            const qsizetype newline = data.indexOf('\n', from);
            if (newline < 0)
                break;
            const QByteArray piece = data.mid(from, newline - from);
            from = newline + 1;
            if (m_skipping || m_buffer.size() + piece.size() > maxLineBytes) {
                m_skipping = false;
                m_buffer.clear();
                continue;
            }
            m_buffer.append(piece);
            const QByteArray line = std::exchange(m_buffer, {});
            if (!handleLine(line, generation))
                return;
        }
        const QByteArray rest = data.mid(from);
        if (m_skipping)
            continue;
        if (m_buffer.size() + rest.size() > maxLineBytes) {
            // Dropped whole, up to its newline: the buffer never holds more than one bounded line.
            m_buffer.clear();
            m_skipping = true;
        } else {
            m_buffer.append(rest);
        }
    }
}

bool BlaxelFileWatch::handleLine(const QByteArray &line, quint64 generation)
{
    const QByteArray trimmed = line.trimmed();
    if (trimmed.isEmpty() || line.startsWith("[keepalive]"))
        return true;
    const QJsonDocument document = QJsonDocument::fromJson(trimmed);
    if (!document.isObject())
        return true;
    const QJsonObject event = document.object();
    const QString op = event.value(u"op"_s).toString();
    const QString folder = event.value(u"path"_s).toString();
    const QString name = event.value(u"name"_s).toString();
    if (op.isEmpty() || op.size() > maxOpChars || folder.size() > maxPathChars || name.size() > maxNameChars)
        return true;
    // As @blaxel/core joins them (filesystem.ts, watch): no second '/' after a folder ending in one.
    const QString path = folder.endsWith(u'/') ? QString(folder + name) : QString(folder + u'/' + name);
    Q_EMIT changed(op, path);
    return generation == m_generation;
}

void BlaxelFileWatch::streamEnded()
{
    QNetworkReply *reply = m_reply.data();
    if (!reply || sender() != reply)
        return;
    const QString key = m_files ? m_files->apiKeyToRedact() : QString();
    const int status = BlaxelSandboxReply::status(reply);
    QString problem;
    if (!m_silenceProblem.isEmpty())
        problem = m_silenceProblem;
    else if (m_open)
        problem = reply->error() == QNetworkReply::NoError
                      ? tr("The sandbox ended the watch of %1.").arg(m_folder)
                      : BlaxelSandboxReply::networkError(reply, 0, key).message();
    else if (status == 0)
        problem = BlaxelSandboxReply::networkError(reply, 0, key).message();
    else
        problem = BlaxelSandboxReply::httpError(reply, m_buffer + reply->read(m_timing.maxErrorBodyBytes),
                                                m_folder, key)
                      .message();
    fail(problem);
}

void BlaxelFileWatch::fail(const QString &problem)
{
    dropReply();
    m_silence.stop();
    if (!m_watching)
        return;
    const QString key = m_files ? m_files->apiKeyToRedact() : QString();
    m_interrupted = true;
    const int delay =
        int(std::min<qint64>(m_timing.maxRetryMs, qint64(m_timing.firstRetryMs) << std::min(m_failures, 20)));
    ++m_failures;
    m_retry.start(std::max(0, delay));
    Q_EMIT interrupted(BlaxelErrorDecoder::oneLine(RemoteText::redacted(problem, key)));
}
