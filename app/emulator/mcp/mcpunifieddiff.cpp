#include "emulator/mcp/mcpunifieddiff.h"

#include <QStringList>

#include <algorithm>
#include <vector>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

constexpr qsizetype context = 4;
// Myers keeps one row per edit: past this many edits the changed middle is shown as removed then added,
// which is still a correct patch, and the memory stays bounded.
constexpr qsizetype maxEdits = 1000;

struct Op
{
    char kind; // ' ', '-', '+'
    qsizetype oldIndex;
    qsizetype newIndex;
};

// Lines with their '\n', as diffLines compares them: a last line without one differs from the same text with.
QStringList tokens(const QString &text)
{
    QStringList lines;
    qsizetype start = 0;
    while (start < text.size()) {
        const qsizetype end = text.indexOf(u'\n', start);
        const qsizetype stop = end < 0 ? text.size() : end + 1;
        lines.append(text.mid(start, stop - start));
        start = stop;
    }
    return lines;
}

// The shortest edit script of a[aFrom, aTo) into b[bFrom, bTo) (Myers), appended to `ops`.
void myers(const QStringList &a, qsizetype aFrom, qsizetype aTo, const QStringList &b, qsizetype bFrom,
           qsizetype bTo, std::vector<Op> &ops)
{
    const qsizetype n = aTo - aFrom;
    const qsizetype m = bTo - bFrom;
    const qsizetype limit = std::min(n + m, maxEdits);
    std::vector<qsizetype> v(size_t(2 * limit + 3), 0);
    const auto at = [&](qsizetype k) -> qsizetype & { return v[size_t(k + limit + 1)]; };
    std::vector<std::vector<qsizetype>> rows; // rows[d][k + d]: the furthest x on diagonal k after d edits
    qsizetype found = -1;
    for (qsizetype d = 0; d <= limit && found < 0; ++d) {
        for (qsizetype k = -d; k <= d; k += 2) {
            qsizetype x = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? at(k + 1) : at(k - 1) + 1;
            qsizetype y = x - k;
            while (x < n && y < m && a.at(aFrom + x) == b.at(bFrom + y)) {
                ++x;
                ++y;
            }
            at(k) = x;
            if (x >= n && y >= m)
                found = d;
        }
        rows.emplace_back(v.begin() + (limit + 1 - d), v.begin() + (limit + 2 + d));
    }
    if (found < 0) {
        for (qsizetype i = 0; i < n; ++i)
            ops.push_back({'-', aFrom + i, -1});
        for (qsizetype j = 0; j < m; ++j)
            ops.push_back({'+', -1, bFrom + j});
        return;
    }
    std::vector<Op> reversed;
    qsizetype x = n;
    qsizetype y = m;
    for (qsizetype d = found; d > 0; --d) {
        const std::vector<qsizetype> &previous = rows[size_t(d - 1)];
        const auto before = [&](qsizetype k) { return previous[size_t(k + d - 1)]; };
        const qsizetype k = x - y;
        const qsizetype previousK = (k == -d || (k != d && before(k - 1) < before(k + 1))) ? k + 1 : k - 1;
        const qsizetype previousX = before(previousK);
        const qsizetype previousY = previousX - previousK;
        for (; x > previousX && y > previousY; --x, --y)
            reversed.push_back({' ', aFrom + x - 1, bFrom + y - 1});
        if (x == previousX)
            reversed.push_back({'+', -1, bFrom + --y});
        else
            reversed.push_back({'-', aFrom + --x, -1});
    }
    for (; x > 0 && y > 0; --x, --y)
        reversed.push_back({' ', aFrom + x - 1, bFrom + y - 1});
    ops.insert(ops.end(), reversed.rbegin(), reversed.rend());
}

// Within each run of changes, the removed lines first, as diffLines reports them.
void removalsFirst(std::vector<Op> &ops)
{
    for (size_t i = 0; i < ops.size();) {
        if (ops[i].kind == ' ') {
            ++i;
            continue;
        }
        size_t end = i;
        while (end < ops.size() && ops[end].kind != ' ')
            ++end;
        std::stable_partition(ops.begin() + qsizetype(i), ops.begin() + qsizetype(end),
                              [](const Op &op) { return op.kind == '-'; });
        i = end;
    }
}

} // namespace

QString McpUnifiedDiff::patch(const QString &fileName, const QString &before, const QString &after)
{
    const QStringList a = tokens(before);
    const QStringList b = tokens(after);
    qsizetype prefix = 0;
    while (prefix < a.size() && prefix < b.size() && a.at(prefix) == b.at(prefix))
        ++prefix;
    qsizetype suffix = 0;
    while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
           a.at(a.size() - 1 - suffix) == b.at(b.size() - 1 - suffix))
        ++suffix;
    std::vector<Op> ops;
    for (qsizetype i = 0; i < prefix; ++i)
        ops.push_back({' ', i, i});
    myers(a, prefix, a.size() - suffix, b, prefix, b.size() - suffix, ops);
    for (qsizetype i = suffix; i > 0; --i)
        ops.push_back({' ', a.size() - i, b.size() - i});
    removalsFirst(ops);

    QStringList out{u"Index: "_s + fileName, QString(67, u'='), u"--- %1\toriginal"_s.arg(fileName),
                    u"+++ %1\tmodified"_s.arg(fileName)};
    const auto count = qsizetype(ops.size());
    qsizetype i = 0;
    while (i < count) {
        if (ops[size_t(i)].kind == ' ') {
            ++i;
            continue;
        }
        // A hunk: context before, then changes joined while the unchanged gap between them is at most
        // twice the context, then context after.
        const qsizetype first = std::max<qsizetype>(0, i - context);
        qsizetype lastChange = i;
        for (qsizetype j = i + 1; j < count && j - lastChange <= 2 * context + 1; ++j) {
            if (ops[size_t(j)].kind != ' ')
                lastChange = j;
        }
        const qsizetype last = std::min(count - 1, lastChange + context);
        qsizetype oldStart = 1;
        qsizetype newStart = 1;
        for (qsizetype j = 0; j < first; ++j) {
            oldStart += ops[size_t(j)].kind != '+' ? 1 : 0;
            newStart += ops[size_t(j)].kind != '-' ? 1 : 0;
        }
        qsizetype oldLines = 0;
        qsizetype newLines = 0;
        QStringList body;
        for (qsizetype j = first; j <= last; ++j) {
            const Op &op = ops[size_t(j)];
            oldLines += op.kind != '+' ? 1 : 0;
            newLines += op.kind != '-' ? 1 : 0;
            QString line = op.kind == '+' ? b.at(op.newIndex) : a.at(op.oldIndex);
            const bool newlineAtEnd = line.endsWith(u'\n');
            if (newlineAtEnd)
                line.chop(1);
            body.append(QChar::fromLatin1(op.kind) + line);
            if (!newlineAtEnd)
                body.append(u"\\ No newline at end of file"_s);
        }
        out.append(u"@@ -%1,%2 +%3,%4 @@"_s.arg(oldLines == 0 ? oldStart - 1 : oldStart)
                       .arg(oldLines)
                       .arg(newLines == 0 ? newStart - 1 : newStart)
                       .arg(newLines));
        out += body;
        i = last + 1;
    }
    return out.join(u'\n') + u'\n';
}

} // namespace Emulator
