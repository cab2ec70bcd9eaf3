#include "emulator/objectstore/objectstore.h"

#include "emulator/server/incomingrequest.h"
#include "emulator/state/emulatorstate.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

QString bucket(const QString &region)
{
    return u"/klavis-"_s + region;
}

} // namespace

ObjectStore::ObjectStore(EmulatorState &state) : m_state(state), m_signer(state.ids.hex(32).toLatin1()) {}

QUrl ObjectStore::issue(const QByteArray &method, const QString &path, const QByteArray &contentType)
{
    FaultSettings &faults = m_state.faults;
    if (faults.replaceSignedUrlsWith.isValid()) {
        if (faults.replaceUrlsAfter <= 0)
            return faults.replaceSignedUrlsWith;
        --faults.replaceUrlsAfter;
    }
    QDateTime date = EmulatorState::now();
    if (faults.expiredUrls || faults.expireNextUrls > 0) {
        if (faults.expireNextUrls > 0)
            --faults.expireNextUrls;
        date = date.addSecs(-(urlLifetimeMinutes * 60 + 600));
    }
    const QUrl origin = m_state.storeBase;
    const QByteArray host = origin.host().toLatin1() + ':' + QByteArray::number(origin.port());
    UrlSigner::Headers signedHeaders;
    if (!contentType.isEmpty())
        signedHeaders.append({"content-type", contentType});
    signedHeaders.append({"host", host});
    return m_signer.sign(origin, method, path, signedHeaders, date, urlLifetimeMinutes * 60);
}

QUrl ObjectStore::issueUploadUrl(const QString &localId, const QString &region)
{
    const QString path =
        bucket(region) + u"/uploads/"_s + localId + u'/' + m_state.ids.hex(12) + u".tar.gz"_s;
    return issue("PUT", path, "application/gzip");
}

QUrl ObjectStore::storeDump(const QString &localId, const QString &region, const QByteArray &data)
{
    const QString path = bucket(region) + u"/dumps/"_s + localId + u'/' + m_state.ids.hex(12) + u".tar.gz"_s;
    m_objects.insert(path, StoredObject{data, ++m_sequence});
    return issue("GET", path, {});
}

std::optional<QByteArray> ObjectStore::latestUpload(const QString &localId, const QString &region) const
{
    const QString prefix = bucket(region) + u"/uploads/"_s + localId + u'/';
    const StoredObject *latest = nullptr;
    for (auto it = m_objects.constBegin(); it != m_objects.constEnd(); ++it) {
        if (it.key().startsWith(prefix) && (!latest || it->sequence > latest->sequence))
            latest = &it.value();
    }
    if (!latest)
        return std::nullopt;
    return latest->data;
}

QUrl ObjectStore::issueExecutionUploadUrl(const QString &localId, const QString &region,
                                          const QString &execution)
{
    return issue("PUT", bucket(region) + u"/executions/"_s + localId + u'/' + execution + u".tar.gz"_s,
                 "application/gzip");
}

std::optional<QByteArray> ObjectStore::executionUpload(const QString &localId, const QString &region,
                                                       const QString &execution) const
{
    const auto it =
        m_objects.constFind(bucket(region) + u"/executions/"_s + localId + u'/' + execution + u".tar.gz"_s);
    if (it == m_objects.constEnd())
        return std::nullopt;
    return it->data;
}

QUrl ObjectStore::storeArtifacts(const QString &localId, const QString &region, const QString &execution,
                                 const QByteArray &data)
{
    const QString path = bucket(region) + u"/artifacts/"_s + localId + u'/' + execution + u'/' +
                         m_state.ids.hex(12) + u".tar.gz"_s;
    m_objects.insert(path, StoredObject{data, ++m_sequence});
    return issue("GET", path, {});
}

HttpReply ObjectStore::handle(const IncomingRequest &request)
{
    const bool headOnly = request.method == "HEAD";
    const QByteArray signedMethod = headOnly ? QByteArray("GET") : request.method;
    if (request.method != "GET" && request.method != "PUT" && !headOnly)
        return HttpReply::xmlError(405, u"MethodNotAllowed"_s,
                                   u"The specified method is not allowed against this resource."_s);
    if (std::optional<HttpReply> failure = injectedFailure(request))
        return *failure;
    switch (m_signer.verify(signedMethod, request.path, request.queryItems, request.headers,
                            EmulatorState::now())) {
    case UrlSigner::Verdict::Unsigned:
        return HttpReply::xmlError(403, u"AccessDenied"_s,
                                   u"Anonymous caller does not have storage.objects access to the object."_s);
    case UrlSigner::Verdict::BadSignature:
        return HttpReply::xmlError(
            403, u"SignatureDoesNotMatch"_s,
            u"Access denied. The request signature we calculated does not match the signature you provided. "
            "Check your Google secret key and signing method."_s);
    case UrlSigner::Verdict::Expired:
        return HttpReply::xmlError(
            400, u"ExpiredToken"_s,
            u"Invalid argument. The provided token has expired. Request signature expired."_s);
    case UrlSigner::Verdict::Valid:
        break;
    }
    if (request.method == "PUT") {
        if (std::optional<HttpReply> tooLarge = checkSize(request))
            return *tooLarge;
        m_objects.insert(request.path, StoredObject{request.body, ++m_sequence});
        HttpReply reply = HttpReply::empty(200);
        reply.setHeader("ETag", '"' + QByteArray::number(qHash(request.body), 16) + '"');
        return reply;
    }
    return get(request, headOnly);
}

std::optional<HttpReply> ObjectStore::checkSize(const IncomingRequest &request) const
{
    const qint64 limit = m_state.maxUploadBytes;
    bool announced = false;
    const qint64 declared = request.header("Content-Length").toLongLong(&announced);
    const qint64 size = std::max(qint64(request.body.size()), announced ? declared : 0);
    if (limit < 0 || size <= limit)
        return std::nullopt;
    // S3's answer, with the sizes a client can show: a PUT over the limit is refused whole.
    return HttpReply::xmlError(
        400, u"EntityTooLarge"_s, u"Your proposed upload exceeds the maximum allowed size"_s,
        {{u"ProposedSize"_s, QString::number(size)}, {u"MaxSizeAllowed"_s, QString::number(limit)}});
}

std::optional<HttpReply> ObjectStore::injectedFailure(const IncomingRequest &request)
{
    FaultSettings &faults = m_state.faults;
    const bool resume = request.method == "GET" && !request.header("Range").isEmpty();
    if (faults.storeFailNextRequests > 0) {
        --faults.storeFailNextRequests;
    } else if (resume && faults.storeFailNextResumes > 0) {
        --faults.storeFailNextResumes;
    } else {
        return std::nullopt;
    }
    const int status = faults.storeErrorStatus;
    HttpReply reply;
    if (status == 503) {
        reply = HttpReply::xmlError(503, u"ServiceUnavailable"_s,
                                    u"We encountered an internal error. Please try again. (injected)"_s);
    } else if (status == 403) {
        reply =
            HttpReply::xmlError(403, u"AccessDenied"_s,
                                u"Anonymous caller does not have storage.objects access to the object."_s);
    } else {
        reply = HttpReply::xmlError(status, status >= 500 ? u"InternalError"_s : u"InvalidArgument"_s,
                                    u"We encountered an internal error. Please try again. (injected)"_s);
    }
    reply.fault = HttpReply::Fault::InjectedStoreFailure;
    return reply;
}

HttpReply ObjectStore::get(const IncomingRequest &request, bool headOnly)
{
    const auto it = m_objects.constFind(request.path);
    if (it == m_objects.constEnd())
        return HttpReply::xmlError(404, u"NoSuchKey"_s, u"The specified key does not exist."_s);
    const QByteArray &data = it->data;
    const qint64 size = data.size();
    HttpReply reply;
    reply.setHeader("Content-Type", "application/gzip");
    reply.setHeader("Accept-Ranges", "bytes");
    const QByteArray range = request.header("Range").trimmed();
    if (range.isEmpty()) {
        reply.status = 200;
        reply.body = data;
    } else {
        static const QRegularExpression pattern(u"^bytes=(\\d+)-(\\d*)$"_s);
        const QRegularExpressionMatch match = pattern.match(QString::fromLatin1(range));
        if (!match.hasMatch()) {
            reply.status = 200; // an unsupported Range form is ignored, as RFC 9110 allows
            reply.body = data;
        } else {
            const qint64 first = match.captured(1).toLongLong();
            qint64 last =
                match.captured(2).isEmpty() ? size - 1 : qMin(match.captured(2).toLongLong(), size - 1);
            if (first >= size || last < first) {
                HttpReply unsatisfiable = HttpReply::xmlError(416, u"InvalidRange"_s,
                                                              u"The requested range cannot be satisfied."_s);
                unsatisfiable.setHeader("Content-Range", "bytes */" + QByteArray::number(size));
                return unsatisfiable;
            }
            reply.status = 206;
            reply.body = data.mid(first, last - first + 1);
            reply.setHeader("Content-Range", "bytes " + QByteArray::number(first) + '-' +
                                                 QByteArray::number(last) + '/' + QByteArray::number(size));
        }
    }
    FaultSettings &faults = m_state.faults;
    if (!headOnly && faults.dropDownloadAfterBytes >= 0 && faults.dropDownloadTimes > 0) {
        --faults.dropDownloadTimes;
        reply.dropAfterBodyBytes = qMin(faults.dropDownloadAfterBytes, qint64(reply.body.size()));
        reply.fault = HttpReply::Fault::InjectedDroppedDownload;
    }
    return reply;
}

} // namespace Emulator
