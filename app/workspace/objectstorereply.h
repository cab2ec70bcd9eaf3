#pragma once

#include <QByteArray>
#include <QString>

class QNetworkReply;
class QUrl;

// What a signed-URL request's answer means: success, a refused or expired URL (ask the API for a new
// one), a transient failure (try again), or a final error. Reads the GCS-style XML error body.
class ObjectStoreReply
{
public:
    enum class Outcome
    {
        Success,
        UrlRefused,
        Transient,
        Final
    };

    // The caller handles its own abort() before asking: any other reply without an HTTP status (a
    // refused or cut connection, a transfer timeout) is worth another attempt.
    static ObjectStoreReply classify(QNetworkReply *reply, const QByteArray &body);

    // A signed URL is a bearer credential for its lifetime: error texts shown or logged must not carry
    // its query. Replaces every spelling of `url` by its origin and path, and any signature parameter.
    static QString redacted(const QString &text, const QUrl &url);
    static QString redacted(const QString &text);

    Outcome outcome() const { return m_outcome; }
    int httpStatus() const { return m_httpStatus; }
    QString code() const { return m_code; }
    // A sentence for a person, with the store's own Message when there is one; never the URL's query.
    QString message() const { return m_message; }

private:
    Outcome m_outcome = Outcome::Final;
    int m_httpStatus = 0;
    QString m_code;
    QString m_message;
};
