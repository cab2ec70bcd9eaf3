#include "session/serverdataproblem.h"

#include "api/apierror.h"
#include "api/fieldpath.h"
#include "json/jsonschemaviolation.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

QList<ServerDataProblem> ServerDataProblem::fromViolations(const QList<JsonSchemaViolation> &violations)
{
    QList<ServerDataProblem> problems;
    problems.reserve(violations.size());
    for (const auto &violation : violations) {
        QStringList parts;
        for (const QJsonValue &step : violation.loc)
            parts << (step.isDouble() ? QString::number(qint64(step.toDouble())) : step.toString());
        QString message = JsonSchemaViolation::kindName(violation.kind).replace(u'_', u' ');
        if (!violation.expected.isEmpty())
            message += u" (expected %1)"_s.arg(violation.expected);
        problems.append({FieldPath::ofBodyParts(parts), message});
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
