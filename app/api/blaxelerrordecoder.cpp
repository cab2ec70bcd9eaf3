#include "api/blaxelerrordecoder.h"

#include "api/remotetext.h"
#include "api/unsafecharacters.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

struct ServerWords
{
    QString code;
    QString text;
    bool retryable = false;
    bool json = false;
};

QString scalar(const QJsonValue &value)
{
    if (value.isString())
        return value.toString().left(4096);
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 17);
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact)).left(4096);
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)).left(4096);
    return {};
}

// "error" and "message" often say the same thing twice ("Not Found" / "Sandbox x not found").
QString joined(const QStringList &parts)
{
    QStringList kept;
    for (const QString &part : parts) {
        const QString trimmed = part.trimmed();
        if (trimmed.isEmpty())
            continue;
        bool repeated = false;
        for (const QString &other : kept)
            repeated = repeated || other.contains(trimmed, Qt::CaseInsensitive);
        if (!repeated)
            kept << trimmed;
    }
    return kept.join(u" — "_s);
}

ServerWords read(const QByteArray &body)
{
    ServerWords words;
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        // The gateway's HTML page or plain text: its words, without markup, and no secret-looking value.
        words.text = RemoteText::bodyExcerpt(RemoteText::maskSecretValues(body), 600);
        return words;
    }
    words.json = true;
    const QJsonObject object = document.object();
    const QJsonValue error = object.value("error"_L1);
    if (error.isObject()) {
        const QJsonObject edge = error.toObject();
        words.code = scalar(edge.value("code"_L1));
        words.text = joined({scalar(edge.value("message"_L1)), scalar(edge.value("details"_L1))});
        const QJsonValue retryable = edge.value("retryable"_L1);
        words.retryable = retryable.isBool() && retryable.toBool();
        return words;
    }
    words.code = scalar(object.value("code"_L1));
    words.text =
        joined({scalar(error), scalar(object.value("message"_L1)), scalar(object.value("details"_L1))});
    if (words.text.isEmpty() && object.value("detail"_L1).isString()) // a proxy in FastAPI's words
        words.text = scalar(object.value("detail"_L1));
    if (words.text.isEmpty() && words.code.isEmpty())
        words.text = RemoteText::bodyExcerpt(RemoteText::maskSecretValues(body), 600);
    return words;
}

bool isNumber(const QString &text)
{
    bool ok = false;
    text.toInt(&ok);
    return ok;
}

QString sentence(int status, const ServerWords &words, BlaxelErrorDecoder::Call call, const QString &fallback)
{
    using Call = BlaxelErrorDecoder::Call;
    if (words.code.contains(u"QUOTA"_s, Qt::CaseInsensitive) ||
        words.text.contains(u"quota"_s, Qt::CaseInsensitive))
        return QCoreApplication::translate("BlaxelErrorDecoder",
                                           "The workspace's sandbox quota is used up. Delete sandboxes it no "
                                           "longer needs, or raise the quota, then try again.");
    if ((status == 401 || status == 403) && ApiError::isQuotaOrPermissionCode(words.code))
        return QCoreApplication::translate("BlaxelErrorDecoder",
                                           "Blaxel accepted the API key but refused the action: the key's "
                                           "role may not do this in the workspace. Ask a workspace admin.");
    if ((status == 504 || status == 502) && !words.json)
        return QCoreApplication::translate(
                   "BlaxelErrorDecoder",
                   "Blaxel's gateway timed out before the service answered (HTTP %1). The "
                   "request may still have taken effect: refresh before trying again.")
            .arg(status);
    switch (status) {
    case 400:
        if (words.text.contains(u"workspace"_s, Qt::CaseInsensitive))
            return QCoreApplication::translate(
                "BlaxelErrorDecoder", "Blaxel refused the request because of the workspace: check its name.");
        return QCoreApplication::translate("BlaxelErrorDecoder", "Blaxel refused the request as malformed.");
    case 404:
        if (call == Call::Create)
            return QCoreApplication::translate(
                "BlaxelErrorDecoder",
                "Blaxel does not know something the request named (the workspace, image or region).");
        return QCoreApplication::translate("BlaxelErrorDecoder",
                                           "No such sandbox in this workspace: it may have been deleted "
                                           "already, or never existed. Refresh the list.");
    case 409:
        if (call == Call::Create)
            return QCoreApplication::translate(
                "BlaxelErrorDecoder",
                "A sandbox of this name already exists in the workspace. Choose another name.");
        return QCoreApplication::translate(
            "BlaxelErrorDecoder", "The sandbox's current state does not allow this. Refresh and try again.");
    case 422:
        return QCoreApplication::translate("BlaxelErrorDecoder", "Blaxel rejected a value in the request.");
    default:
        break;
    }
    return fallback;
}

} // namespace

QString BlaxelErrorDecoder::oneLine(const QString &text, int maxChars)
{
    QString line;
    line.reserve(std::min<qsizetype>(text.size(), maxChars + 1));
    bool space = false;
    for (const QChar c : text) {
        const bool blank = c.isSpace() || UnsafeCharacters::isUnsafe(c.unicode());
        if (blank) {
            space = !line.isEmpty();
            continue;
        }
        if (space)
            line += u' ';
        space = false;
        line += c;
        if (line.size() > maxChars)
            break;
    }
    if (line.size() > maxChars) {
        line.truncate(maxChars - 1);
        if (!line.isEmpty() && line.back().isHighSurrogate())
            line.chop(1); // half a character is no character
        line += u'…';
    }
    return line;
}

ApiError BlaxelErrorDecoder::decode(const ApiError &transportError, const QByteArray &body,
                                    const QByteArray &errorCodeHeader, Call call)
{
    if (transportError.kind() != ApiError::Kind::Http)
        return transportError;
    ServerWords words = read(body);
    // The edge names its code in a header; a body's numeric code only repeats the status.
    const QString headerCode = QString::fromLatin1(errorCodeHeader.left(128));
    if (!headerCode.isEmpty() && (words.code.isEmpty() || isNumber(words.code)))
        words.code = headerCode;
    words.code = ApiError::codeIdentifier(words.code);
    words.text = oneLine(words.text);
    const int status = transportError.httpStatus();
    QString message = sentence(status, words, call, transportError.message());
    if (words.retryable) {
        message += u' ';
        message += QCoreApplication::translate("BlaxelErrorDecoder", "Blaxel says a retry may succeed.");
    }
    return ApiError::providerHttp(status, message, words.text, words.code, transportError.retryAfterSeconds(),
                                  words.json ? QByteArray() : body);
}
