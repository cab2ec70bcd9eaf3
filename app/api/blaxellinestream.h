#pragma once

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

class BlaxelSandboxFiles;
class QNetworkReply;

// A GET on a Blaxel sandbox's API whose body is lines sent as they come, with "[keepalive]" lines between
// (the filesystem watch, a process's log stream). The body has no transfer timeout; silence for three
// keepalive intervals counts as a broken stream. A broken or refused stream is asked for again after a
// growing delay until stop(); a body the server ends is asked for again too, unless the stream was started
// as one that ends (a log ends with its process): then finished() says so. What the server sends is not
// trusted: no line kept is longer than maxLineBytes (a longer one comes cut, marked by `cut`).
class BlaxelLineStream final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelLineStream)

public:
    static constexpr qsizetype maxLineBytes = qsizetype(64) * 1024;

    struct Timing
    {
        int keepaliveMs = 30'000;     // the server's keepalive interval; three of them silent break a stream
        int firstRetryMs = 1'000;     // before the first new attempt; doubled after each failure
        int maxRetryMs = 30'000;      // the longest wait between attempts
        int maxErrorBodyBytes = 4096; // kept of a refusal's body, for its message
    };
    enum class Ending
    {
        Resumed, // a body that ends was cut: it is asked for again
        Final    // the body ends when what it follows does: finished()
    };

    explicit BlaxelLineStream(BlaxelSandboxFiles *files, QObject *parent = nullptr);
    ~BlaxelLineStream() override; // aborts the stream

    void setTiming(const Timing &timing) { m_timing = timing; }
    const Timing &timing() const { return m_timing; }

    // (Re)starts the stream of `apiPath` (as BlaxelSandboxFiles::request takes it); an earlier one is
    // dropped. `what` names what it follows in messages (a folder, a process); a non-empty `refusal` is the
    // problem every attempt meets (a path the client will not ask for).
    void start(const QString &apiPath, const QString &what, Ending ending, const QString &refusal = {});
    // Nothing more is emitted after this returns.
    void stop();
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    // The body is coming (2xx); `again` after interrupted(): whatever the server sends first comes again.
    void opened(bool again);
    // One line, its newline and a carriage return before it removed, keepalives left out.
    void lineReceived(const QByteArray &line, bool cut);
    // The stream broke or was refused (text already redacted of the key, one line); it is tried again after
    // a growing delay (cap maxRetryMs) until stop().
    void interrupted(const QString &problem);
    // An Ending::Final body ended whole; nothing more comes.
    void finished();

private:
    void connectStream();
    void readStream();
    void streamEnded();
    void fail(const QString &problem);
    // False when a slot stopped or restarted the stream.
    bool deliver(const QByteArray &line, bool cut, quint64 generation);
    void dropReply();

    QPointer<BlaxelSandboxFiles> m_files;
    Timing m_timing;
    QString m_path;
    QString m_what;
    QString m_refusal;
    Ending m_ending = Ending::Resumed;
    bool m_running = false;
    bool m_interrupted = false;
    bool m_open = false;      // the current reply answered 2xx
    bool m_skipping = false;  // past maxLineBytes of a line, dropped up to its end
    quint64 m_generation = 0; // moves on with every start() and stop()
    int m_failures = 0;       // in a row, for the retry delay
    QString m_silenceProblem; // why the current reply was aborted, when it was us
    QByteArray m_buffer;      // the unfinished line, or a refusal's body
    QPointer<QNetworkReply> m_reply;
    QTimer m_silence;
    QTimer m_retry;
};
