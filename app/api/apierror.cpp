#include "api/apierror.h"

#include "api/remotetext.h"
#include "api/storeerrorxml.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {

QString locationText(const QStringList &location)
{
    // FastAPI prefixes the part of the request ("body", "query", "path"): a person wants the field.
    QStringList parts = location;
    if (!parts.isEmpty() && (parts.first() == u"body"_s || parts.first() == u"query"_s ||
                             parts.first() == u"path"_s || parts.first() == u"header"_s))
        parts.removeFirst();
    return parts.join(u'.');
}

} // namespace

QString FieldError::fieldName() const
{
    // FastAPI puts where the value came from first and, for unions, pydantic's type tags after the field
    // (["body", "server_names", "list[LocalSandboxMCPServer]", 1]): the field is the first named part.
    static const QStringList sources = {u"body"_s, u"query"_s, u"path"_s, u"header"_s, u"cookie"_s};
    for (qsizetype i = 0; i < location.size(); ++i) {
        const QString &part = location.at(i);
        if (i == 0 && location.size() > 1 && sources.contains(part))
            continue;
        bool isIndex = false;
        part.toInt(&isIndex);
        if (!isIndex)
            return part;
    }
    return {};
}

ApiError ApiError::withMessage(Kind kind, const QString &message)
{
    ApiError e;
    e.m_kind = kind;
    e.m_message = message;
    return e;
}

ApiError ApiError::network(const QString &reason)
{
    return withMessage(Kind::Network,
                       QCoreApplication::translate(
                           "ApiError", "Could not reach the server (%1). Check the network and the base URL.")
                           .arg(reason));
}

ApiError ApiError::timeout(int seconds)
{
    return withMessage(
        Kind::Timeout,
        QCoreApplication::translate("ApiError",
                                    "The server did not answer within %1 s. It may be overloaded; try again.")
            .arg(seconds));
}

ApiError ApiError::cancelled()
{
    return withMessage(Kind::Cancelled, u"Cancelled."_s);
}

ApiError ApiError::http(int status, const QByteArray &body, int retryAfterSeconds, Request request)
{
    ApiError e;
    e.m_kind = Kind::Http;
    e.m_httpStatus = status;
    e.m_retryAfterSeconds = retryAfterSeconds;
    e.readDetail(body);
    e.m_message = sentenceForStatus(status, retryAfterSeconds, request);
    return e;
}

ApiError ApiError::decode(const QString &what, const QByteArray &body)
{
    ApiError e;
    e.m_kind = Kind::Decode;
    // A 2xx we could not read may well be a record with its secrets: only a masked excerpt is kept.
    e.m_rawBody = maskSecretValues(body.left(4096));
    e.m_message =
        QCoreApplication::translate("ApiError", "The server sent a reply this app cannot read (%1). Try "
                                                "again; if it persists, the API may have changed.")
            .arg(what);
    return e;
}

ApiError ApiError::local(const QString &message)
{
    return withMessage(Kind::Local, message);
}

ApiError ApiError::deadline(int seconds)
{
    return withMessage(Kind::Timeout,
                       QCoreApplication::translate(
                           "ApiError",
                           "Gave up after %1 s, the time allowed for the whole call (every attempt and wait "
                           "included). The server is too slow or not answering; try again later.")
                           .arg(seconds));
}

ApiError ApiError::truncated(const QString &reason)
{
    return withMessage(
        Kind::Network,
        QCoreApplication::translate("ApiError",
                                    "The server's answer was cut short (%1), so it was not used. Try again.")
            .arg(reason));
}

ApiError ApiError::tooLarge(qint64 maxBytes)
{
    return withMessage(
        Kind::Network,
        QCoreApplication::translate(
            "ApiError", "The server's answer was larger than the %1 MiB allowed for this kind of call, so it "
                        "was not read.")
            .arg(double(maxBytes) / (1024.0 * 1024.0), 0, 'f', 1));
}

ApiError ApiError::redirectRefused(const QString &sentence)
{
    return withMessage(Kind::Network, sentence);
}

ApiError ApiError::providerHttp(int status, const QString &message, const QString &serverText,
                                const QString &serverCode, int retryAfterSeconds, const QByteArray &rawBody)
{
    ApiError e = withMessage(Kind::Http, message);
    e.m_httpStatus = status;
    e.m_retryAfterSeconds = retryAfterSeconds;
    if (!serverText.isEmpty())
        e.m_detail = serverText;
    e.m_serverCode = serverCode;
    e.m_rawBody = rawBody.left(4096);
    return e;
}

ApiError ApiError::gaveUp(const QString &sentence)
{
    return withMessage(Kind::Timeout, sentence);
}

QString ApiError::redacted(const QString &text, const QString &apiKey)
{
    return RemoteText::redacted(text, apiKey);
}

QByteArray ApiError::redacted(const QByteArray &text, const QString &apiKey)
{
    return RemoteText::redacted(text, apiKey);
}

QByteArray ApiError::maskSecretValues(const QByteArray &json)
{
    return RemoteText::maskSecretValues(json);
}

QString ApiError::bodyExcerpt(const QByteArray &body, int maxChars)
{
    return RemoteText::bodyExcerpt(body, maxChars);
}

void ApiError::redact(const QString &apiKey)
{
    m_message = redacted(m_message, apiKey);
    m_rawBody = redacted(m_rawBody, apiKey);
    m_serverCode = redacted(m_serverCode, apiKey);
    for (auto &field : m_fieldErrors) {
        field.message = redacted(field.message, apiKey);
        for (auto &part : field.location)
            part = redacted(part, apiKey);
    }
    if (m_detail.isString()) {
        m_detail = redacted(m_detail.toString(), apiKey);
    } else if (m_detail.isObject() || m_detail.isArray()) {
        const auto bytes = m_detail.isObject()
                               ? QJsonDocument(m_detail.toObject()).toJson(QJsonDocument::Compact)
                               : QJsonDocument(m_detail.toArray()).toJson(QJsonDocument::Compact);
        const auto clean = redacted(bytes, apiKey);
        if (clean != bytes) {
            const auto document = QJsonDocument::fromJson(clean);
            m_detail = document.isObject()  ? QJsonValue(document.object())
                       : document.isArray() ? QJsonValue(document.array())
                                            : QJsonValue(QString::fromUtf8(clean));
        }
    }
}

void ApiError::appendSentence(const QString &sentence)
{
    if (!sentence.isEmpty())
        m_message = m_message.isEmpty() ? sentence : m_message + u' ' + sentence;
}

void ApiError::readDetail(const QByteArray &body)
{
    QJsonParseError parseError;
    const auto document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        m_rawBody = body.left(4096);
        return;
    }
    const QJsonObject object = document.object();
    // A provider's machine-readable code ({"code": "QUOTA_EXCEEDED"}, or the edge's {"error": {"code"}}),
    // so that isKeyProblem() can tell a quota's 403 from a refused key before any provider decoder runs.
    const QJsonValue error = object.value(u"error"_s);
    const QJsonValue code = error.isObject() ? error.toObject().value(u"code"_s) : object.value(u"code"_s);
    if (code.isString())
        m_serverCode = codeIdentifier(code.toString());
    else if (const qint64 number = code.toInteger(-1); number >= 0 && number < 1000000)
        m_serverCode = QString::number(number);
    m_detail = object.value(u"detail"_s);
    if (!m_detail.isArray())
        return;
    for (const auto &item : m_detail.toArray()) {
        const auto object = item.toObject();
        FieldError field;
        for (const auto &part : object.value(u"loc"_s).toArray())
            field.location << (part.isDouble() ? QString::number(part.toInt()) : part.toString());
        field.message = object.value(u"msg"_s).toString();
        field.type = object.value(u"type"_s).toString();
        m_fieldErrors << field;
    }
}

QString ApiError::detailText() const
{
    if (!m_fieldErrors.isEmpty()) {
        QStringList lines;
        for (const auto &field : m_fieldErrors) {
            const auto where = locationText(field.location);
            lines << (where.isEmpty() ? field.message : where + u": "_s + field.message);
        }
        return lines.join(u"; "_s);
    }
    if (m_detail.isString())
        return m_detail.toString();
    if (m_detail.isObject() || m_detail.isArray()) {
        const auto document =
            m_detail.isObject() ? QJsonDocument(m_detail.toObject()) : QJsonDocument(m_detail.toArray());
        return QString::fromUtf8(document.toJson(QJsonDocument::Compact));
    }
    if (!m_detail.isUndefined() && !m_detail.isNull())
        return m_detail.toVariant().toString();
    if (const StoreErrorXml xml = StoreErrorXml::parse(m_rawBody); !xml.message.isEmpty())
        return xml.code.isEmpty() ? xml.message : xml.code + u": "_s + xml.message;
    // An HTML error page or plain text: its words, without markup.
    return bodyExcerpt(m_rawBody);
}

QString ApiError::fullText() const
{
    const auto detail = detailText();
    if (detail.isEmpty() || m_message.contains(detail))
        return m_message;
    return QCoreApplication::translate("ApiError", "%1 Server said: %2").arg(m_message, detail);
}

bool ApiError::mayHaveTakenEffect() const
{
    switch (m_kind) {
    case Kind::Network:
    case Kind::Timeout:
    case Kind::Cancelled:
    case Kind::Decode: // a 2xx: it did take effect, only the answer could not be read
        return true;
    case Kind::Http:
        // 501 and 503 refuse before doing anything ("no idle sandbox"); other 5xx may fail half way.
        return m_httpStatus >= 500 && m_httpStatus != 501 && m_httpStatus != 503;
    case Kind::None:
    case Kind::Local:
        break;
    }
    return false;
}

bool ApiError::isKeyProblem() const
{
    return m_kind == Kind::Http && (m_httpStatus == 401 || m_httpStatus == 403) &&
           !isQuotaOrPermissionCode(m_serverCode);
}

QString ApiError::codeIdentifier(const QString &code)
{
    QString clean;
    for (const QChar c : code) {
        if (clean.size() >= 64)
            break;
        if ((c.isLetterOrNumber() && c.unicode() < 0x80) || c == u'_' || c == u'-' || c == u'.' || c == u':')
            clean += c;
    }
    return clean;
}

bool ApiError::isQuotaOrPermissionCode(const QString &code)
{
    // Blaxel's QUOTA_EXCEEDED and the usual spellings of a refused permission (PERMISSION_DENIED,
    // INSUFFICIENT_PERMISSIONS): the key was accepted, the action was not.
    return code.contains(u"QUOTA"_s, Qt::CaseInsensitive) ||
           code.contains(u"PERMISSION"_s, Qt::CaseInsensitive);
}

QString ApiError::sentenceForStatus(int status, int retryAfterSeconds, Request request)
{
    switch (status) {
    case 400:
        return QCoreApplication::translate("ApiError", "The server refused the request as malformed.");
    case 401:
        return QCoreApplication::translate("ApiError", "The API key is missing.");
    case 403:
        return QCoreApplication::translate("ApiError", "The API key was refused.");
    case 404:
        if (request == Request::Acquire)
            return QCoreApplication::translate(
                "ApiError", "The server does not know something the acquire named: the server, the "
                            "benchmark or the test account.");
        return QCoreApplication::translate(
            "ApiError", "Not found: it may have been released or never existed. Refresh the list.");
    case 408:
        return QCoreApplication::translate("ApiError",
                                           "The server timed out waiting for the request. Try again.");
    case 409:
        return QCoreApplication::translate(
            "ApiError", "The request conflicts with the current state. Refresh and try again.");
    case 422:
        return QCoreApplication::translate("ApiError", "The server rejected a value in the request.");
    case 429:
        // Beyond a day a count of seconds says nothing; the transport adds the time instead.
        return retryAfterSeconds >= 0 && retryAfterSeconds <= 86'400
                   ? QCoreApplication::translate("ApiError", "Rate limited by the server: try again in %1 s.")
                         .arg(retryAfterSeconds)
                   : QCoreApplication::translate("ApiError",
                                                 "Rate limited by the server. Wait a moment and try again.");
    case 503:
        if (request == Request::Acquire)
            return QCoreApplication::translate(
                "ApiError", "No sandbox could be given out now (none idle, or the service is out of "
                            "capacity). Nothing was acquired; try again later.");
        return QCoreApplication::translate("ApiError",
                                           "The service is unavailable or out of capacity. Try again later.");
    default:
        break;
    }
    if (status >= 500)
        return QCoreApplication::translate("ApiError", "The server failed (HTTP %1). Try again later.")
            .arg(status);
    return QCoreApplication::translate("ApiError", "The server answered HTTP %1.").arg(status);
}
