#include "api/blaxelsandboxfiles.h"

#include "api/apirequest.h"
#include "api/blaxelerrordecoder.h"
#include "api/httptransport.h"
#include "api/remotetext.h"
#include "api/retrypolicy.h"
#include "api/urlpolicy.h"

#include <QCoreApplication>
#include <QFile>
#include <QHttpMultiPart>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTimer>

#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 readBufferBytes = qint64{4} * 1024 * 1024;
constexpr qsizetype readChunk = qsizetype{256} * 1024;

bool hasControlCharacter(const QString &text)
{
    return std::any_of(text.cbegin(), text.cend(),
                       [](QChar c) { return c.unicode() < 0x20 || c == u'\x7f'; });
}

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

int statusOf(QNetworkReply *reply)
{
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

QString sentenceFor(int status, const QString &what)
{
    switch (status) {
    case 401:
    case 403:
        return BlaxelSandboxFiles::tr("The sandbox's API refused the Blaxel key (HTTP %1).").arg(status);
    case 404:
        return BlaxelSandboxFiles::tr("Not found in the sandbox: %1 (or the sandbox is gone).").arg(what);
    case 413:
        return BlaxelSandboxFiles::tr("The sandbox refused %1 as too large.").arg(what);
    case 503:
        return BlaxelSandboxFiles::tr(
            "The sandbox is not ready to answer (HTTP 503): it may be starting or stopping. Try again "
            "shortly.");
    default:
        break;
    }
    if (status >= 500)
        return BlaxelSandboxFiles::tr("The sandbox's API failed (HTTP %1).").arg(status);
    return BlaxelSandboxFiles::tr("The sandbox's API refused the request for %1 (HTTP %2).")
        .arg(what)
        .arg(status);
}

ApiError httpError(QNetworkReply *reply, const QByteArray &body, const QString &what, const QString &apiKey)
{
    const int status = statusOf(reply);
    const qint64 retryAfter = RetryPolicy::parseRetryAfterSeconds(reply->rawHeader("Retry-After"));
    const int retryAfterSeconds = int(std::min<qint64>(retryAfter, 86400));
    // The decoder reads every Blaxel error shape; the sentence is ours, since its words are the control
    // plane's ("no such sandbox" for what is a missing file here).
    const ApiError decoded =
        BlaxelErrorDecoder::decode(ApiError::http(status, body, retryAfterSeconds), body,
                                   reply->rawHeader("X-Blaxel-Error-Code"), BlaxelErrorDecoder::Call::Read);
    ApiError error = ApiError::providerHttp(
        status, sentenceFor(status, BlaxelErrorDecoder::oneLine(what, 200)), decoded.detailText(),
        decoded.serverCode(), retryAfterSeconds, decoded.rawBody());
    error.redact(apiKey);
    return error;
}

ApiError networkError(QNetworkReply *reply, int timeoutMs, const QString &apiKey)
{
    // setTransferTimeout ends a reply as a cancel; a cancel of ours never gets here (the call ends first).
    const bool timedOut = reply->error() == QNetworkReply::OperationCanceledError ||
                          reply->error() == QNetworkReply::TimeoutError;
    ApiError error =
        timedOut ? ApiError::timeout((timeoutMs + 999) / 1000) : ApiError::network(reply->errorString());
    error.redact(apiKey);
    return error;
}

// What a finished JSON reply carried, bounded; nullopt when it was too big (the caller fails then).
std::optional<QByteArray> boundedBody(QNetworkReply *reply, qint64 maxBytes)
{
    if (!reply->isOpen())
        return QByteArray();
    const QByteArray body = reply->read(maxBytes + 1);
    if (body.size() > maxBytes)
        return std::nullopt;
    return body;
}

} // namespace

QString BlaxelProcessResult::logTail(const QString &apiKey, int maxChars) const
{
    const qsizetype kept = qsizetype{maxChars} * 2;
    const QString tail = RemoteText::redacted(logs.right(kept), apiKey);
    const QString line = BlaxelErrorDecoder::oneLine(tail, int(kept));
    return line.size() > maxChars ? QString(u'…' + line.right(maxChars - 1)) : line;
}

BlaxelSandboxFiles::BlaxelSandboxFiles(const QString &sandboxName, const QUrl &url, const QString &apiKey,
                                       const QString &workspace, QNetworkAccessManager *network,
                                       QObject *parent)
    : QObject(parent), m_sandboxName(sandboxName), m_url(url), m_apiKey(apiKey), m_workspace(workspace),
      m_network(network ? network : new QNetworkAccessManager(this))
{}

BlaxelSandboxFiles::~BlaxelSandboxFiles()
{
    for (const QPointer<BlaxelSandboxCall> &call : std::as_const(m_calls))
        if (call)
            call->abortNow();
}

BlaxelSandboxCall *BlaxelSandboxFiles::newCall(QObject *context)
{
    m_calls.removeAll(nullptr);
    auto *call = new BlaxelSandboxCall(context);
    m_calls.append(call);
    return call;
}

QString BlaxelSandboxFiles::filesystemPath(const QString &remotePath)
{
    QStringList segments;
    for (const QString &segment : remotePath.split(u'/', Qt::SkipEmptyParts))
        segments.append(ApiRequest::encodeSegment(segment));
    // The API reads a path after /filesystem/ as relative to the working directory; "//" starts at the root.
    return u"/filesystem/"_s + (remotePath.startsWith(u'/') ? u"/"_s : QString()) + segments.join(u'/');
}

QString BlaxelSandboxFiles::temporaryArchivePath(const QString &what)
{
    const quint64 random = QRandomGenerator::system()->generate64();
    return u"/tmp/sandboxdeck-%1-%2.tar.gz"_s.arg(what, QString::number(random, 16).rightJustified(16, u'0'));
}

QString BlaxelSandboxFiles::refusal(const QString &remotePath) const
{
    if (m_url.isEmpty())
        return tr("The sandbox %1 has no API URL (it is not running, or Blaxel sent none that may be used).")
            .arg(BlaxelErrorDecoder::oneLine(m_sandboxName, 80));
    if (QString problem = UrlPolicy::checkBaseUrl(m_url); !problem.isEmpty())
        return problem;
    if (hasControlCharacter(m_apiKey) || hasControlCharacter(m_workspace))
        return tr("The API key or the workspace name contains a control character, so nothing was sent.");
    if (hasControlCharacter(remotePath) || remotePath.split(u'/').contains(u".."_s))
        return tr("The path %1 is not one the sandbox may be asked for.")
            .arg(BlaxelErrorDecoder::oneLine(remotePath, 200));
    return {};
}

QNetworkRequest BlaxelSandboxFiles::request(const QString &path) const
{
    QUrl url = m_url;
    QString base = m_url.path(QUrl::FullyEncoded);
    if (base.endsWith(u'/'))
        base.chop(1);
    url.setPath(base + path, QUrl::StrictMode);
    QNetworkRequest request(url);
    request.setRawHeader("Accept", "application/json");
    request.setRawHeader("User-Agent", HttpTransport::userAgent());
    if (!m_apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_apiKey.toUtf8());
    request.setRawHeader("X-Blaxel-Workspace", m_workspace.toUtf8());
    // The key goes to this sandbox only: a redirect is an answer, never followed.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setTransferTimeout(m_limits.transferTimeoutMs);
    return request;
}

BlaxelSandboxCall *BlaxelSandboxFiles::putFile(const QString &localPath, const QString &remotePath,
                                               QObject *context, ResultHandler<qint64> done)
{
    auto *call = newCall(context);
    auto handler = std::make_shared<ResultHandler<qint64>>(std::move(done));
    call->setFailure(
        [call, handler](const ApiError &error) { call->finishWith([&] { (*handler)(error); }); });
    QString problem = refusal(remotePath);
    auto file = std::make_unique<QFile>(localPath);
    if (problem.isEmpty() && !file->open(QIODevice::ReadOnly))
        problem = tr("Could not read %1: %2").arg(localPath, file->errorString());
    if (!problem.isEmpty()) {
        QTimer::singleShot(0, call, [call, problem] { call->fail(ApiError::local(problem)); });
        return call;
    }
    const qint64 size = file->size();
    // The SDKs' writeBinary (sdk-python src/blaxel/core/sandbox/default/filesystem.py, sdk-typescript
    // @blaxel/core/src/sandbox/filesystem/filesystem.ts): PUT {url}/filesystem/{path} with the path as given,
    // so "/tmp/x" goes as "/filesystem//tmp/x", and multipart/form-data holding a "file" part (a made-up file
    // name, application/octet-stream), "permissions" = "0644" and "path" = the path. The sandbox's API
    // (blaxel-ai/sandbox, sandbox-api/src/handler/filesystem.go) takes any other body as JSON, so raw bytes
    // would be refused.
    auto *form = new QHttpMultiPart(QHttpMultiPart::FormDataType);
    QHttpPart filePart;
    filePart.setHeader(QNetworkRequest::ContentDispositionHeader,
                       QByteArrayLiteral("form-data; name=\"file\"; filename=\"binary-file.bin\""));
    filePart.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/octet-stream"));
    // From a QFile the form reads the body as it goes, with a Content-Length, instead of buffering it.
    filePart.setBodyDevice(file.get());
    // The file lives exactly as long as the form, and the form as the reply: Qt's HTTP thread may still ask
    // for body after an abort.
    file.release()->setParent(form);
    form->append(filePart);
    const auto field = [form](const QByteArray &name, const QByteArray &value) {
        QHttpPart part;
        part.setHeader(QNetworkRequest::ContentDispositionHeader,
                       QByteArray("form-data; name=\"" + name + '"'));
        part.setBody(value);
        form->append(part);
    };
    field("permissions", "0644");
    field("path", remotePath.toUtf8());
    QNetworkReply *reply = m_network->put(request(filesystemPath(remotePath)), form);
    form->setParent(reply);
    call->track(reply);
    connect(reply, &QNetworkReply::uploadProgress, call, [call](qint64 sent, qint64 total) {
        if (total > 0)
            emit call->progress(sent, total);
    });
    const int timeoutMs = m_limits.transferTimeoutMs;
    const qint64 maxJson = m_limits.maxJsonBytes;
    connect(reply, &QNetworkReply::finished, call,
            [call, reply, handler, size, remotePath, key = m_apiKey, timeoutMs, maxJson] {
                if (call->isFinished())
                    return;
                const int status = statusOf(reply);
                if (status >= 200 && status < 300 && reply->error() == QNetworkReply::NoError) {
                    call->finishWith([&] { (*handler)(size); });
                    return;
                }
                if (status == 0) {
                    call->fail(networkError(reply, timeoutMs, key));
                    return;
                }
                call->fail(
                    httpError(reply, boundedBody(reply, maxJson).value_or(QByteArray()), remotePath, key));
            });
    return call;
}

namespace {

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

BlaxelSandboxCall *BlaxelSandboxFiles::getFile(const QString &remotePath, const QString &localPath,
                                               bool resume, QObject *context,
                                               ResultHandler<BlaxelDownload> done)
{
    auto *call = newCall(context);
    auto handler = std::make_shared<ResultHandler<BlaxelDownload>>(std::move(done));
    auto state = std::make_shared<Download>();
    call->setFailure([call, handler, state](const ApiError &error) {
        state->file.close();
        call->finishWith([&] { (*handler)(error); });
    });
    QString problem = refusal(remotePath);
    state->file.setFileName(localPath);
    if (problem.isEmpty()) {
        const bool append = resume && state->file.exists();
        if (!state->file.open(append ? QIODevice::ReadWrite | QIODevice::Append
                                     : QIODevice::WriteOnly | QIODevice::Truncate))
            problem = tr("Could not write %1: %2").arg(localPath, state->file.errorString());
        state->written = state->file.size();
        state->mostWritten = state->written;
    }
    if (!problem.isEmpty()) {
        QTimer::singleShot(0, call, [call, problem] { call->fail(ApiError::local(problem)); });
        return call;
    }

    const QNetworkRequest base = [&] {
        QNetworkRequest get = request(filesystemPath(remotePath));
        // The sandbox's API answers a file as JSON text ({content}) unless the bytes themselves are asked
        // for.
        get.setRawHeader("Accept", "application/octet-stream");
        // Without this Qt would ask for gzip and decode it: the file must arrive byte for byte.
        get.setRawHeader("Accept-Encoding", "identity");
        return get;
    }();
    const Limits limits = m_limits;
    const QString key = m_apiKey;
    QNetworkAccessManager *network = m_network;

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
            const int status = statusOf(reply);
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
    const auto onFinished = [call, state, consume, succeed, restartFromZero, limits, key, remotePath,
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
        const int status = statusOf(reply);
        const bool ended = reply->error() == QNetworkReply::NoError;
        if (!state->discard && state->checked &&
            (state->total >= 0 ? state->written == state->total : ended)) {
            succeed();
            return;
        }
        QByteArray body;
        if (!state->checked && !state->discard)
            body = boundedBody(reply, limits.maxJsonBytes).value_or(QByteArray());
        if (status == 416) {
            // Asked for the bytes after the last one: the file was whole already.
            const std::optional<ByteRange> range = parseContentRange(reply->rawHeader("Content-Range"));
            if (range && range->total == state->written) {
                succeed();
                return;
            }
            restartFromZero();
        }
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
            call->fail(networkError(reply, limits.transferTimeoutMs, key));
        } else {
            call->fail(httpError(reply, body, remotePath, key));
        }
    };
    *attempt = [call, state, base, network, consume, onFinished] {
        QNetworkRequest get = base;
        if (state->written > 0)
            get.setRawHeader("Range", "bytes=" + QByteArray::number(state->written) + '-');
        state->checked = false;
        state->discard = false;
        QNetworkReply *reply = network->get(get);
        // Qt's HTTP thread otherwise reads as fast as the socket delivers and queues it all for this thread.
        reply->setReadBufferSize(readBufferBytes);
        state->reply = reply;
        call->track(reply);
        QObject::connect(reply, &QNetworkReply::readyRead, call, consume);
        QObject::connect(reply, &QNetworkReply::finished, call, onFinished);
    };
    // The function holds itself through `attempt` only while the call lives: the cycle ends with it.
    connect(call, &QObject::destroyed, call, [attempt] { *attempt = nullptr; });
    (*attempt)();
    return call;
}

BlaxelSandboxCall *BlaxelSandboxFiles::list(const QString &remoteFolder, QObject *context,
                                            ResultHandler<BlaxelDirectory> done)
{
    auto *call = newCall(context);
    auto handler = std::make_shared<ResultHandler<BlaxelDirectory>>(std::move(done));
    call->setFailure(
        [call, handler](const ApiError &error) { call->finishWith([&] { (*handler)(error); }); });
    if (const QString problem = refusal(remoteFolder); !problem.isEmpty()) {
        QTimer::singleShot(0, call, [call, problem] { call->fail(ApiError::local(problem)); });
        return call;
    }
    QNetworkReply *reply = m_network->get(request(filesystemPath(remoteFolder)));
    call->track(reply);
    call->setDeadline(m_limits.listDeadlineMs);
    const Limits limits = m_limits;
    connect(reply, &QNetworkReply::downloadProgress, call, [call, limits](qint64 received, qint64) {
        if (received > limits.maxJsonBytes)
            call->fail(ApiError::tooLarge(limits.maxJsonBytes));
    });
    connect(
        reply, &QNetworkReply::finished, call, [call, reply, handler, remoteFolder, limits, key = m_apiKey] {
            if (call->isFinished())
                return;
            const int status = statusOf(reply);
            const std::optional<QByteArray> body = boundedBody(reply, limits.maxJsonBytes);
            if (!body) {
                call->fail(ApiError::tooLarge(limits.maxJsonBytes));
                return;
            }
            if (status == 0) {
                call->fail(networkError(reply, limits.transferTimeoutMs, key));
                return;
            }
            if (status < 200 || status >= 300) {
                call->fail(httpError(reply, *body, remoteFolder, key));
                return;
            }
            const QJsonDocument document = QJsonDocument::fromJson(*body);
            if (!document.isObject()) {
                call->fail(ApiError::decode(tr("%1 is a file, or the sandbox's listing could not be read")
                                                .arg(BlaxelErrorDecoder::oneLine(remoteFolder, 200))));
                return;
            }
            const QJsonObject object = document.object();
            BlaxelDirectory directory;
            directory.path = object.value(u"path"_s).toString().left(4096);
            const auto add = [&](const QJsonArray &items, bool folder) {
                for (const auto &item : items) {
                    if (directory.entries.size() >= limits.maxListedEntries) {
                        directory.truncated = true;
                        return;
                    }
                    const QJsonObject entry = item.toObject();
                    directory.entries.append(
                        {entry.value(u"name"_s).toString().left(1024),
                         entry.value(u"path"_s).toString().left(4096),
                         entry.value(u"size"_s).isDouble() ? qint64(entry.value(u"size"_s).toDouble()) : -1,
                         entry.value(u"permissions"_s).toString().left(32), folder});
                }
            };
            add(object.value(u"subdirectories"_s).toArray(), true);
            add(object.value(u"files"_s).toArray(), false);
            call->finishWith([&] { (*handler)(directory); });
        });
    return call;
}

namespace {

// A process answer; nullopt when it is no object. `running` tells a command that has not ended yet.
std::optional<BlaxelProcessResult> readProcess(const QByteArray &body, int maxLogChars, bool *running)
{
    const QJsonDocument document = QJsonDocument::fromJson(body);
    if (!document.isObject())
        return std::nullopt;
    const QJsonObject object = document.object();
    BlaxelProcessResult result;
    result.name = object.value(u"name"_s).toString().left(128);
    result.status = object.value(u"status"_s).toString().left(64);
    result.workingDir = object.value(u"workingDir"_s).toString().left(4096);
    result.logs = object.value(u"logs"_s).toString().right(maxLogChars);
    const QJsonValue exitCode = object.value(u"exitCode"_s);
    result.exitCode = exitCode.isDouble() ? exitCode.toInt(-1) : -1;
    *running = !exitCode.isDouble() &&
               (result.status == u"running" || result.status == u"starting" || result.status.isEmpty());
    return result;
}

} // namespace

BlaxelSandboxCall *BlaxelSandboxFiles::run(const QString &command, const QString &workingDir,
                                           QObject *context, ResultHandler<BlaxelProcessResult> done)
{
    auto *call = newCall(context);
    auto handler = std::make_shared<ResultHandler<BlaxelProcessResult>>(std::move(done));
    call->setFailure(
        [call, handler](const ApiError &error) { call->finishWith([&] { (*handler)(error); }); });
    if (const QString problem = refusal(workingDir); !problem.isEmpty()) {
        QTimer::singleShot(0, call, [call, problem] { call->fail(ApiError::local(problem)); });
        return call;
    }
    // A name of ours, so that a command the edge stopped waiting for can be asked about.
    const QString name =
        u"sandboxdeck-%1"_s.arg(QString::number(QRandomGenerator::system()->generate64(), 16));
    QJsonObject body{{u"command"_s, command}, {u"waitForCompletion"_s, true}, {u"name"_s, name}};
    if (!workingDir.isEmpty())
        body.insert(u"workingDir"_s, workingDir);
    QNetworkRequest post = request(u"/process"_s);
    post.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    // No byte moves while the command runs: the whole command's deadline bounds the wait instead.
    post.setTransferTimeout(m_limits.processDeadlineMs);
    call->setDeadline(m_limits.processDeadlineMs);
    QNetworkReply *reply = m_network->post(post, QJsonDocument(body).toJson(QJsonDocument::Compact));
    call->track(reply);
    const Limits limits = m_limits;
    const QPointer<BlaxelSandboxFiles> self(this);
    connect(reply, &QNetworkReply::finished, call,
            [self, call, reply, handler, name, limits, key = m_apiKey] {
                if (call->isFinished())
                    return;
                const int status = statusOf(reply);
                const QByteArray answer = boundedBody(reply, limits.maxJsonBytes).value_or(QByteArray());
                if (status == 0) {
                    call->fail(networkError(reply, limits.processDeadlineMs, key));
                    return;
                }
                // The edge gives up on a blocking call after about a minute; the command runs on and is asked
                // about.
                if ((status == 504 || status == 502) && self) {
                    self->poll(call, name, *handler);
                    return;
                }
                if (status < 200 || status >= 300) {
                    call->fail(httpError(reply, answer, tr("the command"), key));
                    return;
                }
                bool running = false;
                const std::optional<BlaxelProcessResult> result =
                    readProcess(answer, limits.maxLogChars, &running);
                if (!result) {
                    call->fail(ApiError::decode(tr("the sandbox's answer to a command"), answer));
                    return;
                }
                if (running && self) {
                    self->poll(call, result->name.isEmpty() ? name : result->name, *handler);
                    return;
                }
                call->finishWith([&] { (*handler)(*result); });
            });
    return call;
}

void BlaxelSandboxFiles::poll(BlaxelSandboxCall *call, const QString &processName,
                              ResultHandler<BlaxelProcessResult> done)
{
    const QPointer<BlaxelSandboxFiles> self(this);
    call->waitThen(m_limits.processPollMs, [self, call, processName, done] {
        if (!self) {
            call->fail(ApiError::cancelled());
            return;
        }
        QNetworkReply *reply =
            self->m_network->get(self->request(u"/process/"_s + ApiRequest::encodeSegment(processName)));
        call->track(reply);
        const Limits limits = self->m_limits;
        QObject::connect(
            reply, &QNetworkReply::finished, call,
            [self, call, reply, processName, done, limits, key = self->m_apiKey] {
                if (call->isFinished())
                    return;
                const int status = statusOf(reply);
                const QByteArray answer = boundedBody(reply, limits.maxJsonBytes).value_or(QByteArray());
                reply->deleteLater();
                bool running = false;
                const std::optional<BlaxelProcessResult> result =
                    status >= 200 && status < 300 ? readProcess(answer, limits.maxLogChars, &running)
                                                  : std::nullopt;
                // A poll that did not answer is asked again, within the command's deadline.
                if ((!result && (status == 0 || RetryPolicy::isRetryableStatus(status))) || running) {
                    if (self)
                        self->poll(call, processName, done);
                    else
                        call->fail(ApiError::cancelled());
                    return;
                }
                if (!result) {
                    call->fail(httpError(reply, answer, processName, key));
                    return;
                }
                call->finishWith([&] { done(*result); });
            });
    });
}
