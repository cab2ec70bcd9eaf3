#include "emulator/local/executionlog.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

// The length a UTF-8 lead byte announces; 0 for a continuation or invalid byte.
int sequenceLength(unsigned char byte)
{
    if (byte < 0x80)
        return 1;
    if (byte >= 0xC2 && byte <= 0xDF)
        return 2;
    if (byte >= 0xE0 && byte <= 0xEF)
        return 3;
    if (byte >= 0xF0 && byte <= 0xF4)
        return 4;
    return 0;
}

} // namespace

void ExecutionLog::appendOutput(const QByteArray &data)
{
    if (m_cut || data.isEmpty())
        return;
    const qint64 room = m_cap - m_bytes.size();
    if (data.size() <= room) {
        m_bytes.append(data);
        return;
    }
    m_bytes.append(data.left(std::max<qint64>(room, 0)));
    m_cut = true;
    appendLine(u"[emulator] the log reached its limit of %1 bytes: the rest of the output is discarded (the "
               "script runs on)"_s.arg(m_cap));
}

void ExecutionLog::appendLine(const QString &line)
{
    if (!m_bytes.isEmpty() && !m_bytes.endsWith('\n'))
        m_bytes.append('\n');
    m_bytes.append(line.toUtf8());
    m_bytes.append('\n');
}

ExecutionLog::Chunk ExecutionLog::read(qint64 cursor, qint64 maxBytes, bool growing) const
{
    const qint64 size = m_bytes.size();
    qint64 end = std::min(size, cursor + maxBytes);
    if (end < size || growing) {
        // Look back over the last (at most 3) bytes for a lead byte whose sequence goes past `end`.
        for (qint64 at = end - 1; at >= std::max(cursor, end - 3); --at) {
            const auto byte = static_cast<unsigned char>(m_bytes.at(at));
            if ((byte & 0xC0) == 0x80)
                continue; // a continuation byte: its lead is further back
            const int length = sequenceLength(byte);
            if (length > 1 && at + length > end)
                end = at;
            break;
        }
    }
    return Chunk{QString::fromUtf8(m_bytes.constData() + cursor, end - cursor), end};
}

} // namespace Emulator
