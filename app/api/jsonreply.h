#pragma once

#include "api/apiresult.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

// A reply body read as JSON, or the decode error every decoder gives for it: where the syntax broke, or that
// an object was expected. The body goes with the error as its excerpt, never into the sentence.
class JsonReply
{
public:
    static ApiResult<QJsonDocument> document(const QByteArray &body);
    static ApiResult<QJsonObject> object(const QByteArray &body);
    // "invalid JSON at byte N: why", for a reader that parses the body its own way.
    static QString syntaxError(qint64 offset, const QString &reason);
};
