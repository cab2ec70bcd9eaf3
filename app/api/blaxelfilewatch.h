#pragma once

#include "api/blaxellinestream.h"

#include <QObject>
#include <QPointer>
#include <QString>

class BlaxelSandboxFiles;

// A folder of a Blaxel sandbox watched through GET /watch/filesystem/{path} (@blaxel/core's fs.watch): a
// body that never ends, one JSON event a line ({op, path, name}) and "[keepalive]" lines, every 30 s on the
// real server (BlaxelLineStream: silence, retries, bounded lines). A line that is no event is skipped, and
// an event with an over-long path or name is skipped too.
class BlaxelFileWatch final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelFileWatch)

public:
    static constexpr qsizetype maxPathChars = 4096;
    static constexpr qsizetype maxNameChars = 1024;
    static constexpr qsizetype maxOpChars = 32;
    using Timing = BlaxelLineStream::Timing;

    explicit BlaxelFileWatch(BlaxelSandboxFiles *files, QObject *parent = nullptr);
    ~BlaxelFileWatch() override = default; // the stream is aborted with it

    void setTiming(const Timing &timing) { m_stream.setTiming(timing); }
    const Timing &timing() const { return m_stream.timing(); }

    // (Re)starts watching `remoteFolder` (relative to the sandbox's working directory unless it starts with
    // '/'; ending in "/**" for every folder below it, as the API reads it); an earlier stream is dropped.
    void start(const QString &remoteFolder);
    // Nothing more is emitted after this returns.
    void stop() { m_stream.stop(); }
    bool isWatching() const { return m_stream.isRunning(); }

Q_SIGNALS:
    // One changed entry: `op` as sent (CREATE, WRITE, REMOVE, RENAME, CHMOD), `path` the entry's full remote
    // path (folder + "/" + name).
    void changed(const QString &op, const QString &path);
    // The stream broke or was refused (text already redacted of the key, one line); it is tried again after
    // a growing delay (cap ~30 s) until stop().
    void interrupted(const QString &problem);
    void resumed(); // the stream is open again after interrupted()

private:
    void handleLine(const QByteArray &line, bool cut);

    QPointer<BlaxelSandboxFiles> m_files;
    BlaxelLineStream m_stream;
};
