#pragma once

#include "api/resulthandler.h"

#include <QByteArray>
#include <QJsonArray>
#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>
#include <optional>

class ApiError;
class QNetworkReply;
class BlaxelSandboxCall;
class BlaxelSandboxFiles;

// One local file sent as Blaxel's multipart upload, the way @blaxel/core 0.3.21 sends every file over 5 MiB
// (sandbox/filesystem/filesystem.js, uploadWithMultipart; the server: blaxel-ai/sandbox, sandbox-api/src/
// handler/filesystem.go): POST /filesystem-multipart/initiate/{path} gives an uploadId, each part of
// Limits::multipartPartBytes goes as PUT /filesystem-multipart/{id}/part?partNumber=N (multipart/form-data,
// a "file" part), and POST /{id}/complete {parts: [{partNumber, etag}]} makes the file. A part is read from
// disk and hashed on a worker thread while the one before it is on its way, so at most two parts are in
// memory and the GUI thread neither reads nor hashes; a part the connection lost, or the sandbox answered
// with a 5xx, is sent again (up to Limits::maxResumes times in a row, waiting longer each time), not the
// whole file; the MD5 the sandbox gives as etag must be the part's own, or the part is sent again. An upload
// that does not complete (an error, a cancel, the caller gone) is aborted on the sandbox, so no parts are
// left there. It is a child of its call and ends with it.
class BlaxelMultipartUpload final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelMultipartUpload)

public:
    // Sends `localPath` to `remotePath` as `call`'s work: `done` gets the file's size; every failure goes to
    // the call's own.
    static void start(BlaxelSandboxFiles *files, BlaxelSandboxCall *call,
                      const std::shared_ptr<ResultHandler<qint64>> &done, const QString &localPath,
                      const QString &remotePath);
    ~BlaxelMultipartUpload() override;

    // The uploadId of an initiate answer, or "" when it is missing or not one that may go into a URL.
    static QString uploadIdOf(const QByteArray &answer);
    // Whether the answer to part `number` is the part sent: its number, its size and its MD5.
    static bool confirms(const QByteArray &answer, int number, qint64 size, const QByteArray &md5Hex);

private:
    // A part read from the file: its bytes and their MD5, or why it could not be read.
    struct Part
    {
        int number = 0;
        qint64 offset = 0;
        QByteArray bytes;
        QByteArray md5Hex;
        QString problem;
    };

    BlaxelMultipartUpload(BlaxelSandboxFiles *files, BlaxelSandboxCall *call,
                          std::shared_ptr<ResultHandler<qint64>> done, const QString &localPath,
                          const QString &remotePath, qint64 size);

    void initiate();
    // Reads part `number` off the GUI thread; prepared() gets it.
    void prepare(int number);
    void prepared(const Part &part);
    // Sends the prepared part if it is the next one and nothing is on its way; completes after the last.
    void sendNext();
    void send();
    void answered(QNetworkReply *reply);
    // The part on its way did not arrive whole: sent again while attempts remain, else the call fails.
    void retry(const ApiError &error);
    void complete();
    int partCount() const;
    QString uploadPath(const QString &verb) const;
    static Part read(const QString &path, int number, qint64 offset, qint64 length);

    QPointer<BlaxelSandboxFiles> m_files;
    BlaxelSandboxCall *m_call;
    std::shared_ptr<ResultHandler<qint64>> m_done;
    QString m_localPath;
    QString m_remotePath;
    qint64 m_size = 0;
    qint64 m_partBytes = 1;
    QString m_uploadId;
    int m_next = 1; // the number of the part to send next
    Part m_current; // the part on its way (number 0: none)
    std::optional<Part> m_prepared;
    int m_preparing = 0; // the number of the part being read, 0 when none
    int m_attempts = 0;  // of the part on its way, after its first
    QJsonArray m_sent;   // {partNumber, etag} of every part the sandbox confirmed
    bool m_completed = false;
};
