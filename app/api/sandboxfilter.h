#pragma once

#include <QString>

// Server-side filters of GET /sandbox.
struct SandboxFilter
{
    QString serverName;
    QString tag;
};
