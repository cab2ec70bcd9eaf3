#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

class ApiError;
struct JsonSchemaViolation;

// One thing wrong with an initialize body, where it is: "$.repos[0].name" and what is wrong there. The
// check before sending and the server's 422 are both shown this way, so a user reads them alike.
struct ServerDataProblem
{
    Q_DECLARE_TR_FUNCTIONS(ServerDataProblem)

public:
    QString path;
    QString message;

    // What is wrong, in words ("should be string, not integer").
    static QString describe(const JsonSchemaViolation &violation);
    static QList<ServerDataProblem> fromViolations(const QList<JsonSchemaViolation> &violations);
    static QList<ServerDataProblem> fromError(const ApiError &error); // its fieldErrors(), by FieldPath
};
