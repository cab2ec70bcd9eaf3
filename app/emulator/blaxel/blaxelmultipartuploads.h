#pragma once

#include "emulator/server/httpreply.h"

#include <QDateTime>
#include <QHash>
#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>

QT_BEGIN_NAMESPACE
class QTemporaryDir;
QT_END_NAMESPACE

namespace Emulator {

struct IncomingRequest;

// /filesystem-multipart of every sandbox, as blaxel-ai/sandbox's sandbox-api answers it (src/handler/
// filesystem.go, HandleInitiateMultipartUpload and the handlers after it; src/handler/filesystem/
// multipart.go): POST initiate/{path} {permissions} gives an uploadId; PUT {id}/part?partNumber=N (1 to
// 10,000, a multipart/form-data "file" part) keeps a part and answers its MD5 as etag; POST {id}/complete
// {parts: [{partNumber, etag}]} writes the listed parts, in part order, as the file (500 when one is missing
// or its etag differs, as the real server says it); DELETE {id}/abort drops them; GET {id}/parts and GET
// /filesystem-multipart list what is kept. @blaxel/core 0.3.21 sends every file over 5 MiB this way, 5 MiB a
// part. The emulator keeps parts in a folder of its own, not in the sandbox's, bounds each upload by
// maxFileBytes in all, and a sandbox by maxOpenUploads at once; an upload left an hour is dropped. Used on
// the server's thread only.
class BlaxelMultipartUploads
{
public:
    static constexpr int maxPartNumber = 10'000;
    static constexpr int maxOpenUploads = 16;
    static constexpr qint64 abandonedAfterMs = qint64(60) * 60 * 1000;

    BlaxelMultipartUploads();
    ~BlaxelMultipartUploads();
    Q_DISABLE_COPY_MOVE(BlaxelMultipartUploads)

    // `key` names the sandbox (workspace/name), `root` its canonical folder, `segments` the path after
    // /filesystem-multipart/, whose method allowedMethods() checked.
    HttpReply handle(const IncomingRequest &request, const QString &key, const QString &root,
                     const QStringList &segments, qint64 maxFileBytes);
    // The one method `segments` take ("GET", "PUT", ...), or "404" for a path that is none of the calls.
    static QByteArray allowedMethods(const QStringList &segments);
    // The sandbox is gone: its uploads go, with their parts.
    void forget(const QString &key);

private:
    struct Part
    {
        QString etag;
        qint64 size = 0;
        QDateTime uploadedAt;
    };
    struct Upload
    {
        QString key;
        QString sandboxPath;
        QString partsDir;
        int permissions = 0644;
        QDateTime initiatedAt;
        QMap<int, Part> parts;
        qint64 bytes = 0;
    };

    HttpReply initiate(const IncomingRequest &request, const QString &key, const QString &root,
                       const QStringList &segments);
    static HttpReply putPart(const IncomingRequest &request, Upload &upload, qint64 maxFileBytes);
    HttpReply complete(const IncomingRequest &request, const QString &id, const QString &root,
                       qint64 maxFileBytes);
    HttpReply listUploads(const QString &key) const;
    static HttpReply listParts(const QString &id, const Upload &upload);
    void drop(const QString &id);
    void dropAbandoned();
    static QString partPath(const Upload &upload, int number);

    std::unique_ptr<QTemporaryDir> m_store; // made on first use
    QHash<QString, Upload> m_uploads;       // by uploadId
};

} // namespace Emulator
