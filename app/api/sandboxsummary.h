#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>

// One row of GET /sandbox. Status and server names are open strings: the API has changed both.
struct SandboxSummary
{
    QString sandboxId;
    QString serverName;
    QString status;
    QString benchmark;
    // Tags as the user sees them: a list as it is, an old-style object as "key=value" entries.
    QStringList tags;
    QDateTime updatedAt; // invalid when absent or unparsable
    QString updatedAtText;

    bool operator==(const SandboxSummary &) const = default;
};
