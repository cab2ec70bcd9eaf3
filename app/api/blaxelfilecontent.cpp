#include "api/blaxelfilecontent.h"

#include "api/blaxelcommandpath.h"
#include "api/blaxelerrordecoder.h"
#include "api/blaxelsandboxjsoncall.h"
#include "api/blaxelsandboxreply.h"
#include "api/contentrange.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>

#include <algorithm>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

// Qt's HTTP thread otherwise reads as fast as the socket delivers, past the bytes we keep.
constexpr qint64 readBufferBytes = qint64{256} * 1024;

// What GET /filesystem/{path} named: a file's first bytes, or a folder.
struct Fetched
{
    bool folder = false;
    BlaxelFileBytes file;
};
using FetchAnswer = std::function<void(const ApiResult<Fetched> &)>;

// The total of "bytes 0-last/total" (a 206 of a read from the start) or "bytes */total" (a 416); -1
// otherwise.
qint64 contentRangeTotal(const QByteArray &value, bool partial)
{
    const ContentRange range = ContentRange::parse(value);
    if (!range.valid || range.total < 0 || (range.first >= 0) != partial || (partial && range.first != 0))
        return -1;
    return range.total;
}

// A folder answers a GET with its listing whatever was asked for (@blaxel/core's Directory).
bool isListing(const QByteArray &body)
{
    const QJsonObject object = QJsonDocument::fromJson(body).object();
    return !object.contains(u"content"_s) &&
           (object.value(u"files"_s).isArray() || object.value(u"subdirectories"_s).isArray());
}

struct Reading
{
    QPointer<QNetworkReply> reply;
    bool checked = false;
    bool json = false; // a 200 in JSON: a folder's listing, or a file whose bytes are JSON
    Fetched fetched;
    bool answered = false;
};

void fetch(const QPointer<BlaxelSandboxFiles> &files, BlaxelSandboxCall *call, const QString &remotePath,
           qint64 maxBytes, const FetchAnswer &answered)
{
    if (!files) {
        call->fail(ApiError::cancelled());
        return;
    }
    QNetworkRequest get = files->request(BlaxelSandboxFiles::filesystemPath(remotePath));
    // The sandbox's API answers a file as JSON text ({content}) unless the bytes themselves are asked for.
    get.setRawHeader("Accept", "application/octet-stream");
    // Without this Qt would ask for gzip and decode it: Range and sizes count the file's own bytes.
    get.setRawHeader("Accept-Encoding", "identity");
    get.setRawHeader("Range", "bytes=0-" + QByteArray::number(maxBytes - 1));
    QNetworkReply *reply = files->network()->get(get);
    reply->setReadBufferSize(readBufferBytes);
    call->track(reply);
    auto state = std::make_shared<Reading>();
    state->reply = reply;
    const BlaxelSandboxFiles::Limits limits = files->limits();
    const QString key = files->apiKeyToRedact();

    const auto answer = [call, state, answered](const ApiResult<Fetched> &result) {
        if (state->answered || call->isFinished())
            return;
        state->answered = true;
        if (QNetworkReply *done = state->reply) {
            state->reply = nullptr;
            done->disconnect(call);
            done->abort(); // past maxBytes this ends a body still coming, and that is no failure
            done->deleteLater();
        }
        answered(result);
    };
    const qint64 jsonLimit = std::max(limits.maxJsonBytes, maxBytes);
    const auto consume = [call, state, maxBytes, jsonLimit, answer] {
        QNetworkReply *reply = state->reply;
        if (!reply || state->answered || call->isFinished())
            return;
        if (!state->checked) {
            const int status = BlaxelSandboxReply::status(reply);
            if (status == 206) {
                state->fetched.file.size = contentRangeTotal(reply->rawHeader("Content-Range"), true);
                if (state->fetched.file.size < 0) {
                    answer(ApiError::decode(
                        BlaxelFileContent::tr("a range of bytes other than the one asked for"),
                        reply->rawHeader("Content-Range")));
                    return;
                }
            } else if (status == 200) {
                state->json =
                    reply->header(QNetworkRequest::ContentTypeHeader).toString().contains(u"json"_s);
                const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
                state->fetched.file.size = length.isValid() ? length.toLongLong() : -1;
            } else {
                return; // an error body, or a 416: read when the reply ends
            }
            state->checked = true;
        }
        QByteArray &bytes = state->fetched.file.bytes;
        // A listing must be read whole to be told from a file; a file only as far as asked for.
        const qint64 keep = state->json ? jsonLimit : maxBytes;
        const qint64 room = std::min(keep - bytes.size(), reply->bytesAvailable());
        if (room > 0)
            bytes.append(reply->read(room));
        // Too big for a listing, a JSON body is a file as much as any other.
        const bool enough =
            state->json ? bytes.size() >= jsonLimit && reply->bytesAvailable() > 0 : bytes.size() >= maxBytes;
        if (enough) {
            bytes.truncate(maxBytes);
            answer(state->fetched);
        }
    };
    auto again = [files, call, remotePath, maxBytes, answered] {
        fetch(files, call, remotePath, maxBytes, answered);
    };
    QObject::connect(reply, &QNetworkReply::readyRead, call, consume);
    QObject::connect(
        reply, &QNetworkReply::finished, call,
        [call, state, consume, answer, again, remotePath, maxBytes, limits, key] {
            consume(); // the last bytes, or the whole of an empty body, may come with the end
            QNetworkReply *reply = state->reply;
            if (!reply || state->answered || call->isFinished())
                return;
            const int status = BlaxelSandboxReply::status(reply);
            if (status == 0) {
                answer(BlaxelSandboxReply::networkError(reply, limits.transferTimeoutMs, key));
                return;
            }
            BlaxelFileBytes &file = state->fetched.file;
            if (state->checked) {
                if (reply->error() != QNetworkReply::NoError ||
                    (file.size >= 0 && file.bytes.size() < std::min(file.size, maxBytes))) {
                    answer(
                        ApiError::truncated(BlaxelFileContent::tr("the connection dropped while %1 was read")
                                                .arg(BlaxelErrorDecoder::oneLine(remotePath, 200))));
                    return;
                }
                if (state->json && isListing(file.bytes)) {
                    state->fetched.folder = true;
                    file = {};
                }
                if (file.size < 0 && file.bytes.size() < maxBytes)
                    file.size = file.bytes.size(); // the body ended: that is the whole file
                file.bytes.truncate(maxBytes);
                answer(state->fetched);
                return;
            }
            // Range asks for byte 0, which an empty file lacks: "bytes */0" says it is empty.
            if (status == 416 && contentRangeTotal(reply->rawHeader("Content-Range"), false) == 0) {
                file = {{}, 0};
                answer(state->fetched);
                return;
            }
            const QByteArray body =
                BlaxelSandboxReply::boundedBody(reply, limits.maxJsonBytes).value_or(QByteArray());
            const ApiError error = BlaxelSandboxReply::httpError(reply, body, remotePath, key);
            // A GET changes nothing: asked again while the sandbox starts, whatever the status.
            if (call->retryWhileStarting(error, limits.startupWaitMs, again)) {
                state->answered = true;
                state->reply = nullptr;
                reply->disconnect(call);
                reply->deleteLater();
                return;
            }
            answer(error);
        });
}

} // namespace

BlaxelSandboxCall *BlaxelFileContent::read(const QString &remotePath, qint64 maxBytes, QObject *context,
                                           ResultHandler<BlaxelFileBytes> done)
{
    auto handler = std::make_shared<ResultHandler<BlaxelFileBytes>>(std::move(done));
    auto *call = m_files->newCall(context, handler);
    if (const QString problem = m_files->refusal(remotePath); !problem.isEmpty() || maxBytes < 1) {
        call->failSoon(problem.isEmpty() ? tr("Say how many bytes to read (at least one).") : problem);
        return call;
    }
    call->setDeadline(m_files->limits().listDeadlineMs);
    fetch(m_files, call, remotePath, maxBytes,
          [call, handler, remotePath](const ApiResult<Fetched> &fetched) {
              if (!fetched.ok()) {
                  call->fail(fetched.error());
                  return;
              }
              if (fetched.value().folder) {
                  const QString name = remotePath.isEmpty() ? tr("The working directory")
                                                            : BlaxelErrorDecoder::oneLine(remotePath, 200);
                  call->fail(
                      ApiError::local(tr("%1 is a folder, not a file: open a file to read it.").arg(name)));
                  return;
              }
              call->finishWith([&] { (*handler)(fetched.value().file); });
          });
    return call;
}

BlaxelSandboxCall *BlaxelFileContent::write(const QString &remotePath, const QByteArray &bytes,
                                            QObject *context, ResultHandler<qint64> done)
{
    return m_files->putBytes(bytes, remotePath, context, std::move(done));
}

BlaxelSandboxCall *BlaxelFileContent::makeFolder(const QString &remotePath, QObject *context,
                                                 ResultHandler<QString> done)
{
    auto handler = std::make_shared<ResultHandler<QString>>(std::move(done));
    auto *call = m_files->newCall(context, handler);
    if (const QString problem = m_files->refusal(remotePath); !problem.isEmpty() || remotePath.isEmpty()) {
        call->failSoon(problem.isEmpty() ? tr("Say which folder to make.") : problem);
        return call;
    }
    call->setDeadline(m_files->limits().listDeadlineMs);
    const QByteArray body =
        QJsonDocument(QJsonObject{{u"isDirectory"_s, true}, {u"permissions"_s, u"0755"_s}})
            .toJson(QJsonDocument::Compact);
    BlaxelSandboxJsonCall::send(
        m_files, call, "PUT", BlaxelSandboxFiles::filesystemPath(remotePath), {}, remotePath,
        [call, handler, remotePath](const QByteArray &) {
            call->finishWith([&] { (*handler)(remotePath); });
        },
        body);
    return call;
}

BlaxelSandboxCall *BlaxelFileContent::move(const QString &fromPath, const QString &toPath, QObject *context,
                                           ResultHandler<QString> done)
{
    auto handler = std::make_shared<ResultHandler<QString>>(std::move(done));
    auto *call = m_files->newCall(context, handler);
    QString problem = m_files->refusal(fromPath);
    if (problem.isEmpty())
        problem = m_files->refusal(toPath);
    if (problem.isEmpty() && (fromPath.isEmpty() || toPath.isEmpty()))
        problem = tr("Say which file or folder to move, and where to.");
    if (!problem.isEmpty()) {
        call->failSoon(problem);
        return call;
    }
    const BlaxelSandboxFiles::Limits &limits = m_files->limits();
    call->setDeadline(limits.processDeadlineMs + 2 * limits.listDeadlineMs);
    const QPointer<BlaxelSandboxFiles> files(m_files);
    const QString from = BlaxelErrorDecoder::oneLine(fromPath, 200);
    const QString to = BlaxelErrorDecoder::oneLine(toPath, 200);

    // mv -n keeps an existing target, but may say nothing about it, and moves into a folder named as the
    // target: what is there is asked first, and the source afterwards.
    const auto verified = [call, handler, toPath, from, to](const ApiResult<Fetched> &source) {
        if (source.ok()) {
            call->fail(ApiError::local(
                tr("%1 was not moved: something came to be at %2 meanwhile, and it was left as it is.")
                    .arg(from, to)));
            return;
        }
        if (source.error().httpStatus() != 404) {
            call->fail(source.error());
            return;
        }
        call->finishWith([&] { (*handler)(toPath); });
    };
    const auto moved = [call, files, fromPath, from, to,
                        verified](const ApiResult<BlaxelProcessResult> &run) {
        if (!run.ok()) {
            call->fail(run.error());
            return;
        }
        if (!run.value().succeeded() || !files) {
            const QString tail = files ? run.value().logTail(files->apiKeyToRedact()) : QString();
            call->fail(ApiError::local(
                tr("Could not move %1 to %2: %3").arg(from, to, tail.isEmpty() ? tr("mv failed") : tail)));
            return;
        }
        fetch(files, call, fromPath, 1, verified);
    };
    const auto checked = [call, files, fromPath, toPath, to, moved](const ApiResult<Fetched> &target) {
        if (target.ok()) {
            call->fail(ApiError::local(
                tr("%1 exists already: nothing was moved, and it was left as it is.").arg(to)));
            return;
        }
        if (target.error().httpStatus() != 404) {
            call->fail(target.error());
            return;
        }
        if (!files) {
            call->fail(ApiError::cancelled());
            return;
        }
        // A child of this call: it ends with it.
        BlaxelSandboxCall *run =
            files->run(u"mv -n -- %1 %2"_s.arg(blaxelCommandQuoted(fromPath), blaxelCommandQuoted(toPath)),
                       {}, call, moved);
        QObject::connect(run, &BlaxelSandboxCall::waiting, call, &BlaxelSandboxCall::waiting);
    };
    fetch(files, call, toPath, 1, checked);
    return call;
}
