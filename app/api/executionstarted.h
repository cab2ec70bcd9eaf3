#pragma once

#include <QString>

// The answer to execute: the run goes on in the background under this name.
struct ExecutionStarted
{
    QString message;
    QString executionName;
};
