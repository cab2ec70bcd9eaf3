#pragma once

#include "api/httptransport.h"
#include "api/klavislocalsandboxservice.h"
#include "emulator/emulatorserver.h"
#include "emulatorprobe.h"
#include "workspace/transferjob.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QEventLoop>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRandomGenerator>
#include <QTest>
#include <QTimer>

#include <climits>
#include <memory>

#include <sys/stat.h>
#include <unistd.h>

// The in-process emulator on loopback, the real API service in front of it, and a network manager of its
// own for the signed URLs (as AppSession does). Short back-offs keep retry tests quick.
struct TransferHarness
{
    explicit TransferHarness(const QString &apiKey = QStringLiteral("sk-transfer-test-7c1f9e2ab"))
    {
        emulator = std::make_unique<Emulator::EmulatorServer>();
        emulator->setApiKey(apiKey);
        emulator->recordRequests(); // the tests count what it received
        if (!emulator->listen())
            qFatal("emulator did not start");
        TransportConfig config;
        config.baseUrl = emulator->apiBaseUrl();
        config.apiKey = emulator->apiKey();
        config.requestsPerSecond = 0; // unlimited
        config.backoffBaseMs = 20;
        transport = std::make_unique<HttpTransport>(config);
        service = std::make_unique<KlavisLocalSandboxService>(transport.get());
        network = std::make_unique<QNetworkAccessManager>();
    }

    // A local sandbox whose workspace starts empty: the first seeded one holds a demo workspace.
    QString freshSandbox() const
    {
        for (const QString &id : EmulatorProbe(emulator).localSandboxIds()) {
            if (EmulatorProbe(emulator).workspacePaths(id).isEmpty())
                return id;
        }
        qFatal("the emulator has no local sandbox with an empty workspace");
    }

    QString apiPath(const QString &sandboxId, const QString &what) const
    {
        return QStringLiteral("/local-sandbox/") + sandboxId + u'/' + what;
    }

    QList<Emulator::RecordedRequest> storeRequests(const QByteArray &method) const
    {
        QList<Emulator::RecordedRequest> matching;
        for (const auto &request : EmulatorProbe(emulator).objectStoreRequests()) {
            if (request.method == method)
                matching.append(request);
        }
        return matching;
    }

    // The signed URL a recorded store request used, to fetch the same object again.
    QUrl urlOf(const Emulator::RecordedRequest &request) const
    {
        QUrl url = emulator->objectStoreBaseUrl();
        url.setPath(request.path);
        url.setQuery(request.query, QUrl::StrictMode);
        return url;
    }

    // A plain GET, for comparisons: the bytes exactly as the store serves them.
    QByteArray fetch(const QUrl &url)
    {
        QNetworkRequest request(url);
        request.setRawHeader("Accept-Encoding", "identity");
        std::unique_ptr<QNetworkReply> reply(network->get(request));
        if (!waitUntil(
                reply.get(), &QNetworkReply::finished, [&] { return reply->isFinished(); }, 60000))
            return {};
        return reply->readAll();
    }

    // A real event loop, not QTest::qWaitFor: that one sleeps 10 ms between passes, which throttles every
    // hand-over between Qt's HTTP thread and this one (a 100 MB PUT took a minute instead of a second).
    static bool waitFinished(TransferJob *job, int timeoutMs = 60000)
    {
        return waitUntil(
            job, &TransferJob::finished, [job] { return job->isFinished(); }, timeoutMs);
    }

    template <typename Sender, typename Signal, typename Predicate>
    static bool waitUntil(Sender *sender, Signal signal, Predicate done, int timeoutMs)
    {
        if (done())
            return true;
        QEventLoop loop;
        QTimer timeout;
        timeout.setSingleShot(true);
        QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
        QObject::connect(sender, signal, &loop, [&] {
            if (done())
                loop.quit();
        });
        timeout.start(timeoutMs);
        loop.exec();
        return done();
    }

    std::unique_ptr<Emulator::EmulatorServer> emulator;
    std::unique_ptr<HttpTransport> transport;
    std::unique_ptr<KlavisLocalSandboxService> service;
    std::unique_ptr<QNetworkAccessManager> network;
};

namespace TransferFiles {

inline bool writeFile(const QString &path, const QByteArray &content, mode_t mode = 0644)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
        return false;
    file.close();
    return ::chmod(QFile::encodeName(path).constData(), mode) == 0;
}

// Pseudo-random bytes written 4 MiB at a time: compressors cannot shrink them, and memory stays flat.
inline bool writeRandomFile(const QString &path, qint64 size, quint32 seed)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    QRandomGenerator generator(seed);
    constexpr qint64 chunkWords = 1 << 20;
    QList<quint32> words(chunkWords);
    for (qint64 left = size; left > 0;) {
        generator.fillRange(words.data(), words.size());
        const qint64 bytes = std::min<qint64>(left, chunkWords * 4);
        if (file.write(reinterpret_cast<const char *>(words.constData()), bytes) != bytes)
            return false;
        left -= bytes;
    }
    return true;
}

inline bool makeLink(const QString &target, const QString &link)
{
    return ::symlink(QFile::encodeName(target).constData(), QFile::encodeName(link).constData()) == 0;
}

inline QByteArray sha256(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    return hash.result().toHex();
}

inline QByteArray sha256(const QByteArray &data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
}

// The link's own text, never resolved.
inline QByteArray readLink(const QString &path)
{
    QByteArray target(PATH_MAX, '\0');
    const ssize_t length =
        ::readlink(QFile::encodeName(path).constData(), target.data(), size_t(target.size()));
    return length < 0 ? QByteArray() : target.left(length);
}

// Every entry below root (links not followed), as "path type mode [-> target] [sha256]", sorted: two trees
// are equal when their lists are.
inline QStringList describeTree(const QString &root)
{
    QStringList lines;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString relative = QDir(root).relativeFilePath(path);
        struct stat info = {};
        if (::lstat(QFile::encodeName(path).constData(), &info) != 0) {
            lines.append(relative + QStringLiteral(" unreadable"));
            continue;
        }
        const QString mode = QString::number(info.st_mode & 07777, 8);
        if (S_ISLNK(info.st_mode)) {
            lines.append(relative + QStringLiteral(" link -> ") + QString::fromUtf8(readLink(path)));
        } else if (S_ISDIR(info.st_mode)) {
            lines.append(relative + QStringLiteral(" dir ") + mode);
        } else if (S_ISREG(info.st_mode)) {
            lines.append(relative + QStringLiteral(" file ") + mode + u' ' +
                         QString::fromLatin1(sha256(path)));
        } else {
            lines.append(relative + QStringLiteral(" special"));
        }
    }
    lines.sort();
    return lines;
}

// Whatever a folder holds, hidden entries included; empty when it is empty or missing.
inline QStringList leftovers(const QString &folder)
{
    QStringList names;
    QDirIterator it(folder, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        names.append(QDir(folder).relativeFilePath(it.next()));
    return names;
}

} // namespace TransferFiles
