#pragma once

#include "api/blaxelsandboxcall.h"
#include "api/resulthandler.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>

#include <functional>
#include <memory>

class QHttpMultiPart;
class QIODevice;
class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;

// One folder of a sandbox as GET /filesystem/{path} lists it (@blaxel/core's Directory), bounded.
struct BlaxelDirectory
{
    struct Entry
    {
        QString name;
        QString path;
        qint64 size = -1;
        QString permissions; // Go's mode text ("-rw-r--r--"), as sent
        bool folder = false;
    };
    QString path;
    QList<Entry> entries;
    bool truncated = false; // more than maxListedEntries came: the rest is left out
};

// What POST /process {command, waitForCompletion} answered, once the command ended.
struct BlaxelProcessResult
{
    QString name;
    QString status; // completed, failed, killed (or another word)
    int exitCode = -1;
    QString workingDir; // as the sandbox reports it (/blaxel in the emulator)
    QString logs;       // the last BlaxelSandboxFiles::Limits::maxLogChars of stdout and stderr, as sent

    bool succeeded() const { return exitCode == 0 && status != QStringLiteral("killed"); }
    // The end of the logs made fit for an error message: the key redacted, one line, at most `maxChars`.
    QString logTail(const QString &apiKey, int maxChars = 400) const;
};

// A downloaded file: its size and how many times a cut connection was resumed with Range.
struct BlaxelDownload
{
    qint64 bytes = 0;
    int resumes = 0;
};

// The client of one Blaxel sandbox's own API at its metadata.url (blaxel-notes.md, "Inside a sandbox"): the
// filesystem API (PUT a file streamed from disk, GET a file into a file with Range resume, list a folder,
// delete) and the process API (POST /process with waitForCompletion); searches and the process list are
// BlaxelSandboxSearch's and BlaxelSandboxProcesses', through the same client. Every request carries the
// Blaxel key as a Bearer token and the workspace header, goes only to that URL (https, or http to this
// machine: UrlPolicy), follows no redirect, and ends: a transfer timeout when no byte moves, a deadline for a
// whole command. A remote path is relative to the sandbox's working directory unless it starts with '/' (sent
// as the API's "//"). Every call answers through `done` in `context`'s thread exactly once, unless the
// context dies first (the call is then aborted).
class BlaxelSandboxFiles final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelSandboxFiles)

public:
    struct Limits
    {
        int transferTimeoutMs = 60'000;  // no byte moving in either direction this long ends a transfer
        int processDeadlineMs = 900'000; // a command, including the polls of one that outlived the edge
        int processPollMs = 1'000;       // between polls of a command still running
        int listDeadlineMs = 90'000;     // a listing, however slowly its bytes trickle
        int maxResumes = 5;              // cuts in a row without new bytes before a download gives up
        int retryBaseDelayMs = 500;      // before a resume: this, times the cuts so far
        int startupWaitMs = 120'000; // a sandbox deploying or waking (502, 503, 504) is asked again this long
        qint64 maxJsonBytes = qint64{16} * 1024 * 1024;
        int maxListedEntries = 10'000;
        int maxLogChars = 64 * 1024;
        // A file larger than this goes as a multipart upload (BlaxelMultipartUpload), in parts of
        // multipartPartBytes: @blaxel/core 0.3.21 sends every file over 5 MiB so, 5 MiB a part.
        qint64 multipartThresholdBytes = qint64{5} * 1024 * 1024;
        qint64 multipartPartBytes = qint64{5} * 1024 * 1024;
    };

    // `url`: the sandbox's metadata.url (BlaxelSandbox::url, already checked); `network` may be shared, or
    // null for one of the client's own.
    BlaxelSandboxFiles(const QString &sandboxName, const QUrl &url, const QString &apiKey,
                       const QString &workspace, QNetworkAccessManager *network = nullptr,
                       QObject *parent = nullptr);
    // Calls still running end as cancelled: their replies go before the network manager does.
    ~BlaxelSandboxFiles() override;

    QString sandboxName() const { return m_sandboxName; }
    QUrl url() const { return m_url; }
    // What an error text must not show.
    const QString &apiKeyToRedact() const { return m_apiKey; }
    const Limits &limits() const { return m_limits; }
    void setLimits(const Limits &limits) { m_limits = limits; }

    // PUT as multipart/form-data (the SDKs' writeBinary): the file's bytes, streamed from disk (never read
    // whole), become `remotePath`; folders are made. A file over Limits::multipartThresholdBytes goes in
    // parts instead (BlaxelMultipartUpload), each sent again on its own after a cut. `done` gets the file's
    // size.
    BlaxelSandboxCall *putFile(const QString &localPath, const QString &remotePath, QObject *context,
                               ResultHandler<qint64> done);
    // As putFile, from bytes held in memory (BlaxelFileContent::write): the same form, so binary-safe.
    BlaxelSandboxCall *putBytes(const QByteArray &bytes, const QString &remotePath, QObject *context,
                                ResultHandler<qint64> done);
    // GET into `localPath` (created or truncated; with `resume`, an existing file is continued from its
    // size with Range). A cut connection resumes with Range from the bytes written.
    BlaxelSandboxCall *getFile(const QString &remotePath, const QString &localPath, bool resume,
                               QObject *context, ResultHandler<BlaxelDownload> done);
    BlaxelSandboxCall *list(const QString &remoteFolder, QObject *context,
                            ResultHandler<BlaxelDirectory> done);
    // Runs `command` (one program and its arguments: the sandbox runs no shell) and waits for its end; a
    // command the edge answered for before its end is polled until it ends. `workingDir` empty: the
    // sandbox's own.
    BlaxelSandboxCall *run(const QString &command, const QString &workingDir, QObject *context,
                           ResultHandler<BlaxelProcessResult> done);

    // "/filesystem/..." for a remote path: segments percent-encoded, an absolute path as the API's "//".
    static QString filesystemPath(const QString &remotePath);
    // A name that cannot collide, for a temporary file in the sandbox (/tmp/sandboxdeck-<what>-<hex>.tar.gz).
    static QString temporaryArchivePath(const QString &what);

    // DELETE /filesystem/{path}: a file, or a folder (one that is not empty only with `recursive`). `done`
    // gets the path removed.
    BlaxelSandboxCall *remove(const QString &remotePath, bool recursive, QObject *context,
                              ResultHandler<QString> done);

    // For the calls' helpers (BlaxelProcessRun, BlaxelSandboxJsonCall, BlaxelSandboxSearch,
    // BlaxelSandboxProcesses): a request to `path` under the sandbox's URL with the key, the workspace, no
    // redirects and the transfer timeout; the network manager it goes through.
    QNetworkRequest request(const QString &path) const;
    QNetworkAccessManager *network() const { return m_network; }
    // "" when a request may go, else the sentence the call fails with.
    QString refusal(const QString &remotePath) const;
    // A call whose every failure, a refusal here included, goes to `done`.
    template <typename T>
    BlaxelSandboxCall *newCall(QObject *context, const std::shared_ptr<ResultHandler<T>> &done)
    {
        BlaxelSandboxCall *call = newCall(context);
        call->setFailure([call, done](const ApiError &error) { call->finishWith([&] { (*done)(error); }); });
        return call;
    }

private:
    // The body of one attempt of a PUT, opened from its start (each attempt reads it again), or null with
    // `problem` set.
    using BodySource = std::function<std::unique_ptr<QIODevice>(QString *problem)>;

    BlaxelSandboxCall *newCall(QObject *context);
    // A listing's JSON read into a directory (any thread: it touches nothing of the client's).
    static ApiResult<BlaxelDirectory> parseListing(const QByteArray &body, const QString &remoteFolder,
                                                   const Limits &limits);
    BlaxelSandboxCall *put(const BodySource &source, const QString &remotePath, QObject *context,
                           ResultHandler<qint64> done);
    // The SDKs' writeBinary form around `body`, which the form owns from now on.
    static QHttpMultiPart *binaryForm(std::unique_ptr<QIODevice> body, const QString &remotePath);
    // One attempt of a PUT or list; `again` makes the next one while the sandbox is starting.
    void sendFile(BlaxelSandboxCall *call, const std::shared_ptr<ResultHandler<qint64>> &handler,
                  const BodySource &source, const QString &remotePath, const std::function<void()> &again);
    void sendList(BlaxelSandboxCall *call, const std::shared_ptr<ResultHandler<BlaxelDirectory>> &handler,
                  const QString &remoteFolder, const std::function<void()> &again);

    QString m_sandboxName;
    QUrl m_url;
    QString m_apiKey;
    QString m_workspace;
    QNetworkAccessManager *m_network;
    Limits m_limits;
    QList<QPointer<BlaxelSandboxCall>> m_calls;
};
