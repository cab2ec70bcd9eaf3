#pragma once

#include "emulator/server/httpreply.h"

#include <QString>
#include <QStringList>

namespace Emulator {

struct IncomingRequest;

// The search calls of a sandbox's filesystem API, as @blaxel/core's fs.find, fs.search and fs.grep make them,
// over the folder the URL names (walked without following links, the usual build and dependency folders and,
// unless excludeHidden=false, hidden entries left out):
// - GET /filesystem-find/{path}?type=file|directory&patterns=*.go,*.js&maxResults=20 (0: all)&excludeDirs=
//   answers FindResponse {matches: [{path, type}], total};
// - GET /filesystem-search/{path}?patterns=...&maxResults=20 answers FuzzySearchResponse {matches: [{path,
//   score, type}], total}: a pattern without wildcards matches the names holding its letters in order (the
//   SDK sends no query of its own, only the patterns), best first;
// - GET /filesystem-content-search/{path}?query=...&caseSensitive=false&maxResults=100&filePattern=*.go
//   answers ContentSearchResponse {matches: [{path, line, column, text}], query, total}, lines and columns
//   counted from 1, binary files skipped.
class BlaxelFilesystemSearch
{
public:
    static constexpr int maxVisited = 100000;
    static constexpr qint64 maxSearchedFileBytes = qint64(8) * 1024 * 1024;

    // `area`: the URL's first segment after the sandbox ("filesystem-find", ...); `root`: the sandbox's
    // canonical folder; `segments`: the decoded segments after it.
    static HttpReply search(const IncomingRequest &request, const QString &area, const QString &root,
                            const QStringList &segments);
    static bool owns(const QString &area);
};

} // namespace Emulator
