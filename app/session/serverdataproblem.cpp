#include "session/serverdataproblem.h"

#include "api/apierror.h"
#include "api/fieldpath.h"
#include "json/jsonpath.h"
#include "json/jsonschemavalidator.h"
#include "json/jsonschemaviolation.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

QString ServerDataProblem::describe(const JsonSchemaViolation &violation)
{
    const QString &expected = violation.expected;
    switch (violation.kind) {
    case JsonSchemaViolation::Kind::Missing:
        return tr("required, but missing");
    case JsonSchemaViolation::Kind::Type:
        return tr("should be %1, not %2").arg(expected, JsonSchemaValidator::typeOf(violation.input));
    case JsonSchemaViolation::Kind::Enum:
        return tr("should be one of %1").arg(expected);
    case JsonSchemaViolation::Kind::Const:
        return tr("should be %1").arg(expected);
    case JsonSchemaViolation::Kind::TooShort:
        return tr("too short (at least %1)").arg(expected);
    case JsonSchemaViolation::Kind::TooLong:
        return tr("too long (at most %1)").arg(expected);
    case JsonSchemaViolation::Kind::LessThan:
        return tr("too small (should be %1)").arg(expected);
    case JsonSchemaViolation::Kind::GreaterThan:
        return tr("too large (should be %1)").arg(expected);
    case JsonSchemaViolation::Kind::Extra:
        return tr("not allowed here");
    case JsonSchemaViolation::Kind::AnyOfFailed:
        return tr("matches none of the allowed shapes (%1)").arg(expected);
    case JsonSchemaViolation::Kind::OneOfFailed:
        return tr("should match exactly one of the allowed shapes");
    case JsonSchemaViolation::Kind::Pattern:
        return tr("does not match the pattern %1").arg(expected);
    case JsonSchemaViolation::Kind::RefUnresolved:
        return tr("cannot be checked: the schema is incomplete or too complex");
    }
    return JsonSchemaViolation::kindName(violation.kind);
}

QList<ServerDataProblem> ServerDataProblem::fromViolations(const QList<JsonSchemaViolation> &violations)
{
    QList<ServerDataProblem> problems;
    problems.reserve(violations.size());
    for (const auto &violation : violations) {
        problems.append({JsonPath::of(violation.loc), describe(violation)});
    }
    return problems;
}

QList<ServerDataProblem> ServerDataProblem::fromError(const ApiError &error)
{
    QList<ServerDataProblem> problems;
    for (const auto &field : error.fieldErrors())
        problems.append({FieldPath::of(field), field.message});
    return problems;
}
