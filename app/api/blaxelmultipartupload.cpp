#include "api/blaxelmultipartupload.h"

#include "api/apierror.h"
#include "api/apirequest.h"
#include "api/blaxelsandboxcall.h"
#include "api/blaxelsandboxfiles.h"
#include "api/blaxelsandboxjsoncall.h"
#include "api/blaxelsandboxreply.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFile>
#include <QHttpMultiPart>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QThreadPool>
#include <QUrl>

#include <algorithm>
#include <memory>
#include <utility>

using namespace Qt::StringLiterals;

BlaxelMultipartUpload::BlaxelMultipartUpload(BlaxelSandboxFiles *files, BlaxelSandboxCall *call,
                                             std::shared_ptr<ResultHandler<qint64>> done,
                                             const QString &localPath, const QString &remotePath, qint64 size)
    : QObject(call), m_files(files), m_call(call), m_done(std::move(done)), m_localPath(localPath),
      m_remotePath(remotePath), m_size(size),
      m_partBytes(std::max<qint64>(1, files->limits().multipartPartBytes))
{}

void BlaxelMultipartUpload::start(BlaxelSandboxFiles *files, BlaxelSandboxCall *call,
                                  const std::shared_ptr<ResultHandler<qint64>> &done,
                                  const QString &localPath, const QString &remotePath)
{
    QFile file(localPath);
    if (!file.open(QIODevice::ReadOnly)) {
        call->failSoon(QCoreApplication::translate("BlaxelSandboxFiles", "Could not read %1: %2")
                           .arg(localPath, file.errorString()));
        return;
    }
    auto *upload = new BlaxelMultipartUpload(files, call, done, localPath, remotePath, file.size());
    // The first part is read while the sandbox is asked for an upload id.
    upload->prepare(1);
    upload->initiate();
}

BlaxelMultipartUpload::~BlaxelMultipartUpload()
{
    // Whatever ended the call before the file was made, the parts the sandbox holds are of no use now. The
    // abort goes on its own: nothing waits for its answer.
    if (m_completed || m_uploadId.isEmpty() || !m_files)
        return;
    QNetworkReply *reply = m_files->network()->deleteResource(m_files->request(uploadPath(u"abort"_s)));
    QObject::connect(reply, &QNetworkReply::finished, reply, &QObject::deleteLater);
}

QString BlaxelMultipartUpload::uploadIdOf(const QByteArray &answer)
{
    const QString id = QJsonDocument::fromJson(answer).object().value(u"uploadId"_s).toString();
    // A UUID on Blaxel; anything that could change the URL it goes into is refused.
    static const QRegularExpression safe(u"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"_s);
    return safe.match(id).hasMatch() ? id : QString();
}

QString BlaxelMultipartUpload::uploadPath(const QString &verb) const
{
    return u"/filesystem-multipart/"_s + ApiRequest::encodeSegment(m_uploadId) + u'/' + verb;
}

int BlaxelMultipartUpload::partCount() const
{
    return int(std::max<qint64>(1, (m_size + m_partBytes - 1) / m_partBytes));
}

void BlaxelMultipartUpload::initiate()
{
    const QString path = BlaxelSandboxJsonCall::areaPath(u"filesystem-multipart/initiate"_s, m_remotePath);
    BlaxelSandboxJsonCall::send(
        m_files, m_call, "POST", path, {}, m_remotePath,
        [this](const QByteArray &answer) {
            m_uploadId = uploadIdOf(answer);
            if (m_uploadId.isEmpty()) {
                m_call->fail(ApiError::decode(tr("the upload id of %1").arg(m_remotePath), answer.left(200)));
                return;
            }
            sendNext();
        },
        QJsonDocument(QJsonObject{{u"permissions"_s, u"0644"_s}}).toJson(QJsonDocument::Compact));
}

BlaxelMultipartUpload::Part BlaxelMultipartUpload::read(const QString &path, int number, qint64 offset,
                                                        qint64 length)
{
    Part part;
    part.number = number;
    part.offset = offset;
    QFile file(path);
    if (file.open(QIODevice::ReadOnly) && file.seek(offset))
        part.bytes = file.read(length);
    if (part.bytes.size() != length) {
        part.problem =
            tr("%1 changed while it was being sent: it is shorter than when the upload began.").arg(path);
        return part;
    }
    part.md5Hex = QCryptographicHash::hash(part.bytes, QCryptographicHash::Md5).toHex();
    return part;
}

void BlaxelMultipartUpload::prepare(int number)
{
    if (number > partCount() || m_preparing != 0)
        return;
    m_preparing = number;
    const qint64 offset = qint64(number - 1) * m_partBytes;
    const qint64 length = std::min(m_partBytes, m_size - offset);
    // Reading and hashing 5 MiB takes longer than a frame: a worker does it, the answer comes back here.
    QThreadPool::globalInstance()->start(
        [guard = QPointer<BlaxelMultipartUpload>(this), path = m_localPath, number, offset, length] {
            auto part = std::make_shared<const Part>(read(path, number, offset, length));
            QMetaObject::invokeMethod(QCoreApplication::instance(), [guard, part] {
                if (guard)
                    guard->prepared(*part);
            });
        });
}

void BlaxelMultipartUpload::prepared(const Part &part)
{
    m_preparing = 0;
    if (m_call->isFinished())
        return;
    if (!part.problem.isEmpty()) {
        m_call->fail(ApiError::local(part.problem));
        return;
    }
    m_prepared = part;
    sendNext();
}

void BlaxelMultipartUpload::sendNext()
{
    if (m_uploadId.isEmpty() || m_current.number != 0 || m_call->isFinished())
        return;
    if (m_next > partCount()) {
        complete();
        return;
    }
    if (!m_prepared || m_prepared->number != m_next)
        return; // still being read: prepared() sends it
    m_current = *std::exchange(m_prepared, std::nullopt);
    m_attempts = 0;
    send();
    // The next part is read while this one is on its way.
    prepare(m_next + 1);
}

void BlaxelMultipartUpload::send()
{
    if (!m_files) {
        m_call->fail(ApiError::cancelled());
        return;
    }
    auto *form = new QHttpMultiPart(QHttpMultiPart::FormDataType);
    QHttpPart filePart;
    filePart.setHeader(QNetworkRequest::ContentDispositionHeader,
                       QByteArrayLiteral("form-data; name=\"file\"; filename=\"blob\""));
    filePart.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/octet-stream"));
    filePart.setBody(m_current.bytes);
    form->append(filePart);
    QNetworkRequest request = m_files->request(uploadPath(u"part"_s));
    QUrl url = request.url();
    url.setQuery(u"partNumber="_s + QString::number(m_current.number));
    request.setUrl(url);
    QNetworkReply *reply = m_files->network()->put(request, form);
    form->setParent(reply);
    m_call->track(reply, m_files->limits().maxJsonBytes);
    connect(reply, &QNetworkReply::uploadProgress, m_call,
            [this, offset = m_current.offset, length = qint64(m_current.bytes.size())](qint64 sent,
                                                                                       qint64 total) {
                // The form is a little larger than the part: its share of the part, never past it.
                if (total > 0)
                    emit m_call->progress(offset + std::min(length, sent * length / total), m_size);
            });
    connect(reply, &QNetworkReply::finished, this, [this, reply] { answered(reply); });
}

void BlaxelMultipartUpload::answered(QNetworkReply *reply)
{
    if (m_call->isFinished() || !m_files)
        return;
    const BlaxelSandboxFiles::Limits &limits = m_files->limits();
    const BlaxelSandboxReply::Outcome outcome = BlaxelSandboxReply::read(
        reply, limits.maxJsonBytes, limits.transferTimeoutMs, m_remotePath, m_files->apiKeyToRedact());
    if (outcome.error) {
        // A part is the same bytes however often it is sent: whatever may do on a second try gets one.
        if (outcome.mayRetry())
            retry(*outcome.error);
        else
            m_call->fail(*outcome.error);
        return;
    }
    if (!confirms(outcome.body, m_current.number, m_current.bytes.size(), m_current.md5Hex)) {
        retry(ApiError::local(tr("The sandbox did not confirm part %1 of %2 as it was sent (its size or "
                                 "checksum differs).")
                                  .arg(m_current.number)
                                  .arg(m_remotePath)));
        return;
    }
    m_sent.append(
        QJsonObject{{u"partNumber"_s, m_current.number}, {u"etag"_s, QString::fromLatin1(m_current.md5Hex)}});
    m_current = Part();
    ++m_next;
    sendNext();
}

bool BlaxelMultipartUpload::confirms(const QByteArray &answer, int number, qint64 size,
                                     const QByteArray &md5Hex)
{
    const QJsonObject part = QJsonDocument::fromJson(answer).object();
    return part.value(u"partNumber"_s).toInt(-1) == number &&
           qint64(part.value(u"size"_s).toDouble(-1)) == size &&
           part.value(u"etag"_s).toString().compare(QLatin1StringView(md5Hex), Qt::CaseInsensitive) == 0;
}

void BlaxelMultipartUpload::retry(const ApiError &error)
{
    if (!m_files || m_attempts >= m_files->limits().maxResumes) {
        m_call->fail(error);
        return;
    }
    ++m_attempts;
    emit m_call->progress(m_current.offset, m_size);
    m_call->waitThen(m_files->limits().retryBaseDelayMs * m_attempts, [this] { send(); });
}

void BlaxelMultipartUpload::complete()
{
    if (!m_files) {
        m_call->fail(ApiError::cancelled());
        return;
    }
    const QByteArray body = QJsonDocument(QJsonObject{{u"parts"_s, m_sent}}).toJson(QJsonDocument::Compact);
    BlaxelSandboxJsonCall::send(
        m_files, m_call, "POST", uploadPath(u"complete"_s), {}, m_remotePath,
        [this](const QByteArray &) {
            m_completed = true;
            m_call->finishWith([this] { (*m_done)(m_size); });
        },
        body);
}
