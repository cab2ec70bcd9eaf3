#include "emulator/objectstore/urlsigner.h"

#include <QMessageAuthenticationCode>
#include <QTimeZone>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

const QString dateFormat = u"yyyyMMdd'T'HHmmss'Z'"_s;

QByteArray headerValue(const UrlSigner::Headers &headers, const QByteArray &name)
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value.trimmed();
    }
    return {};
}

} // namespace

UrlSigner::UrlSigner(QByteArray secret) : m_secret(std::move(secret)) {}

QByteArray UrlSigner::signature(const QByteArray &method, const QString &path, const QString &date,
                                const QString &expires, const QByteArray &canonicalHeaders) const
{
    const QByteArray stringToSign = method + '\n' + path.toUtf8() + '\n' + date.toLatin1() + '\n' +
                                    expires.toLatin1() + '\n' + canonicalHeaders;
    return QMessageAuthenticationCode::hash(stringToSign, m_secret, QCryptographicHash::Sha256).toHex();
}

QUrl UrlSigner::sign(const QUrl &origin, const QByteArray &method, const QString &path,
                     const Headers &signedHeaders, const QDateTime &date, int expiresSeconds) const
{
    QByteArrayList names;
    QByteArray canonical;
    for (const auto &[name, value] : signedHeaders) {
        names.append(name);
        canonical += name + ':' + value + '\n';
    }
    const QString dateText = date.toUTC().toString(dateFormat);
    const QString expires = QString::number(expiresSeconds);
    QUrlQuery query;
    query.addQueryItem(u"X-Goog-Algorithm"_s, u"GOOG4-HMAC-SHA256"_s);
    query.addQueryItem(u"X-Goog-Date"_s, dateText);
    query.addQueryItem(u"X-Goog-Expires"_s, expires);
    query.addQueryItem(u"X-Goog-SignedHeaders"_s, QString::fromLatin1(names.join(';')));
    query.addQueryItem(u"X-Goog-Signature"_s,
                       QString::fromLatin1(signature(method, path, dateText, expires, canonical)));
    QUrl url = origin;
    url.setPath(path);
    url.setQuery(query);
    return url;
}

UrlSigner::Verdict UrlSigner::verify(const QByteArray &method, const QString &path,
                                     const QList<QPair<QString, QString>> &query,
                                     const Headers &requestHeaders, const QDateTime &now) const
{
    QString date;
    QString expires;
    QString signedNames;
    QString given;
    for (const auto &[key, value] : query) {
        if (key == u"X-Goog-Date")
            date = value;
        else if (key == u"X-Goog-Expires")
            expires = value;
        else if (key == u"X-Goog-SignedHeaders")
            signedNames = value;
        else if (key == u"X-Goog-Signature")
            given = value;
    }
    if (date.isEmpty() || expires.isEmpty() || given.isEmpty())
        return Verdict::Unsigned;
    QByteArray canonical;
    for (const QString &name : signedNames.split(u';', Qt::SkipEmptyParts)) {
        const QByteArray key = name.toLatin1();
        canonical += key + ':' + headerValue(requestHeaders, key) + '\n';
    }
    const QByteArray expected = signature(method, path, date, expires, canonical);
    if (expected != given.toLatin1())
        return Verdict::BadSignature;
    QDateTime issued = QDateTime::fromString(date, dateFormat);
    issued.setTimeZone(QTimeZone::utc());
    if (!issued.isValid() || issued.addSecs(expires.toLongLong()) < now)
        return Verdict::Expired;
    return Verdict::Valid;
}

} // namespace Emulator
