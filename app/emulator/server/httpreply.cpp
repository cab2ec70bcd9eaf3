#include "emulator/server/httpreply.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Emulator {

HttpReply HttpReply::json(int status, const QJsonValue &value)
{
    HttpReply reply;
    reply.status = status;
    reply.setHeader("Content-Type", "application/json");
    // FastAPI writes compact JSON; QJsonDocument holds only objects and arrays.
    reply.body = value.isArray() ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                                 : QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    return reply;
}

HttpReply HttpReply::detail(int status, const QString &detail)
{
    return json(status, QJsonObject{{u"detail"_s, detail}});
}

HttpReply HttpReply::xmlError(int status, const QString &code, const QString &message,
                              const QList<QPair<QString, QString>> &extra)
{
    HttpReply reply;
    reply.status = status;
    reply.setHeader("Content-Type", "application/xml; charset=UTF-8");
    reply.body = "<?xml version='1.0' encoding='UTF-8'?><Error><Code>" + code.toHtmlEscaped().toUtf8() +
                 "</Code><Message>" + message.toHtmlEscaped().toUtf8() + "</Message>";
    for (const auto &[name, text] : extra) {
        const QByteArray tag = name.toUtf8();
        reply.body += '<' + tag + '>' + text.toHtmlEscaped().toUtf8() + "</" + tag + '>';
    }
    reply.body += "</Error>";
    return reply;
}

HttpReply HttpReply::empty(int status)
{
    HttpReply reply;
    reply.status = status;
    return reply;
}

void HttpReply::setHeader(const QByteArray &name, const QByteArray &value)
{
    for (auto &header : headers) {
        if (header.first.compare(name, Qt::CaseInsensitive) == 0) {
            header.second = value;
            return;
        }
    }
    headers.append({name, value});
}

QByteArray HttpReply::header(const QByteArray &name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

QByteArray HttpReply::head() const
{
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    out += "Server: sandboxdeck-emulator\r\n";
    for (const auto &[key, value] : headers)
        out += key + ": " + value + "\r\n";
    if (stream) {
        out += "Transfer-Encoding: chunked\r\n\r\n";
        return out;
    }
    qint64 length = body.size();
    for (const QByteArray &part : laterParts)
        length += part.size();
    out += "Content-Length: " + QByteArray::number(length) + "\r\n\r\n";
    return out;
}

QByteArray HttpReply::chunk(const QByteArray &data)
{
    return QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n";
}

QByteArray HttpReply::reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 201:
        return "Created";
    case 202:
        return "Accepted";
    case 204:
        return "No Content";
    case 206:
        return "Partial Content";
    case 307:
        return "Temporary Redirect";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 406:
        return "Not Acceptable";
    case 409:
        return "Conflict";
    case 413:
        return "Payload Too Large";
    case 415:
        return "Unsupported Media Type";
    case 416:
        return "Range Not Satisfiable";
    case 422:
        return "Unprocessable Entity";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 502:
        return "Bad Gateway";
    case 503:
        return "Service Unavailable";
    case 504:
        return "Gateway Timeout";
    default:
        return "Unknown";
    }
}

QString HttpReply::faultName(Fault fault)
{
    switch (fault) {
    case Fault::None:
        return u"none"_s;
    case Fault::InjectedHang:
        return u"injected_hang"_s;
    case Fault::InjectedRedirect:
        return u"injected_redirect"_s;
    case Fault::InjectedRateLimit:
        return u"injected_rate_limit"_s;
    case Fault::InjectedFailure:
        return u"injected_failure"_s;
    case Fault::InjectedRandomFailure:
        return u"injected_random_failure"_s;
    case Fault::InjectedDroppedReply:
        return u"injected_dropped_reply"_s;
    case Fault::InjectedStoreFailure:
        return u"injected_store_failure"_s;
    case Fault::InjectedDroppedDownload:
        return u"injected_dropped_download"_s;
    case Fault::RateLimiter:
        return u"rate_limiter"_s;
    }
    return u"none"_s;
}

} // namespace Emulator
