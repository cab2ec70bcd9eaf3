#include "mcp/sseparser.h"

#include <algorithm>

SseParser::SseParser(qint64 maxEventBytes) : m_maxEventBytes(maxEventBytes) {}

QList<SseParser::Event> SseParser::feed(QByteArrayView bytes)
{
    QList<Event> events;
    if (m_overflowed)
        return events;
    if (m_atStart) {
        // The BOM may itself arrive split: hold bytes until three have come or one differs.
        m_line.append(bytes.data(), bytes.size());
        static constexpr QByteArrayView bom("\xEF\xBB\xBF");
        const qsizetype compared = std::min<qsizetype>(m_line.size(), bom.size());
        if (QByteArrayView(m_line).first(compared) == bom.first(compared) && m_line.size() < bom.size())
            return events;
        m_atStart = false;
        QByteArray pending;
        pending.swap(m_line);
        if (pending.startsWith(bom.data()))
            pending.remove(0, bom.size());
        return feed(pending);
    }
    qsizetype position = 0;
    const qsizetype size = bytes.size();
    const char *data = bytes.data();
    if (m_skipLineFeed && size > 0) {
        m_skipLineFeed = false;
        if (data[0] == '\n')
            position = 1;
    }
    while (position < size) {
        const char *end =
            std::find_if(data + position, data + size, [](char c) { return c == '\n' || c == '\r'; });
        const qsizetype lineEnd = end - data;
        if (lineEnd == size) {
            m_line.append(data + position, size - position);
            m_eventBytes += size - position;
            if (m_eventBytes > m_maxEventBytes) {
                m_overflowed = true;
                return events;
            }
            break;
        }
        QByteArrayView line(data + position, lineEnd - position);
        m_eventBytes += line.size();
        if (m_eventBytes > m_maxEventBytes) {
            m_overflowed = true;
            return events;
        }
        if (m_line.isEmpty()) {
            processLine(line, events);
        } else {
            m_line.append(line);
            processLine(m_line, events);
            m_line.clear();
        }
        position = lineEnd + 1;
        if (*end == '\r') {
            if (position < size) {
                if (data[position] == '\n')
                    ++position;
            } else {
                m_skipLineFeed = true;
            }
        }
    }
    return events;
}

void SseParser::processLine(QByteArrayView line, QList<Event> &events)
{
    if (line.isEmpty()) {
        dispatch(events);
        return;
    }
    if (line.front() == ':')
        return; // a comment, often a keep-alive
    const qsizetype colon = line.indexOf(':');
    const QByteArrayView field = colon < 0 ? line : line.first(colon);
    QByteArrayView value = colon < 0 ? QByteArrayView() : line.sliced(colon + 1);
    if (!value.isEmpty() && value.front() == ' ')
        value = value.sliced(1);
    if (field == "data") {
        m_data.append(value.data(), value.size());
        m_data.append('\n');
        m_sawData = true;
    } else if (field == "event") {
        m_type = value.toByteArray();
    } else if (field == "id") {
        if (!value.contains('\0'))
            m_lastEventId = value.toByteArray();
    } else if (field == "retry") {
        const bool digits =
            !value.isEmpty() && value.size() <= 9 &&
            std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (digits)
            m_retryMs = value.toByteArray().toLongLong();
    }
}

void SseParser::dispatch(QList<Event> &events)
{
    m_eventBytes = 0;
    if (!m_sawData) {
        m_type.clear();
        return;
    }
    m_data.chop(1); // the "\n" after the last data line
    events.append({m_type.isEmpty() ? QByteArrayLiteral("message") : m_type, m_data, m_lastEventId});
    m_data.clear();
    m_type.clear();
    m_sawData = false;
}
