#include "emulator/server/globpattern.h"

#include <algorithm>
#include <vector>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

constexpr int maxBraceDepth = 8;
constexpr int maxAlternatives = 256; // a pattern is an argument: its expansion stays bounded

QRegularExpression segmentExpression(const QString &segment)
{
    QString expression;
    for (qsizetype i = 0; i < segment.size(); ++i) {
        const QChar c = segment.at(i);
        if (c == u'*') {
            expression += u"[^/]*"_s;
        } else if (c == u'?') {
            expression += u"[^/]"_s;
        } else if (c == u'[' && segment.indexOf(u']', i + 2) > i) {
            const qsizetype close = segment.indexOf(u']', i + 2);
            QString body = segment.mid(i + 1, close - i - 1);
            const bool negated = body.startsWith(u'!') || body.startsWith(u'^');
            if (negated)
                body.remove(0, 1);
            body.replace(u'\\', u"\\\\"_s).replace(u'[', u"\\["_s);
            expression += (negated ? u"[^"_s : u"["_s) + body + u']';
            i = close;
        } else {
            expression += QRegularExpression::escape(QString(c));
        }
    }
    return QRegularExpression(QRegularExpression::anchoredPattern(expression));
}

} // namespace

QStringList GlobPattern::expandBraces(const QString &pattern, int depth)
{
    const qsizetype open = pattern.indexOf(u'{');
    if (open < 0 || depth > maxBraceDepth)
        return {pattern};
    qsizetype level = 0;
    QList<qsizetype> commas;
    qsizetype close = -1;
    for (qsizetype i = open; i < pattern.size() && close < 0; ++i) {
        if (pattern.at(i) == u'{')
            ++level;
        else if (pattern.at(i) == u'}' && --level == 0)
            close = i;
        else if (pattern.at(i) == u',' && level == 1)
            commas.append(i);
    }
    if (close < 0 || commas.isEmpty())
        return {pattern}; // "{a}" and an unclosed brace are literal, as in minimatch
    QStringList expanded;
    qsizetype start = open + 1;
    commas.append(close);
    for (const qsizetype end : std::as_const(commas)) {
        const QString choice = pattern.left(open) + pattern.mid(start, end - start) + pattern.mid(close + 1);
        expanded += expandBraces(choice, depth + 1);
        if (expanded.size() > maxAlternatives)
            return expanded.mid(0, maxAlternatives);
        start = end + 1;
    }
    return expanded;
}

// Segment by segment; `seen` remembers each (pattern, path) position already tried, so that a pattern with
// many `**` (an argument, run under the server's lock) costs at most their product, never an exponential.
bool GlobPattern::matchSegments(const Alternative &pattern, qsizetype at, const QStringList &parts,
                                qsizetype from, std::vector<char> &seen)
{
    if (at == pattern.size())
        return from == parts.size();
    char &tried = seen[size_t(at * (parts.size() + 1) + from)];
    if (tried)
        return false; // an earlier try from here failed, or it would have ended the search
    tried = 1;
    if (pattern.at(at).globstar) {
        for (qsizetype next = from; next <= parts.size(); ++next) {
            if (matchSegments(pattern, at + 1, parts, next, seen))
                return true;
        }
        return false;
    }
    return from < parts.size() && pattern.at(at).expression.match(parts.at(from)).hasMatch() &&
           matchSegments(pattern, at + 1, parts, from + 1, seen);
}

GlobPattern::GlobPattern(const QString &pattern)
{
    for (const QString &alternative : expandBraces(pattern)) {
        Alternative segments;
        for (const QString &segment : alternative.split(u'/', Qt::SkipEmptyParts))
            segments.append(segment == u"**" ? Segment{true, {}}
                                             : Segment{false, segmentExpression(segment)});
        m_alternatives.append(segments);
    }
}

bool GlobPattern::matches(const QString &path) const
{
    const QStringList parts = path.split(u'/', Qt::SkipEmptyParts);
    for (const Alternative &alternative : m_alternatives) {
        std::vector<char> seen(size_t((alternative.size() + 1) * (parts.size() + 1)), 0);
        if (matchSegments(alternative, 0, parts, 0, seen))
            return true;
    }
    return false;
}

bool GlobPattern::anyMatches(const QList<GlobPattern> &patterns, const QString &path)
{
    return std::any_of(patterns.cbegin(), patterns.cend(),
                       [&](const GlobPattern &pattern) { return pattern.matches(path); });
}

QList<GlobPattern> GlobPattern::compile(const QStringList &patterns)
{
    QList<GlobPattern> compiled;
    compiled.reserve(patterns.size());
    for (const QString &pattern : patterns)
        compiled.append(GlobPattern(pattern));
    return compiled;
}

} // namespace Emulator
