#pragma once

#include <QByteArray>
#include <QList>

#include <optional>
#include <utility>

// One HTTP/1.1 request as the raw-socket test servers (HostileServer, tests/mcp's AwkwardMcpServer) read
// it: the request line, the headers as sent, and a Content-Length body. Deliberately naive: these servers
// exist to answer the client badly, not to parse it well.
struct RawHttpRequest
{
    QByteArray method;
    QByteArray path; // with the query
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;

    QByteArray header(const QByteArray &name) const
    {
        for (const auto &[key, value] : headers) {
            if (key.compare(name, Qt::CaseInsensitive) == 0)
                return value;
        }
        return {};
    }

    // Takes the first complete request (headers and its Content-Length body) off the front of `buffer`;
    // nothing while the buffer holds only part of one.
    static std::optional<RawHttpRequest> take(QByteArray &buffer)
    {
        const qsizetype headEnd = buffer.indexOf("\r\n\r\n");
        if (headEnd < 0)
            return std::nullopt;
        RawHttpRequest request;
        const QList<QByteArray> lines = buffer.left(headEnd).split('\n');
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        request.method = first.value(0);
        request.path = first.value(1);
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines.at(i).indexOf(':');
            if (colon > 0)
                request.headers.append(
                    {lines.at(i).left(colon).trimmed(), lines.at(i).mid(colon + 1).trimmed()});
        }
        const qint64 length = request.header("Content-Length").toLongLong();
        if (buffer.size() < headEnd + 4 + length)
            return std::nullopt;
        request.body = buffer.mid(headEnd + 4, length);
        buffer.remove(0, headEnd + 4 + length);
        return request;
    }
};
