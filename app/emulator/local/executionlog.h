#pragma once

#include <QByteArray>
#include <QString>

namespace Emulator {

// The log of one execution: the bytes of stdout and stderr as they came, and the emulator's own lines.
// Bounded: past its cap one line says it was cut and the rest is discarded, though the emulator's closing
// lines (how the run ended) are still added, so a reader always learns the end.
class ExecutionLog
{
public:
    explicit ExecutionLog(qint64 capBytes = qint64(64) * 1024 * 1024) : m_cap(capBytes) {}

    // Output of the script: kept up to the cap.
    void appendOutput(const QByteArray &data);
    // A line of the emulator's own, on a line of its own even after output without a final newline.
    void appendLine(const QString &line);

    const QByteArray &bytes() const { return m_bytes; }
    qint64 size() const { return m_bytes.size(); }
    bool isCut() const { return m_cut; }

    struct Chunk
    {
        QString text;    // invalid UTF-8 as U+FFFD
        qint64 next = 0; // the cursor after it: raw bytes consumed, not characters
    };
    // At most `maxBytes` from `cursor` (which must be <= size()), never ending inside a multi-byte UTF-8
    // sequence that may still be completed: by later bytes of the chunk's own, or, while `growing`, by output
    // still to come. A final log's trailing incomplete sequence is sent (as U+FFFD) so a reader can finish.
    Chunk read(qint64 cursor, qint64 maxBytes, bool growing) const;

private:
    QByteArray m_bytes;
    qint64 m_cap;
    bool m_cut = false;
};

} // namespace Emulator
