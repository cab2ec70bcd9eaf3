#include "emulator/blaxel/blaxelprocesslog.h"

#include <utility>

namespace Emulator {

namespace {

void appendBounded(QByteArray &target, const QByteArray &data, qint64 bound)
{
    const qint64 room = bound - target.size();
    if (room > 0)
        target.append(data.left(room));
}

} // namespace

void BlaxelProcessLog::append(const QByteArray &output, const QByteArray &error)
{
    appendBounded(m_output, output, m_maxOutputBytes);
    appendBounded(m_error, error, m_maxOutputBytes);
    appendBounded(m_both, output + error, 2 * m_maxOutputBytes);
    send(tagLines(m_unendedOutput, output, "stdout:", false) +
         tagLines(m_unendedError, error, "stderr:", false));
}

void BlaxelProcessLog::end()
{
    send(tagLines(m_unendedOutput, {}, "stdout:", true) + tagLines(m_unendedError, {}, "stderr:", true));
    for (const QPointer<ChunkedStream> &open : std::exchange(m_streams, {}))
        if (open)
            open->end();
}

void BlaxelProcessLog::attach(ChunkedStream *stream, bool running)
{
    stream->send(m_tagged);
    if (running)
        m_streams.append(stream);
    else
        stream->end();
}

QByteArray BlaxelProcessLog::tagLines(QByteArray &unended, const QByteArray &data, const char *tag,
                                      bool flush)
{
    unended += data;
    QByteArray lines;
    qsizetype from = 0;
    for (;;) {
        qsizetype end = unended.indexOf('\n', from);
        const bool cut = end < 0 && unended.size() - from >= maxStreamLineBytes;
        if (cut)
            end = from + maxStreamLineBytes;
        else if (end < 0)
            break;
        lines += tag + unended.mid(from, end - from) + '\n';
        from = cut ? end : end + 1;
    }
    unended.remove(0, from);
    if (flush && !unended.isEmpty())
        lines += tag + std::exchange(unended, {}) + '\n';
    return lines;
}

void BlaxelProcessLog::send(const QByteArray &lines)
{
    if (lines.isEmpty())
        return;
    appendBounded(m_tagged, lines, 2 * m_maxOutputBytes);
    m_streams.removeIf([](const QPointer<ChunkedStream> &s) { return !s || !s->isOpen(); });
    for (const QPointer<ChunkedStream> &open : std::as_const(m_streams))
        open->send(lines);
}

} // namespace Emulator
