#pragma once

#include "api/apierror.h"

#include <QByteArray>
#include <QString>

// Blaxel's error answers in every shape of blaxel-notes.md, turned into an ApiError a person can act on:
// `{"error", "code", "message"}`; on create `{"code": "QUOTA_EXCEEDED" (or a number), "message", "details"}`;
// the edge's `{"error": {"code", "message", "retryable"}}` with its `X-Blaxel-Error-Code` header; an HTML
// page from the gateway (a 504); anything else as its text. Server words reach message() and detailText()
// as one line without control characters or markup, bounded in length.
class BlaxelErrorDecoder
{
public:
    // What the failed request did, which decides the words of a 404 or a 409.
    enum class Call
    {
        Read, // list or details
        Create,
        Update, // PUT of a live sandbox's labels or TTL
        Delete,
    };

    // The transport's HTTP error read again in Blaxel's terms; any other error comes back unchanged.
    static ApiError decode(const ApiError &transportError, const QByteArray &body,
                           const QByteArray &errorCodeHeader, Call call);
    // Remote text made fit for one line of a message: controls and invisible formatting characters become
    // spaces, runs of whitespace fold, and a long text ends in an ellipsis after `maxChars`.
    static QString oneLine(const QString &text, int maxChars = 500);
};
