#pragma once

#include "api/apierror.h"

#include <QString>

// Where in a JSON body a 422 points, in the path style of the dump diff: FastAPI's loc ["body", "projects",
// 0, "issues", 2, "summary"] is "$.projects[0].issues[2].summary", so a front end can find the value in
// the document it sent. A location outside the body (query, path, header) is its name ("query:
// init_default_data").
class FieldPath
{
public:
    static QString of(const FieldError &field);
    // One "$" + steps path for parts of a body location (no "body" in front).
    static QString ofBodyParts(const QStringList &parts);
};
