#pragma once

#include "api/blaxelsandboxfiles.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

// What /filesystem-find answered: paths under a folder by name and type, bounded.
struct BlaxelFoundPaths
{
    struct Entry
    {
        QString path;
        bool folder = false;
    };
    QList<Entry> entries;
    bool truncated = false; // the sandbox stopped at maxResults, or more came than we keep
};

// What /filesystem-content-search answered: the lines that hold a text, bounded.
struct BlaxelContentMatches
{
    struct Match
    {
        QString path;
        int line = 0;
        int column = 0;
        QString text; // the line as sent, cut at maxLineChars
    };
    QList<Match> matches;
    bool truncated = false;
};

// The search calls of a sandbox's filesystem API (blaxel-notes.md, "Inside a sandbox"), as @blaxel/core's
// find() and grep() send them: GET /filesystem-find/{path}?type&patterns&maxResults and
// GET /filesystem-content-search/{path}?query&maxResults. Each call ends within listDeadlineMs.
class BlaxelSandboxSearch
{
    Q_DECLARE_TR_FUNCTIONS(BlaxelSandboxSearch)

public:
    static constexpr int maxResults = 1'000;
    static constexpr int maxLineChars = 4'096;

    // `files` outlives every call made through this.
    explicit BlaxelSandboxSearch(BlaxelSandboxFiles *files) : m_files(files) {}

    // `glob` empty: every name; `type` "file", "directory" or empty for both.
    BlaxelSandboxCall *find(const QString &remoteFolder, const QString &glob, const QString &type,
                            QObject *context, ResultHandler<BlaxelFoundPaths> done);
    // The lines of text files under `remoteFolder` that contain `text` (no pattern language: the API's
    // query is plain text, matched without regard to case).
    BlaxelSandboxCall *grep(const QString &text, const QString &remoteFolder, QObject *context,
                            ResultHandler<BlaxelContentMatches> done);

private:
    BlaxelSandboxFiles *m_files;
};
