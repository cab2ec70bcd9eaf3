#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QString>

// One field-level complaint from a FastAPI validation error (422), e.g. loc ["body","ttl_seconds"].
struct FieldError
{
    QStringList location;
    QString message;
    QString type;

    // The field the location names ("ttl_seconds"), which is what a form maps to an input.
    QString fieldName() const;
};

// Everything a caller needs to know about a failed call. message() is written for a person; it never
// contains the API key.
class ApiError
{
public:
    enum class Kind
    {
        None,
        Network,   // connection refused, reset, DNS, TLS
        Timeout,   // no answer within the transport's timeout
        Cancelled, // the caller aborted
        Http,      // a non-2xx status
        Decode,    // a 2xx whose body we could not read
        Local,     // a problem on this machine (file, archive, disk)
    };

    // What the failed request asked for: a 404 means "no such sandbox" for an action on an id, but "no
    // such server, benchmark or test account" for an acquire.
    enum class Request
    {
        ActOnExisting,
        Acquire,
    };

    ApiError() = default;
    static ApiError network(const QString &reason);
    static ApiError timeout(int seconds);
    static ApiError cancelled();
    static ApiError http(int status, const QByteArray &body, int retryAfterSeconds = -1,
                         Request request = Request::ActOnExisting);
    static ApiError decode(const QString &what, const QByteArray &body = {});
    // Refused or failed on this side (a URL or key the policy rejects, a local error): nothing was sent.
    static ApiError local(const QString &message);
    // The whole call (attempts, waits and redirects) ran out of time: not one slow attempt, not a cancel.
    static ApiError deadline(int seconds);
    // An answer that did not end the way HTTP says it must (short body, missing last chunk).
    static ApiError truncated(const QString &reason);
    static ApiError tooLarge(qint64 maxBytes);
    // A redirect the policy rejects: the request may have reached the first server.
    static ApiError redirectRefused(const QString &sentence);
    // A non-2xx a provider's own decoder read (Blaxel answers in several shapes, none of them FastAPI's):
    // `message` is our sentence, `serverText` the provider's words, which detailText() shows, `serverCode`
    // its machine-readable code ("QUOTA_EXCEEDED"); `rawBody` is the body when it was not JSON.
    static ApiError providerHttp(int status, const QString &message, const QString &serverText,
                                 const QString &serverCode, int retryAfterSeconds,
                                 const QByteArray &rawBody = {});
    // A wait that ran out of time (a deletion polled until it ends), in the caller's words.
    static ApiError gaveUp(const QString &sentence);

    // Replaces the key (and any `Bearer <token>`) in everything this error shows or keeps: servers and
    // proxies echo request headers into their error pages.
    void redact(const QString &apiKey);
    // Adds a sentence to message(), e.g. when the server asked us to come back later than we can wait.
    void appendSentence(const QString &sentence);
    static QString redacted(const QString &text, const QString &apiKey);
    static QByteArray redacted(const QByteArray &text, const QString &apiKey);
    // The start of a body as one line of text: HTML tags stripped, entities decoded, whitespace folded,
    // at most `maxChars` characters.
    static QString bodyExcerpt(const QByteArray &body, int maxChars = 300);
    // A JSON (or JSON-looking, possibly broken) body with the values of secret-looking keys
    // (auth_data, metadata, *token*, *secret*, *password*, ...) replaced, for showing a 2xx we could not
    // read.
    static QByteArray maskSecretValues(const QByteArray &json);

    bool isError() const { return m_kind != Kind::None; }
    Kind kind() const { return m_kind; }
    int httpStatus() const { return m_httpStatus; }
    // The server's `detail`: a string, a FastAPI list of {loc,msg,type}, an object, or undefined.
    QJsonValue detail() const { return m_detail; }
    // The body when it was not JSON (an HTML error page, a GCS XML error), else empty.
    QByteArray rawBody() const { return m_rawBody; }
    QList<FieldError> fieldErrors() const { return m_fieldErrors; }
    // The server's own words, flattened to one line ("ttl_seconds: Input should be less than 86400").
    QString detailText() const;
    // A sentence a person can act on, in words any front end can show ("The API key was refused.").
    QString message() const { return m_message; }
    // message() and, when there is one, detailText(): what a log line or a banner shows.
    QString fullText() const;
    int retryAfterSeconds() const { return m_retryAfterSeconds; }
    // The provider's own error code: what its decoder found (providerHttp), else a JSON body's `code` or
    // `error.code` (a string, or a number that repeats the status); empty when there is none.
    QString serverCode() const { return m_serverCode; }
    // True when the request may have taken effect although it failed (the connection dropped, no answer
    // came in time, a 5xx that is not a definite refusal): an acquire may have occupied a sandbox. False
    // for answers that refuse outright (4xx, 501, 503 "no capacity") and for failures before sending.
    bool mayHaveTakenEffect() const;
    // 401 or 403: the key is missing or refused. Front ends say how their user gives another key. Not when
    // serverCode() is a quota or permission code (a 403 QUOTA_EXCEEDED): another key would not cure those.
    bool isKeyProblem() const;
    // A server's code as an identifier ("QUOTA_EXCEEDED", "404"): other characters dropped, at most 64 kept.
    static QString codeIdentifier(const QString &code);
    // A code that refuses for a reason other than the key itself: a quota used up, a permission missing.
    static bool isQuotaOrPermissionCode(const QString &code);

private:
    static ApiError withMessage(Kind kind, const QString &message);
    static QString sentenceForStatus(int status, int retryAfterSeconds, Request request);
    void readDetail(const QByteArray &body);

    Kind m_kind = Kind::None;
    int m_httpStatus = 0;
    int m_retryAfterSeconds = -1;
    QJsonValue m_detail = QJsonValue(QJsonValue::Undefined);
    QByteArray m_rawBody;
    QList<FieldError> m_fieldErrors;
    QString m_message;
    QString m_serverCode;
};
