#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

namespace Emulator {

// Imitates Google Cloud Storage V4 signed URLs closely enough for a client: the query carries the date, the
// lifetime, the signed header names and an HMAC-SHA256 over method, path, lifetime and those headers' values.
// A client that changes the method, the path or a signed header (Content-Type) gets SignatureDoesNotMatch.
class UrlSigner
{
public:
    enum class Verdict
    {
        Valid,
        Unsigned,
        BadSignature,
        Expired
    };
    using Headers = QList<QPair<QByteArray, QByteArray>>;

    explicit UrlSigner(QByteArray secret);

    // `signedHeaders` are lower-case name/value pairs the request must carry, e.g. content-type and host.
    QUrl sign(const QUrl &origin, const QByteArray &method, const QString &path, const Headers &signedHeaders,
              const QDateTime &date, int expiresSeconds) const;
    Verdict verify(const QByteArray &method, const QString &path, const QList<QPair<QString, QString>> &query,
                   const Headers &requestHeaders, const QDateTime &now) const;

private:
    QByteArray signature(const QByteArray &method, const QString &path, const QString &date,
                         const QString &expires, const QByteArray &canonicalHeaders) const;

    QByteArray m_secret;
};

} // namespace Emulator
