#include "emulator/blaxel/blaxelmultipartuploads.h"

#include "emulator/blaxel/blaxelfilemode.h"
#include "emulator/blaxel/blaxelmultipartform.h"
#include "emulator/blaxel/blaxelreplies.h"
#include "emulator/blaxel/blaxelsandboxpaths.h"
#include "emulator/server/incomingrequest.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QUuid>

#include <sys/stat.h>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

QString timestamp(const QDateTime &when)
{
    return when.toUTC().toString(Qt::ISODateWithMs);
}

HttpReply notFound(const QString &id)
{
    return BlaxelReplies::sandboxError(404, u"upload not found: %1"_s.arg(id.left(64)));
}

QJsonObject partJson(int number, const QString &etag, qint64 size)
{
    return QJsonObject{{u"partNumber"_s, number}, {u"etag"_s, etag}, {u"size"_s, size}};
}

} // namespace

BlaxelMultipartUploads::BlaxelMultipartUploads() = default;
BlaxelMultipartUploads::~BlaxelMultipartUploads() = default;

QByteArray BlaxelMultipartUploads::allowedMethods(const QStringList &segments)
{
    if (segments.isEmpty() || (segments.size() == 1 && segments.constFirst().isEmpty()))
        return "GET";
    if (segments.constFirst() == u"initiate")
        return segments.size() >= 2 ? "POST" : "404";
    if (segments.size() != 2 || segments.constFirst().isEmpty())
        return "404";
    const QString &verb = segments.at(1);
    if (verb == u"part")
        return "PUT";
    if (verb == u"complete")
        return "POST";
    if (verb == u"abort")
        return "DELETE";
    if (verb == u"parts")
        return "GET";
    return "404";
}

HttpReply BlaxelMultipartUploads::handle(const IncomingRequest &request, const QString &key,
                                         const QString &root, const QStringList &segments,
                                         qint64 maxFileBytes)
{
    dropAbandoned();
    if (segments.isEmpty() || segments.constFirst().isEmpty())
        return listUploads(key);
    if (segments.constFirst() == u"initiate")
        return initiate(request, key, root, segments.mid(1));
    const QString &id = segments.constFirst();
    const auto found = m_uploads.find(id);
    // Another sandbox's upload is no more this one's than a made-up id.
    if (found == m_uploads.end() || found->key != key)
        return notFound(id);
    const QString &verb = segments.at(1);
    if (verb == u"part")
        return putPart(request, *found, maxFileBytes);
    if (verb == u"complete")
        return complete(request, id, root, maxFileBytes);
    if (verb == u"parts")
        return listParts(id, *found);
    if (verb == u"abort") {
        drop(id);
        return HttpReply::json(200, QJsonObject{{u"message"_s, u"Multipart upload aborted successfully"_s}});
    }
    return BlaxelReplies::sandboxError(404, u"Not Found"_s);
}

HttpReply BlaxelMultipartUploads::initiate(const IncomingRequest &request, const QString &key,
                                           const QString &root, const QStringList &segments)
{
    QString error;
    const std::optional<QString> sandboxPath = BlaxelSandboxPaths::fromUrlSegments(segments, &error);
    if (!sandboxPath)
        return BlaxelReplies::sandboxError(400, error);
    if (!BlaxelSandboxPaths::realPath(root, *sandboxPath, &error))
        return BlaxelReplies::sandboxError(400, error);
    // The body is optional, as the real handler ignores one it cannot bind; a permissions text it can read
    // must be octal.
    int permissions = 0644;
    const QJsonObject body = QJsonDocument::fromJson(request.body).object();
    if (const QString text = body.value(u"permissions"_s).toString(); !text.isEmpty()) {
        const std::optional<int> mode = BlaxelFileMode::fromOctal(text.toLatin1());
        if (!mode)
            return BlaxelReplies::sandboxError(400, u"invalid permissions format: %1"_s.arg(text.left(16)));
        permissions = *mode;
    }
    const auto open = std::count_if(m_uploads.cbegin(), m_uploads.cend(),
                                    [&key](const Upload &upload) { return upload.key == key; });
    if (open >= maxOpenUploads)
        return BlaxelReplies::sandboxError(
            429,
            u"%1 multipart uploads are in progress in this sandbox: complete or abort one first"_s.arg(open));
    if (!m_store) {
        m_store = std::make_unique<QTemporaryDir>(QDir::tempPath() + u"/sandboxdeck-multipart-XXXXXX"_s);
        if (!m_store->isValid()) {
            m_store.reset();
            return BlaxelReplies::sandboxError(500, u"failed to initiate upload: no folder for its parts"_s);
        }
    }
    const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    Upload upload;
    upload.key = key;
    upload.sandboxPath = *sandboxPath;
    upload.partsDir = m_store->filePath(id);
    upload.permissions = permissions;
    upload.initiatedAt = QDateTime::currentDateTimeUtc();
    if (!QDir().mkpath(upload.partsDir))
        return BlaxelReplies::sandboxError(500,
                                           u"failed to initiate upload: failed to create parts directory"_s);
    m_uploads.insert(id, upload);
    return HttpReply::json(200, QJsonObject{{u"uploadId"_s, id}, {u"path"_s, *sandboxPath}});
}

HttpReply BlaxelMultipartUploads::putPart(const IncomingRequest &request, Upload &upload, qint64 maxFileBytes)
{
    const std::optional<QString> numberText = request.queryValue(u"partNumber"_s);
    if (!numberText || numberText->isEmpty())
        return BlaxelReplies::sandboxError(400, u"partNumber is required"_s);
    bool isNumber = false;
    const int number = numberText->toInt(&isNumber);
    if (!isNumber)
        return BlaxelReplies::sandboxError(400, u"invalid partNumber: %1"_s.arg(numberText->left(16)));
    if (number < 1 || number > maxPartNumber)
        return BlaxelReplies::sandboxError(
            500, u"failed to upload part: part number must be between 1 and %1"_s.arg(maxPartNumber));
    BlaxelMultipartForm::Failure failure;
    const std::optional<QList<BlaxelMultipartForm::Part>> parts =
        BlaxelMultipartForm::parse(request.header("Content-Type"), request.body, maxFileBytes, &failure);
    if (!parts)
        return BlaxelReplies::sandboxError(failure.status,
                                           u"error reading multipart data: %1"_s.arg(failure.message));
    const BlaxelMultipartForm::Part *file = BlaxelMultipartForm::find(*parts, "file", false);
    if (!file)
        return BlaxelReplies::sandboxError(400, u"missing 'file' field in multipart form"_s);
    const QByteArrayView bytes = QByteArrayView(request.body).sliced(file->offset, file->size);
    const qint64 replaced = upload.parts.contains(number) ? upload.parts.value(number).size : 0;
    if (upload.bytes - replaced + bytes.size() > maxFileBytes)
        return BlaxelReplies::sandboxError(
            413, u"the upload would be larger than %1 bytes: abort it, or send fewer"_s.arg(maxFileBytes));
    // A plain write, not a QSaveFile's synced one: a part is a scratch file, only the completed file must
    // survive a crash, and 22 syncs would make a 110 MB upload twice as slow as one PUT.
    QFile out(partPath(upload, number));
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        out.write(bytes.data(), bytes.size()) != bytes.size()) {
        upload.bytes -= replaced;
        upload.parts.remove(number);
        return BlaxelReplies::sandboxError(500, u"failed to upload part: failed to write part"_s);
    }
    Part part;
    part.etag = QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Md5).toHex());
    part.size = bytes.size();
    part.uploadedAt = QDateTime::currentDateTimeUtc();
    upload.bytes += part.size - replaced;
    upload.parts.insert(number, part);
    return HttpReply::json(200, partJson(number, part.etag, part.size));
}

HttpReply BlaxelMultipartUploads::complete(const IncomingRequest &request, const QString &id,
                                           const QString &root, qint64 maxFileBytes)
{
    const Upload &upload = m_uploads[id];
    const QJsonDocument document = QJsonDocument::fromJson(request.body);
    if (!document.isObject() || !document.object().value(u"parts"_s).isArray())
        return BlaxelReplies::sandboxError(400, u"expected a JSON body {parts: [{partNumber, etag}]}"_s);
    const QJsonArray listed = document.object().value(u"parts"_s).toArray();
    if (listed.isEmpty())
        return BlaxelReplies::sandboxError(400, u"at least one part is required"_s);
    if (listed.size() > maxPartNumber)
        return BlaxelReplies::sandboxError(400, u"more than %1 parts listed"_s.arg(maxPartNumber));
    QList<int> numbers;
    qint64 total = 0;
    for (const auto &value : listed) {
        const QJsonObject entry = value.toObject();
        const int number = entry.value(u"partNumber"_s).toInt(-1);
        const auto stored = upload.parts.constFind(number);
        if (stored == upload.parts.cend())
            return BlaxelReplies::sandboxError(500,
                                               u"failed to complete upload: part %1 not found"_s.arg(number));
        if (stored->etag != entry.value(u"etag"_s).toString())
            return BlaxelReplies::sandboxError(
                500, u"failed to complete upload: etag mismatch for part %1"_s.arg(number));
        numbers.append(number);
        total += stored->size;
    }
    if (total > maxFileBytes)
        return BlaxelReplies::sandboxError(413,
                                           u"the file would be larger than %1 bytes"_s.arg(maxFileBytes));
    std::sort(numbers.begin(), numbers.end());
    // Checked again now: a link made since the upload began must not lead the file out.
    QString error;
    const std::optional<QString> real = BlaxelSandboxPaths::realPath(root, upload.sandboxPath, &error);
    if (!real)
        return BlaxelReplies::sandboxError(403, error);
    const QFileInfo info(*real);
    if (info.isSymLink())
        return BlaxelReplies::sandboxError(
            403, u"%1 is a symbolic link: not written through"_s.arg(upload.sandboxPath));
    if (upload.sandboxPath == u"/" || info.isDir())
        return BlaxelReplies::sandboxError(
            500, u"failed to complete upload: %1 is a directory"_s.arg(upload.sandboxPath));
    if (!QDir().mkpath(info.path()) || !BlaxelSandboxPaths::staysInside(root, info.path()))
        return BlaxelReplies::sandboxError(
            500,
            u"failed to complete upload: failed to create parent directory of %1"_s.arg(upload.sandboxPath));
    QSaveFile out(*real);
    if (!out.open(QIODevice::WriteOnly))
        return BlaxelReplies::sandboxError(
            500, u"failed to complete upload: cannot write %1"_s.arg(upload.sandboxPath));
    constexpr qint64 blockBytes = qint64(1) << 20;
    for (const int number : std::as_const(numbers)) {
        QFile part(partPath(upload, number));
        if (!part.open(QIODevice::ReadOnly))
            return BlaxelReplies::sandboxError(
                500, u"failed to complete upload: failed to open part %1"_s.arg(number));
        while (!part.atEnd()) {
            const QByteArray block = part.read(blockBytes);
            if (block.isEmpty() || out.write(block) != block.size())
                return BlaxelReplies::sandboxError(
                    500, u"failed to complete upload: failed to copy part %1"_s.arg(number));
        }
    }
    if (!out.commit())
        return BlaxelReplies::sandboxError(
            500, u"failed to complete upload: cannot write %1"_s.arg(upload.sandboxPath));
    // The owner keeps read and write, or the emulator could not serve or remove the file later.
    ::chmod(QFile::encodeName(*real).constData(), mode_t(upload.permissions | 0600));
    const QString path = upload.sandboxPath;
    drop(id);
    return HttpReply::json(
        200, QJsonObject{{u"message"_s, u"Multipart upload completed successfully"_s}, {u"path"_s, path}});
}

HttpReply BlaxelMultipartUploads::listUploads(const QString &key) const
{
    QJsonArray uploads;
    for (auto it = m_uploads.cbegin(); it != m_uploads.cend(); ++it) {
        if (it->key != key)
            continue;
        QJsonObject parts;
        for (auto part = it->parts.cbegin(); part != it->parts.cend(); ++part) {
            QJsonObject entry = partJson(part.key(), part->etag, part->size);
            entry.insert(u"uploadedAt"_s, timestamp(part->uploadedAt));
            parts.insert(QString::number(part.key()), entry);
        }
        uploads.append(QJsonObject{{u"uploadId"_s, it.key()},
                                   {u"path"_s, it->sandboxPath},
                                   {u"permissions"_s, it->permissions},
                                   {u"initiatedAt"_s, timestamp(it->initiatedAt)},
                                   {u"parts"_s, parts}});
    }
    return HttpReply::json(200, QJsonObject{{u"uploads"_s, uploads}});
}

HttpReply BlaxelMultipartUploads::listParts(const QString &id, const Upload &upload)
{
    QJsonArray parts;
    for (auto part = upload.parts.cbegin(); part != upload.parts.cend(); ++part) {
        QJsonObject entry = partJson(part.key(), part->etag, part->size);
        entry.insert(u"uploadedAt"_s, timestamp(part->uploadedAt));
        parts.append(entry);
    }
    return HttpReply::json(200, QJsonObject{{u"uploadId"_s, id}, {u"parts"_s, parts}});
}

void BlaxelMultipartUploads::forget(const QString &key)
{
    const QStringList ids = m_uploads.keys();
    for (const QString &id : ids) {
        if (m_uploads.value(id).key == key)
            drop(id);
    }
}

void BlaxelMultipartUploads::drop(const QString &id)
{
    const Upload upload = m_uploads.take(id);
    if (!upload.partsDir.isEmpty())
        QDir(upload.partsDir).removeRecursively();
}

void BlaxelMultipartUploads::dropAbandoned()
{
    const QDateTime cutoff = QDateTime::currentDateTimeUtc().addMSecs(-abandonedAfterMs);
    const QStringList ids = m_uploads.keys();
    for (const QString &id : ids) {
        if (m_uploads.value(id).initiatedAt < cutoff)
            drop(id);
    }
}

QString BlaxelMultipartUploads::partPath(const Upload &upload, int number)
{
    return upload.partsDir + u"/part-"_s + QString::number(number);
}

} // namespace Emulator
