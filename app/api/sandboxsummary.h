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
    // The server's text when it is not a time we read, to be shown as it came; empty when updatedAt holds
    // it (a copy per sandbox was 10 MB of a 100,000-sandbox list).
    QString updatedAtText;

    bool operator==(const SandboxSummary &) const = default;
    // Held by someone now: the one status that means the sandbox is in use (the word's case as the API
    // chose).
    bool isOccupied() const { return isOccupiedStatus(status); }
    static bool isOccupiedStatus(const QString &status)
    {
        return status.compare(QLatin1StringView("occupied"), Qt::CaseInsensitive) == 0;
    }
};
