#pragma once

#include "api/sandboxlist.h"

#include <QByteArrayView>

#include <optional>

// Reads the usual shape of a GET /sandbox reply straight from its UTF-8 bytes, without building a
// QJsonDocument first: a 100,000-row list then decodes in less time than QJsonDocument::fromJson alone
// takes on it. It is an accelerator, not a second decoder: it answers only when its result is exactly what
// QJsonDocument plus KlavisDecoder::readSummary would give, and returns nothing for anything it is not
// sure of (invalid or unusual JSON, a number or object where a string is expected, a key listed twice,
// escapes in keys, deep nesting), so that KlavisDecoder takes the general path and its error messages.
class SandboxListReader
{
public:
    static std::optional<SandboxList> read(QByteArrayView body);
};
