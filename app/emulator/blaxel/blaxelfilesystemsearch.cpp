#include "emulator/blaxel/blaxelfilesystemsearch.h"

#include "emulator/blaxel/blaxelreplies.h"
#include "emulator/blaxel/blaxelsandboxpaths.h"
#include "emulator/server/globpattern.h"
#include "emulator/server/incomingrequest.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <functional>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

const QStringList defaultExcludedDirs{u"node_modules"_s, u"vendor"_s,  u".git"_s,        u"dist"_s,
                                      u"build"_s,        u"target"_s,  u"__pycache__"_s, u".venv"_s,
                                      u".next"_s,        u"coverage"_s};

QStringList commaList(const IncomingRequest &request, const QString &name, const QStringList &fallback = {})
{
    const std::optional<QString> value = request.queryValue(name);
    if (!value)
        return fallback;
    QStringList items;
    for (const QString &item : value->split(u',', Qt::SkipEmptyParts))
        items.append(item.trimmed());
    return items;
}

// nullopt for a value that is no whole number, 0 or more.
std::optional<int> count(const IncomingRequest &request, const QString &name, int fallback)
{
    const std::optional<QString> value = request.queryValue(name);
    if (!value || value->isEmpty())
        return fallback;
    bool ok = false;
    const int number = value->toInt(&ok);
    return ok && number >= 0 ? std::optional<int>(number) : std::nullopt;
}

bool isGlob(const QString &pattern)
{
    return pattern.contains(u'*') || pattern.contains(u'?') || pattern.contains(u'[');
}

// The letters of `pattern` in order in `name`, case aside: 0 when they are not; more for a name that holds
// them together, early, and little else.
double fuzzyScore(const QString &pattern, const QString &name)
{
    const QString lowerName = name.toLower();
    const QString lowerPattern = pattern.toLower();
    if (const qsizetype at = lowerName.indexOf(lowerPattern); at >= 0)
        return 1.0 - 0.5 * double(at + lowerName.size() - lowerPattern.size()) / double(lowerName.size() + 1);
    qsizetype position = 0;
    for (const QChar c : lowerPattern) {
        position = lowerName.indexOf(c, position);
        if (position < 0)
            return 0;
        ++position;
    }
    return 0.25 * double(lowerPattern.size()) / double(lowerName.size());
}

struct Walk
{
    QString root;         // the sandbox's canonical folder
    QString real;         // the folder searched
    QStringList excluded; // folder names left out
    bool excludeHidden = true;
};

// Every entry under the folder until `visit` answers false: a folder's entries by name, then its folders',
// so that the answers come in the same order every time.
void walk(const Walk &walk, const std::function<bool(const QFileInfo &, const QString &)> &visit)
{
    QStringList pending{walk.real};
    int visited = 0;
    while (!pending.isEmpty()) {
        const QFileInfoList entries =
            QDir(pending.takeLast())
                .entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                               QDir::Name);
        QStringList below;
        for (const QFileInfo &info : entries) {
            if (++visited > BlaxelFilesystemSearch::maxVisited)
                return;
            if (walk.excludeHidden && info.fileName().startsWith(u'.'))
                continue;
            const bool folderEntry = info.isDir() && !info.isSymLink();
            if (folderEntry && walk.excluded.contains(info.fileName()))
                continue;
            const QString sandboxPath = info.absoluteFilePath().mid(walk.root.size());
            if (!visit(info, sandboxPath.isEmpty() ? u"/"_s : sandboxPath))
                return;
            if (folderEntry)
                below.prepend(info.absoluteFilePath());
        }
        pending.append(below);
    }
}

QString typeOf(const QFileInfo &info)
{
    return info.isDir() && !info.isSymLink() ? u"directory"_s : u"file"_s;
}

HttpReply find(const IncomingRequest &request, const Walk &where)
{
    const QString type = request.queryValue(u"type"_s).value_or(QString());
    if (!type.isEmpty() && type != u"file" && type != u"directory")
        return BlaxelReplies::sandboxError(400, u"type must be file or directory"_s);
    const std::optional<int> most = count(request, u"maxResults"_s, 20);
    if (!most)
        return BlaxelReplies::sandboxError(400, u"maxResults must be a whole number, 0 or more"_s);
    const QList<GlobPattern> patterns = GlobPattern::compile(commaList(request, u"patterns"_s));
    QJsonArray matches;
    walk(where, [&](const QFileInfo &info, const QString &path) {
        if ((type.isEmpty() || typeOf(info) == type) &&
            (patterns.isEmpty() || GlobPattern::anyMatches(patterns, info.fileName())))
            matches.append(QJsonObject{{u"path"_s, path}, {u"type"_s, typeOf(info)}});
        return *most == 0 || matches.size() < *most;
    });
    return HttpReply::json(200, QJsonObject{{u"matches"_s, matches}, {u"total"_s, matches.size()}});
}

HttpReply fuzzySearch(const IncomingRequest &request, const Walk &where)
{
    const std::optional<int> most = count(request, u"maxResults"_s, 20);
    if (!most)
        return BlaxelReplies::sandboxError(400, u"maxResults must be a whole number, 0 or more"_s);
    // A pattern with a wildcard is a glob, matched or not; any other is a fuzzy name.
    QStringList fuzzyPatterns;
    QList<GlobPattern> globs;
    for (const QString &pattern : commaList(request, u"patterns"_s)) {
        if (isGlob(pattern))
            globs.append(GlobPattern(pattern));
        else
            fuzzyPatterns.append(pattern);
    }
    struct Hit
    {
        QString path;
        QString type;
        double score;
    };
    QList<Hit> hits;
    walk(where, [&](const QFileInfo &info, const QString &path) {
        double score = fuzzyPatterns.isEmpty() && globs.isEmpty() ? 1.0 : 0.0;
        if (GlobPattern::anyMatches(globs, info.fileName()))
            score = 1.0;
        for (const QString &pattern : fuzzyPatterns)
            score = std::max(score, fuzzyScore(pattern, info.fileName()));
        if (score > 0)
            hits.append({path, typeOf(info), score});
        return true;
    });
    std::stable_sort(hits.begin(), hits.end(), [](const Hit &a, const Hit &b) { return a.score > b.score; });
    QJsonArray matches;
    for (qsizetype i = 0; i < hits.size() && (*most == 0 || i < *most); ++i)
        matches.append(QJsonObject{
            {u"path"_s, hits.at(i).path}, {u"score"_s, hits.at(i).score}, {u"type"_s, hits.at(i).type}});
    return HttpReply::json(200, QJsonObject{{u"matches"_s, matches}, {u"total"_s, matches.size()}});
}

HttpReply contentSearch(const IncomingRequest &request, const Walk &where)
{
    const QString query = request.queryValue(u"query"_s).value_or(QString());
    if (query.isEmpty())
        return BlaxelReplies::sandboxError(400, u"query is required"_s);
    const std::optional<int> most = count(request, u"maxResults"_s, 100);
    if (!most)
        return BlaxelReplies::sandboxError(400, u"maxResults must be a whole number, 0 or more"_s);
    const Qt::CaseSensitivity sensitivity =
        request.queryFlag(u"caseSensitive"_s, false) ? Qt::CaseSensitive : Qt::CaseInsensitive;
    const QString filePattern = request.queryValue(u"filePattern"_s).value_or(QString());
    const GlobPattern fileGlob(filePattern);
    QJsonArray matches;
    walk(where, [&](const QFileInfo &info, const QString &path) {
        if (!info.isFile() || info.isSymLink() ||
            info.size() > BlaxelFilesystemSearch::maxSearchedFileBytes ||
            (!filePattern.isEmpty() && !fileGlob.matches(info.fileName())))
            return true;
        QFile file(info.absoluteFilePath());
        if (!file.open(QIODevice::ReadOnly))
            return true;
        const QByteArray content = file.readAll();
        if (content.left(8192).contains('\0'))
            return true; // binary, as grep -I
        int line = 0;
        for (const QByteArray &raw : content.split('\n')) {
            ++line;
            const QString text = QString::fromUtf8(raw);
            if (const qsizetype column = text.indexOf(query, 0, sensitivity); column >= 0) {
                matches.append(QJsonObject{
                    {u"path"_s, path}, {u"line"_s, line}, {u"column"_s, int(column + 1)}, {u"text"_s, text}});
                if (*most != 0 && matches.size() >= *most)
                    return false;
            }
        }
        return true;
    });
    return HttpReply::json(
        200, QJsonObject{{u"matches"_s, matches}, {u"query"_s, query}, {u"total"_s, matches.size()}});
}

} // namespace

bool BlaxelFilesystemSearch::owns(const QString &area)
{
    return area == u"filesystem-find" || area == u"filesystem-search" || area == u"filesystem-content-search";
}

HttpReply BlaxelFilesystemSearch::search(const IncomingRequest &request, const QString &area,
                                         const QString &root, const QStringList &segments)
{
    QString error;
    const std::optional<QString> sandboxPath = BlaxelSandboxPaths::fromUrlSegments(segments, &error);
    if (!sandboxPath)
        return BlaxelReplies::sandboxError(400, error);
    const std::optional<QString> real = BlaxelSandboxPaths::realPath(root, *sandboxPath, &error);
    if (!real)
        return BlaxelReplies::sandboxError(403, error);
    if (!QFileInfo(*real).isDir())
        return BlaxelReplies::sandboxError(400, u"%1 is not a directory"_s.arg(*sandboxPath));
    const Walk where{root, *real, commaList(request, u"excludeDirs"_s, defaultExcludedDirs),
                     request.queryFlag(u"excludeHidden"_s, true)};
    if (area == u"filesystem-find")
        return find(request, where);
    if (area == u"filesystem-search")
        return fuzzySearch(request, where);
    return contentSearch(request, where);
}

} // namespace Emulator
