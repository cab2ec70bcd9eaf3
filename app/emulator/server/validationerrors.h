#pragma once

#include "emulator/server/httpreply.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>

namespace Emulator {

// Collects FastAPI/pydantic v2 validation errors and answers them as one 422 HTTPValidationError, with the
// types and messages pydantic writes ("Input should be 'jira', 'github', ... or 'serper'").
class ValidationErrors
{
public:
    void add(const QJsonArray &loc, const QString &type, const QString &msg, const QJsonValue &input,
             const QJsonObject &ctx = {});
    void addMissing(const QJsonArray &loc, const QJsonValue &input);

    // Checks that report into this collection; each answers whether the value was valid.
    bool checkEnum(const QJsonArray &loc, const QJsonValue &input, const QStringList &allowed);
    bool checkOptionalEnum(const QJsonObject &body, const QString &key, const QStringList &allowed);
    bool checkOptionalString(const QJsonObject &body, const QString &key);
    // Optional[int] with ge/le; answers the value (or `fallback` when absent or null) through `value`.
    bool checkOptionalInt(const QJsonObject &body, const QString &key, int minimum, int maximum, int fallback,
                          int *value);
    // A query parameter typed `bool` (Starlette passes strings; pydantic accepts
    // true/false/1/0/yes/no/on/off).
    bool checkQueryBool(const QString &name, const std::optional<QString> &text, bool *value);
    // A query or path parameter typed as an enum; an absent optional one is fine.
    bool checkQueryEnum(const QString &name, const std::optional<QString> &text, const QStringList &allowed);

    // Parses a JSON body. Answers a finished 422 for malformed JSON (FastAPI reports that alone, before any
    // other check); an empty body gives an undefined `value`, as FastAPI treats it as no body.
    static std::optional<HttpReply> parseBody(const QByteArray &body, QJsonValue *value);
    // The model-level checks FastAPI makes before the fields: body present (if required) and an object.
    bool checkBodyObject(const QJsonValue &value, bool required);

    static QString expectedList(const QStringList &allowed); // 'a', 'b' or 'c'
    bool isEmpty() const { return m_errors.isEmpty(); }
    HttpReply reply() const;

private:
    QJsonArray m_errors;
};

} // namespace Emulator
