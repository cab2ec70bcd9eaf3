#pragma once

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

class BlaxelSandboxFiles;
class QNetworkReply;

// A folder of a Blaxel sandbox watched through GET /watch/filesystem/{path} (@blaxel/core's fs.watch): a
// body that never ends, one JSON event a line ({op, path, name}) and "[keepalive]" lines, every 30 s on the
// real server. The stream has no transfer timeout; silence for three keepalive intervals counts as a broken
// stream. A broken or refused stream is asked for again after a growing delay until stop(). What the server
// sends is not trusted: a line past maxLineBytes is dropped whole, a line that is no event is skipped, and
// an event with an over-long path or name is skipped too.
class BlaxelFileWatch final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelFileWatch)

public:
    static constexpr qsizetype maxLineBytes = qsizetype(64) * 1024;
    static constexpr qsizetype maxPathChars = 4096;
    static constexpr qsizetype maxNameChars = 1024;
    static constexpr qsizetype maxOpChars = 32;

    struct Timing
    {
        int keepaliveMs = 30'000;     // the server's keepalive interval; three of them silent break a stream
        int firstRetryMs = 1'000;     // before the first new attempt; doubled after each failure
        int maxRetryMs = 30'000;      // the longest wait between attempts
        int maxErrorBodyBytes = 4096; // kept of a refusal's body, for its message
    };

    explicit BlaxelFileWatch(BlaxelSandboxFiles *files, QObject *parent = nullptr);
    ~BlaxelFileWatch() override; // aborts the stream

    void setTiming(const Timing &timing) { m_timing = timing; }
    const Timing &timing() const { return m_timing; }

    // (Re)starts watching `remoteFolder` (relative to the sandbox's working directory unless it starts with
    // '/'; ending in "/**" for every folder below it, as the API reads it); an earlier stream is dropped.
    void start(const QString &remoteFolder);
    // Nothing more is emitted after this returns.
    void stop();
    bool isWatching() const { return m_watching; }

Q_SIGNALS:
    // One changed entry: `op` as sent (CREATE, WRITE, REMOVE, RENAME, CHMOD), `path` the entry's full remote
    // path (folder + "/" + name).
    void changed(const QString &op, const QString &path);
    // The stream broke or was refused (text already redacted of the key, one line); it is tried again after
    // a growing delay (cap ~30 s) until stop().
    void interrupted(const QString &problem);
    void resumed(); // the stream is open again after interrupted()

private:
    void connectStream();
    void readStream();
    void streamEnded();
    void fail(const QString &problem);
    // False when a slot connected to changed() stopped or restarted the watch.
    bool handleLine(const QByteArray &line, quint64 generation);
    void dropReply();

    QPointer<BlaxelSandboxFiles> m_files;
    Timing m_timing;
    QString m_folder;
    bool m_watching = false;
    bool m_interrupted = false;
    bool m_open = false;      // the current reply answered 2xx
    bool m_skipping = false;  // inside a line longer than maxLineBytes, dropped up to its end
    quint64 m_generation = 0; // moves on with every start() and stop()
    int m_failures = 0;       // in a row, for the retry delay
    QString m_silenceProblem; // why the current reply was aborted, when it was us
    QByteArray m_buffer;      // the unfinished line, or a refusal's body
    QPointer<QNetworkReply> m_reply;
    QTimer m_silence;
    QTimer m_retry;
};
