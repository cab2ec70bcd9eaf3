#include "session/serverdataproblem.h"

#include "api/apierror.h"
#include "api/fieldpath.h"
#include "json/jsonschemavalidator.h"
#include "json/jsonschemaviolation.h"

#include <QCoreApplication>

#include <QJsonArray>

using namespace Qt::StringLiterals;

QString ServerDataProblem::describe(const JsonSchemaViolation &violation)
{
    const auto text = [](const char *source) {
        return QCoreApplication::translate("ServerDataProblem", source);
    };
    const QString &expected = violation.expected;
    switch (violation.kind) {
    case JsonSchemaViolation::Kind::Missing:
        return text("required, but missing");
    case JsonSchemaViolation::Kind::Type:
        return text("should be %1, not %2").arg(expected, JsonSchemaValidator::typeOf(violation.input));
    case JsonSchemaViolation::Kind::Enum:
        return text("should be one of %1").arg(expected);
    case JsonSchemaViolation::Kind::Const:
        return text("should be %1").arg(expected);
    case JsonSchemaViolation::Kind::TooShort:
        return text("too short (at least %1)").arg(expected);
    case JsonSchemaViolation::Kind::TooLong:
        return text("too long (at most %1)").arg(expected);
    case JsonSchemaViolation::Kind::LessThan:
        return text("too small (should be %1)").arg(expected);
    case JsonSchemaViolation::Kind::GreaterThan:
        return text("too large (should be %1)").arg(expected);
    case JsonSchemaViolation::Kind::Extra:
        return text("not allowed here");
    case JsonSchemaViolation::Kind::AnyOfFailed:
        return text("matches none of the allowed shapes (%1)").arg(expected);
    case JsonSchemaViolation::Kind::OneOfFailed:
        return text("should match exactly one of the allowed shapes");
    case JsonSchemaViolation::Kind::Pattern:
        return text("does not match the pattern %1").arg(expected);
    case JsonSchemaViolation::Kind::RefUnresolved:
        return text("cannot be checked: the schema is incomplete or too complex");
    }
    return JsonSchemaViolation::kindName(violation.kind);
}

QList<ServerDataProblem> ServerDataProblem::fromViolations(const QList<JsonSchemaViolation> &violations)
{
    QList<ServerDataProblem> problems;
    problems.reserve(violations.size());
    for (const auto &violation : violations) {
        QStringList parts;
        for (const QJsonValue &step : violation.loc)
            parts << (step.isDouble() ? QString::number(qint64(step.toDouble())) : step.toString());
        problems.append({FieldPath::ofBodyParts(parts), describe(violation)});
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
