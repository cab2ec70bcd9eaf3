#include "api/blaxelsandboxfiles.h"

#include "api/apirequest.h"
#include "api/blaxelerrordecoder.h"
#include "api/blaxelfiledownload.h"
#include "api/blaxelmultipartupload.h"
#include "api/blaxelprocessrun.h"
#include "api/blaxelsandboxjsoncall.h"
#include "api/blaxelsandboxreply.h"
#include "api/httptransport.h"
#include "api/remotetext.h"
#include "api/urlpolicy.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QHttpMultiPart>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QRandomGenerator>
#include <QThreadPool>

#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;

namespace {

bool hasControlCharacter(const QString &text)
{
    return std::any_of(text.cbegin(), text.cend(),
                       [](QChar c) { return c.unicode() < 0x20 || c == u'\x7f'; });
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
    if (QFileInfo(localPath).size() > m_limits.multipartThresholdBytes) {
        auto handler = std::make_shared<ResultHandler<qint64>>(std::move(done));
        auto *call = newCall(context, handler);
        if (const QString problem = refusal(remotePath); !problem.isEmpty())
            call->failSoon(problem);
        else
            BlaxelMultipartUpload::start(this, call, handler, localPath, remotePath);
        return call;
    }
    const BodySource source = [localPath](QString *problem) -> std::unique_ptr<QIODevice> {
        auto file = std::make_unique<QFile>(localPath);
        if (!file->open(QIODevice::ReadOnly)) {
            *problem = tr("Could not read %1: %2").arg(localPath, file->errorString());
            return nullptr;
        }
        return file;
    };
    return put(source, remotePath, context, std::move(done));
}

BlaxelSandboxCall *BlaxelSandboxFiles::putBytes(const QByteArray &bytes, const QString &remotePath,
                                                QObject *context, ResultHandler<qint64> done)
{
    const BodySource source = [bytes](QString *) -> std::unique_ptr<QIODevice> {
        auto buffer = std::make_unique<QBuffer>();
        buffer->setData(bytes);
        buffer->open(QIODevice::ReadOnly);
        return buffer;
    };
    return put(source, remotePath, context, std::move(done));
}

BlaxelSandboxCall *BlaxelSandboxFiles::put(const BodySource &source, const QString &remotePath,
                                           QObject *context, ResultHandler<qint64> done)
{
    auto handler = std::make_shared<ResultHandler<qint64>>(std::move(done));
    auto *call = newCall(context, handler);
    if (const QString problem = refusal(remotePath); !problem.isEmpty()) {
        call->failSoon(problem);
        return call;
    }
    // Sent again while the sandbox is starting: each attempt reads the body from its start.
    auto attempt = std::make_shared<std::function<void()>>();
    *attempt = [this, call, handler, source, remotePath, attempt] {
        sendFile(call, handler, source, remotePath, *attempt);
    };
    // The function holds itself through `attempt` only while the call lives: the cycle ends with it.
    connect(call, &QObject::destroyed, call, [attempt] { *attempt = nullptr; });
    (*attempt)();
    return call;
}

QHttpMultiPart *BlaxelSandboxFiles::binaryForm(std::unique_ptr<QIODevice> body, const QString &remotePath)
{
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
    // From a QFile or QBuffer the form reads the body as it goes, with a Content-Length, instead of buffering
    // it.
    filePart.setBodyDevice(body.get());
    // The body lives exactly as long as the form, and the form as the reply: Qt's HTTP thread may still ask
    // for body after an abort.
    body.release()->setParent(form);
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
    return form;
}

void BlaxelSandboxFiles::sendFile(BlaxelSandboxCall *call,
                                  const std::shared_ptr<ResultHandler<qint64>> &handler,
                                  const BodySource &source, const QString &remotePath,
                                  const std::function<void()> &again)
{
    QString problem;
    std::unique_ptr<QIODevice> body = source(&problem);
    if (!body) {
        call->failSoon(problem);
        return;
    }
    const qint64 size = body->size();
    QHttpMultiPart *form = binaryForm(std::move(body), remotePath);
    QNetworkReply *reply = m_network->put(request(filesystemPath(remotePath)), form);
    form->setParent(reply);
    call->track(reply, m_limits.maxJsonBytes);
    connect(reply, &QNetworkReply::uploadProgress, call, [call](qint64 sent, qint64 total) {
        if (total > 0)
            emit call->progress(sent, total);
    });
    const Limits limits = m_limits;
    connect(reply, &QNetworkReply::finished, call,
            [call, reply, handler, size, remotePath, key = m_apiKey, limits, again] {
                if (call->isFinished())
                    return;
                const BlaxelSandboxReply::Outcome outcome = BlaxelSandboxReply::read(
                    reply, limits.maxJsonBytes, limits.transferTimeoutMs, remotePath, key);
                if (!outcome.error) {
                    call->finishWith([&] { (*handler)(size); });
                    return;
                }
                if (!call->retryWhileStarting(*outcome.error, limits.startupWaitMs, again))
                    call->fail(*outcome.error);
            });
}

BlaxelSandboxCall *BlaxelSandboxFiles::getFile(const QString &remotePath, const QString &localPath,
                                               bool resume, QObject *context,
                                               ResultHandler<BlaxelDownload> done)
{
    auto handler = std::make_shared<ResultHandler<BlaxelDownload>>(std::move(done));
    auto *call = newCall(context, handler);
    if (const QString problem = refusal(remotePath); !problem.isEmpty()) {
        call->failSoon(problem);
        return call;
    }
    QNetworkRequest get = request(filesystemPath(remotePath));
    // The sandbox's API answers a file as JSON text ({content}) unless the bytes themselves are asked for.
    get.setRawHeader("Accept", "application/octet-stream");
    // Without this Qt would ask for gzip and decode it: the file must arrive byte for byte.
    get.setRawHeader("Accept-Encoding", "identity");
    BlaxelFileDownload::start(call, m_network, get, remotePath, localPath, resume, m_limits, m_apiKey,
                              handler);
    return call;
}

BlaxelSandboxCall *BlaxelSandboxFiles::list(const QString &remoteFolder, QObject *context,
                                            ResultHandler<BlaxelDirectory> done)
{
    auto handler = std::make_shared<ResultHandler<BlaxelDirectory>>(std::move(done));
    auto *call = newCall(context, handler);
    if (const QString problem = refusal(remoteFolder); !problem.isEmpty()) {
        call->failSoon(problem);
        return call;
    }
    call->setDeadline(m_limits.listDeadlineMs);
    auto attempt = std::make_shared<std::function<void()>>();
    *attempt = [this, call, handler, remoteFolder, attempt] {
        sendList(call, handler, remoteFolder, *attempt);
    };
    connect(call, &QObject::destroyed, call, [attempt] { *attempt = nullptr; });
    (*attempt)();
    return call;
}

void BlaxelSandboxFiles::sendList(BlaxelSandboxCall *call,
                                  const std::shared_ptr<ResultHandler<BlaxelDirectory>> &handler,
                                  const QString &remoteFolder, const std::function<void()> &again)
{
    QNetworkReply *reply = m_network->get(request(filesystemPath(remoteFolder)));
    call->track(reply, m_limits.maxJsonBytes);
    const Limits limits = m_limits;
    connect(reply, &QNetworkReply::finished, call,
            [call, reply, handler, remoteFolder, limits, key = m_apiKey, again] {
                if (call->isFinished())
                    return;
                BlaxelSandboxReply::Outcome outcome = BlaxelSandboxReply::read(
                    reply, limits.maxJsonBytes, limits.transferTimeoutMs, remoteFolder, key);
                if (outcome.error) {
                    if (!call->retryWhileStarting(*outcome.error, limits.startupWaitMs, again))
                        call->fail(*outcome.error);
                    return;
                }
                const QByteArray body = std::move(outcome.body);
                // A folder of 100,000 entries is some 17 MB of JSON: read off the GUI thread, and delivered
                // back to it only if the call is still wanted (a call is used on the application's thread).
                if (call->thread() != QCoreApplication::instance()->thread()) {
                    const ApiResult<BlaxelDirectory> listing = parseListing(body, remoteFolder, limits);
                    call->finishWith([&] { (*handler)(listing); });
                    return;
                }
                QThreadPool::globalInstance()->start(
                    [guard = QPointer<BlaxelSandboxCall>(call), handler, bytes = body, remoteFolder, limits] {
                        auto listing = std::make_shared<const ApiResult<BlaxelDirectory>>(
                            parseListing(bytes, remoteFolder, limits));
                        QMetaObject::invokeMethod(QCoreApplication::instance(), [guard, handler, listing] {
                            if (!guard || guard->isFinished())
                                return;
                            if (*listing)
                                guard->finishWith([&] { (*handler)(*listing); });
                            else
                                guard->fail(listing->error());
                        });
                    });
            });
}

ApiResult<BlaxelDirectory> BlaxelSandboxFiles::parseListing(const QByteArray &body,
                                                            const QString &remoteFolder, const Limits &limits)
{
    const QJsonDocument document = QJsonDocument::fromJson(body);
    // A file answers as an object too (@blaxel/core's FileWithContent), with content instead.
    const bool file = document.object().contains(u"content"_s) && !document.object().contains(u"files"_s);
    if (!document.isObject() || file)
        return ApiError::decode(tr("%1 is a file, or the sandbox's listing could not be read")
                                    .arg(BlaxelErrorDecoder::oneLine(remoteFolder, 200)));
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
                {entry.value(u"name"_s).toString().left(1024), entry.value(u"path"_s).toString().left(4096),
                 entry.value(u"size"_s).isDouble() ? qint64(entry.value(u"size"_s).toDouble()) : -1,
                 entry.value(u"permissions"_s).toString().left(32), folder});
        }
    };
    add(object.value(u"subdirectories"_s).toArray(), true);
    add(object.value(u"files"_s).toArray(), false);
    return directory;
}

BlaxelSandboxCall *BlaxelSandboxFiles::run(const QString &command, const QString &workingDir,
                                           QObject *context, ResultHandler<BlaxelProcessResult> done)
{
    auto handler = std::make_shared<ResultHandler<BlaxelProcessResult>>(std::move(done));
    auto *call = newCall(context, handler);
    if (const QString problem = refusal(workingDir); !problem.isEmpty()) {
        call->failSoon(problem);
        return call;
    }
    BlaxelProcessRun::start(this, call, command, workingDir, handler);
    return call;
}

BlaxelSandboxCall *BlaxelSandboxFiles::remove(const QString &remotePath, bool recursive, QObject *context,
                                              ResultHandler<QString> done)
{
    auto handler = std::make_shared<ResultHandler<QString>>(std::move(done));
    auto *call = newCall(context, handler);
    if (const QString problem = refusal(remotePath); !problem.isEmpty() || remotePath.isEmpty()) {
        call->failSoon(problem.isEmpty() ? tr("Say which file or folder to remove.") : problem);
        return call;
    }
    call->setDeadline(m_limits.listDeadlineMs);
    BlaxelSandboxJsonCall::Query query;
    if (recursive)
        query.append({u"recursive"_s, u"true"_s});
    BlaxelSandboxJsonCall::send(this, call, "DELETE", filesystemPath(remotePath), query, remotePath,
                                [call, handler, remotePath](const QByteArray &) {
                                    call->finishWith([&] { (*handler)(remotePath); });
                                });
    return call;
}
