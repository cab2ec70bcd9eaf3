#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

// An incremental text/event-stream reader (the WHATWG rules): bytes arrive split anywhere, lines end in
// CRLF, LF or CR, a leading BOM is dropped, `data` lines join with "\n", comments are skipped. Each event
// is capped: past maxEventBytes the parser stops for good and overflowed() says so, so that a hostile
// stream cannot grow memory without bound.
class SseParser
{
public:
    struct Event
    {
        QByteArray type; // "message" when the stream named none
        QByteArray data;
        QByteArray id; // the last event id in force when this event was dispatched
    };

    explicit SseParser(qint64 maxEventBytes = 16 * 1024 * 1024);

    // The events that these bytes completed, in order.
    QList<Event> feed(QByteArrayView bytes);

    bool overflowed() const { return m_overflowed; }
    // The `id` to resume from (Last-Event-ID); empty when the stream gave none.
    const QByteArray &lastEventId() const { return m_lastEventId; }
    // The reconnection delay the stream asked for, or -1.
    qint64 retryMs() const { return m_retryMs; }

private:
    void processLine(QByteArrayView line, QList<Event> &events);
    void dispatch(QList<Event> &events);

    qint64 m_maxEventBytes;
    QByteArray m_line;
    QByteArray m_data;
    QByteArray m_type;
    QByteArray m_lastEventId;
    qint64 m_retryMs = -1;
    qint64 m_eventBytes = 0;
    bool m_sawData = false;
    bool m_skipLineFeed = false; // the previous chunk ended in CR: a LF opening this one belongs to it
    bool m_atStart = true;
    bool m_overflowed = false;
};
