#pragma once

#include "json/jsonschemaviolation.h"

#include <QJsonArray>
#include <QList>

namespace Emulator {

class ValidationErrors;

// Turns schema violations into the errors pydantic v2 writes for the same model ("missing", "string_type",
// "int_type", "list_type", "model_type", "extra_forbidden", ...), their messages and ctx, under `prefix`
// (["body"] for a request body).
class PydanticErrors
{
public:
    static void add(ValidationErrors &errors, const QList<JsonSchemaViolation> &violations,
                    const QJsonArray &prefix);
};

} // namespace Emulator
