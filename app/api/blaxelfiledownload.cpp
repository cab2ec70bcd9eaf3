#include "api/blaxelfiledownload.h"

#include "api/blaxelsandboxreply.h"
#include "api/retrypolicy.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QRegularExpression>

#include <memory>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 readBufferBytes = qint64{4} * 1024 * 1024;
constexpr qsizetype readChunk = qsizetype{256} * 1024;

// "bytes first-last/total" of a 206, or "bytes */total" of a 416; nullopt for anything else.
struct ByteRange
{
    qint64 first = -1;
    qint64 total = -1;
};

std::optional<ByteRange> parseContentRange(const QByteArray &value)
{
    static const QRegularExpression pattern(u"^bytes (?:(\\d{1,18})-(\\d{1,18})|\\*)/(\\d{1,18})$"_s);
    const QRegularExpressionMatch match = pattern.match(QString::fromLatin1(value.trimmed()));
    if (!match.hasMatch())
        return std::nullopt;
    ByteRange range;
    range.total = match.captured(3).toLongLong();
    if (match.hasCaptured(1)) {
        range.first = match.captured(1).toLongLong();
        if (match.captured(2).toLongLong() < range.first || match.captured(2).toLongLong() >= range.total)
            return std::nullopt;
    }
    return range;
}

struct Download
{
    QFile file;
    qint64 written = 0;
    qint64 total = -1;
    qint64 mostWritten = 0;
    int failures = 0;
    int resumes = 0;
    bool checked = false;
    bool discard = false;
    QByteArray buffer;
    QPointer<QNetworkReply> reply;
};

} // namespace

void BlaxelFileDownload::start(BlaxelSandboxCall *call, QNetworkAccessManager *network,
                               const QNetworkRequest &get, const QString &remotePath,
                               const QString &localPath, bool resume,
                               const BlaxelSandboxFiles::Limits &limits, const QString &apiKey,
                               const std::shared_ptr<ResultHandler<BlaxelDownload>> &handler)
{
    auto state = std::make_shared<Download>();
    call->setFailure([call, handler, state](const ApiError &error) {
        state->file.close();
        call->finishWith([&] { (*handler)(error); });
    });
    state->file.setFileName(localPath);
    const bool append = resume && state->file.exists();
    if (!state->file.open(append ? QIODevice::ReadWrite | QIODevice::Append
                                 : QIODevice::WriteOnly | QIODevice::Truncate)) {
        const QString problem = tr("Could not write %1: %2").arg(localPath, state->file.errorString());
        call->failSoon(problem);
        return;
    }
    state->written = state->file.size();
    state->mostWritten = state->written;

    const auto restartFromZero = [state] {
        state->file.resize(0);
        state->file.seek(0);
        state->written = 0;
        state->total = -1;
    };
    const auto consume = [call, state, restartFromZero] {
        QNetworkReply *reply = state->reply;
        if (!reply || call->isFinished() || state->discard)
            return;
        if (!state->checked) {
            const int status = BlaxelSandboxReply::status(reply);
            if (status != 200 && status != 206)
                return; // an error body: read when the reply ends
            if (status == 206) {
                const std::optional<ByteRange> range = parseContentRange(reply->rawHeader("Content-Range"));
                if (!range || range->first != state->written) {
                    // Not the bytes asked for: this answer is dropped and the file asked for again whole.
                    state->discard = true;
                    restartFromZero();
                    reply->abort();
                    return;
                }
                state->total = range->total;
            } else {
                if (state->written > 0)
                    restartFromZero(); // a 200 to a Range request sends the whole file again
                const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
                state->total = length.isValid() ? length.toLongLong() : -1;
            }
            state->checked = true;
        }
        state->buffer.resize(readChunk);
        qint64 moved = 0;
        for (;;) {
            const qint64 got = reply->read(state->buffer.data(), state->buffer.size());
            if (got <= 0)
                break;
            if (state->file.write(state->buffer.constData(), got) != got) {
                call->fail(ApiError::local(
                    tr("Could not write %1: %2").arg(state->file.fileName(), state->file.errorString())));
                return;
            }
            moved += got;
        }
        if (moved == 0)
            return;
        state->written += moved;
        // Only cuts in a row without new bytes give up: a sandbox cutting every answer at the same place
        // while restarting from zero must not loop forever.
        if (state->written > state->mostWritten) {
            state->mostWritten = state->written;
            state->failures = 0;
        }
        emit call->progress(state->written, state->total);
    };
    auto attempt = std::make_shared<std::function<void()>>();
    const auto succeed = [call, handler, state] {
        state->file.close();
        const BlaxelDownload download{state->written, state->resumes};
        call->finishWith([&] { (*handler)(download); });
    };
    const auto onFinished = [call, state, consume, succeed, restartFromZero, limits, key = apiKey, remotePath,
                             attempt] {
        QNetworkReply *reply = state->reply;
        if (!reply || call->isFinished())
            return;
        consume(); // the last bytes, or the whole of an empty body, may come with the end
        if (call->isFinished())
            return;
        state->reply = nullptr;
        reply->disconnect(call);
        reply->deleteLater();
        const int status = BlaxelSandboxReply::status(reply);
        const bool ended = reply->error() == QNetworkReply::NoError;
        if (!state->discard && state->checked &&
            (state->total >= 0 ? state->written == state->total : ended)) {
            succeed();
            return;
        }
        QByteArray body;
        if (!state->checked && !state->discard)
            body = BlaxelSandboxReply::boundedBody(reply, limits.maxJsonBytes).value_or(QByteArray());
        if (status == 416) {
            // Asked for the bytes after the last one: the file was whole already.
            const std::optional<ByteRange> range = parseContentRange(reply->rawHeader("Content-Range"));
            if (range && range->total == state->written) {
                succeed();
                return;
            }
            restartFromZero();
        }
        // A sandbox still deploying or waking: asked again as long as it may take to come up, not as a cut.
        if (!state->checked && !state->discard && BlaxelSandboxCall::isStartingStatus(status) &&
            call->retryWhileStarting(BlaxelSandboxReply::httpError(reply, body, remotePath, key),
                                     limits.startupWaitMs, [attempt] { (*attempt)(); }))
            return;
        const bool cut = state->discard || state->checked || status == 0 || status == 416 ||
                         RetryPolicy::isRetryableStatus(status);
        if (cut && ++state->failures <= limits.maxResumes) {
            call->waitThen(limits.retryBaseDelayMs * state->failures, [state, attempt] {
                if (state->written > 0)
                    ++state->resumes;
                (*attempt)();
            });
            return;
        }
        if (state->checked || state->discard) {
            call->fail(ApiError::truncated(
                tr("the connection dropped %1 times in a row without new bytes").arg(limits.maxResumes + 1)));
        } else if (status == 0) {
            call->fail(BlaxelSandboxReply::networkError(reply, limits.transferTimeoutMs, key));
        } else {
            call->fail(BlaxelSandboxReply::httpError(reply, body, remotePath, key));
        }
    };
    *attempt = [call, state, get, network, consume, onFinished] {
        QNetworkRequest ranged = get;
        if (state->written > 0)
            ranged.setRawHeader("Range", "bytes=" + QByteArray::number(state->written) + '-');
        state->checked = false;
        state->discard = false;
        QNetworkReply *reply = network->get(ranged);
        // Qt's HTTP thread otherwise reads as fast as the socket delivers and queues it all for this thread.
        reply->setReadBufferSize(readBufferBytes);
        state->reply = reply;
        call->track(reply);
        QObject::connect(reply, &QNetworkReply::readyRead, call, consume);
        QObject::connect(reply, &QNetworkReply::finished, call, onFinished);
    };
    // The function holds itself through `attempt` only while the call lives: the cycle ends with it.
    QObject::connect(call, &QObject::destroyed, call, [attempt] { *attempt = nullptr; });
    (*attempt)();
}
