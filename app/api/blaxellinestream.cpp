#include "api/blaxellinestream.h"

#include "api/blaxelerrordecoder.h"
#include "api/blaxelsandboxfiles.h"
#include "api/blaxelsandboxreply.h"
#include "api/remotetext.h"

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

BlaxelLineStream::BlaxelLineStream(BlaxelSandboxFiles *files, QObject *parent)
    : QObject(parent), m_files(files)
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
    connect(&m_retry, &QTimer::timeout, this, &BlaxelLineStream::connectStream);
}

BlaxelLineStream::~BlaxelLineStream()
{
    stop();
}

void BlaxelLineStream::start(const QString &apiPath, const QString &what, Ending ending,
                             const QString &refusal)
{
    stop();
    m_path = apiPath;
    m_what = what;
    m_ending = ending;
    m_refusal = refusal;
    m_running = true;
    m_interrupted = false;
    m_failures = 0;
    connectStream();
}

void BlaxelLineStream::stop()
{
    ++m_generation;
    m_running = false;
    m_silence.stop();
    m_retry.stop();
    dropReply();
}

void BlaxelLineStream::dropReply()
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

void BlaxelLineStream::connectStream()
{
    dropReply();
    if (!m_running)
        return;
    if (!m_files || !m_files->network()) {
        fail(tr("The sandbox's client is gone."));
        return;
    }
    if (!m_refusal.isEmpty()) {
        fail(m_refusal);
        return;
    }
    QNetworkRequest request = m_files->request(m_path);
    // The body has no end we can wait for: only silence past the keepalives (m_silence) ends it.
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
        Q_EMIT opened(std::exchange(m_interrupted, false));
    });
    connect(reply, &QNetworkReply::readyRead, this, &BlaxelLineStream::readStream);
    connect(reply, &QNetworkReply::finished, this, &BlaxelLineStream::streamEnded);
    m_silence.start(3 * std::max(1, m_timing.keepaliveMs));
}

void BlaxelLineStream::readStream()
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
            if (std::exchange(m_skipping, false)) {
                m_buffer.clear();
                continue;
            }
            const qsizetype room = maxLineBytes - m_buffer.size();
            const bool cut = piece.size() > room;
            m_buffer.append(piece.left(room));
            if (!deliver(std::exchange(m_buffer, {}), cut, generation))
                return;
        }
        if (m_skipping)
            continue;
        const QByteArray rest = data.mid(from);
        const qsizetype room = maxLineBytes - m_buffer.size();
        if (rest.size() > room) {
            // What fits goes out cut; the rest of the line is dropped up to its newline, so the buffer never
            // holds more than one bounded line.
            m_buffer.append(rest.left(room));
            m_skipping = true;
            if (!deliver(std::exchange(m_buffer, {}), true, generation))
                return;
        } else {
            m_buffer.append(rest);
        }
    }
}

bool BlaxelLineStream::deliver(const QByteArray &line, bool cut, quint64 generation)
{
    QByteArray text = line;
    if (text.endsWith('\r'))
        text.chop(1);
    if (text.startsWith("[keepalive]"))
        return true;
    Q_EMIT lineReceived(text, cut);
    return generation == m_generation;
}

void BlaxelLineStream::streamEnded()
{
    QNetworkReply *reply = m_reply.data();
    if (!reply || sender() != reply)
        return;
    const QString key = m_files ? m_files->apiKeyToRedact() : QString();
    const int status = BlaxelSandboxReply::status(reply);
    if (m_open && reply->error() == QNetworkReply::NoError && m_silenceProblem.isEmpty() &&
        m_ending == Ending::Final) {
        // The last line may come without its newline.
        const quint64 generation = m_generation;
        if (!m_skipping && !m_buffer.isEmpty() && !deliver(std::exchange(m_buffer, {}), false, generation))
            return;
        stop();
        Q_EMIT finished();
        return;
    }
    QString problem;
    if (!m_silenceProblem.isEmpty())
        problem = m_silenceProblem;
    else if (m_open)
        problem = reply->error() == QNetworkReply::NoError
                      ? tr("The sandbox ended the stream of %1.").arg(m_what)
                      : BlaxelSandboxReply::networkError(reply, 0, key).message();
    else if (status == 0)
        problem = BlaxelSandboxReply::networkError(reply, 0, key).message();
    else
        problem = BlaxelSandboxReply::httpError(reply, m_buffer + reply->read(m_timing.maxErrorBodyBytes),
                                                m_what, key)
                      .message();
    fail(problem);
}

void BlaxelLineStream::fail(const QString &problem)
{
    dropReply();
    m_silence.stop();
    if (!m_running)
        return;
    const QString key = m_files ? m_files->apiKeyToRedact() : QString();
    m_interrupted = true;
    const int delay =
        int(std::min<qint64>(m_timing.maxRetryMs, qint64(m_timing.firstRetryMs) << std::min(m_failures, 20)));
    ++m_failures;
    m_retry.start(std::max(0, delay));
    Q_EMIT interrupted(BlaxelErrorDecoder::oneLine(RemoteText::redacted(problem, key)));
}
