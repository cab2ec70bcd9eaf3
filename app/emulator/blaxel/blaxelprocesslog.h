#pragma once

#include "emulator/server/chunkedstream.h"

#include <QByteArray>
#include <QList>
#include <QPointer>

namespace Emulator {

// What one process wrote, kept as the sandbox API gives it back: stdout and stderr apart and both in the
// order read (GET /process/{id}/logs), each bounded by maxOutputBytes (both together by twice that), and as
// the tagged lines of GET /process/{id}/logs/stream ("stdout:..." / "stderr:..."), which go to every stream
// open on it as they come. Used on the server's thread, under its mutex.
class BlaxelProcessLog
{
public:
    static constexpr qsizetype maxStreamLineBytes = qsizetype(32) * 1024;

    explicit BlaxelProcessLog(qint64 maxOutputBytes) : m_maxOutputBytes(maxOutputBytes) {}

    void append(const QByteArray &output, const QByteArray &error);
    // The process ended: a last line without its newline is sent, and the streams end.
    void end();
    // A new /logs/stream body: what was written so far, then, while the process runs, what it writes.
    void attach(ChunkedStream *stream, bool running);

    const QByteArray &standardOutput() const { return m_output; }
    const QByteArray &standardError() const { return m_error; }
    const QByteArray &both() const { return m_both; }

private:
    // The lines `data` ends, each tagged with `tag`, keeping its unended last line in `unended`; all of it
    // when `flush`. A line reaching maxStreamLineBytes is sent in pieces.
    static QByteArray tagLines(QByteArray &unended, const QByteArray &data, const char *tag, bool flush);
    void send(const QByteArray &lines);

    qint64 m_maxOutputBytes;
    QByteArray m_output;
    QByteArray m_error;
    QByteArray m_both;          // in the order read
    QByteArray m_tagged;        // as /logs/stream sends it
    QByteArray m_unendedOutput; // the last line of each, not ended yet
    QByteArray m_unendedError;
    QList<QPointer<ChunkedStream>> m_streams;
};

} // namespace Emulator
