#include "api/contentrange.h"

#include <limits>

namespace {

// Reads a run of ASCII digits at `pos` into `out`; false when there is none or it does not fit in qint64.
bool readNumber(const QByteArray &text, qsizetype &pos, qint64 &out)
{
    const qsizetype start = pos;
    qint64 value = 0;
    while (pos < text.size() && text.at(pos) >= '0' && text.at(pos) <= '9') {
        const int digit = text.at(pos) - '0';
        if (value > (std::numeric_limits<qint64>::max() - digit) / 10)
            return false;
        value = value * 10 + digit;
        ++pos;
    }
    out = value;
    return pos > start;
}

bool expect(const QByteArray &text, qsizetype &pos, char c)
{
    if (pos >= text.size() || text.at(pos) != c)
        return false;
    ++pos;
    return true;
}

} // namespace

ContentRange ContentRange::parse(const QByteArray &value)
{
    const QByteArray text = value.trimmed();
    ContentRange range;
    if (!text.startsWith("bytes "))
        return {};
    qsizetype pos = 6;
    if (expect(text, pos, '*')) {
        range.first = range.last = -1;
    } else if (!readNumber(text, pos, range.first) || !expect(text, pos, '-') ||
               !readNumber(text, pos, range.last) || range.last < range.first) {
        return {};
    }
    if (!expect(text, pos, '/'))
        return {};
    if (expect(text, pos, '*')) {
        if (range.first < 0)
            return {}; // "bytes */*" says nothing
        range.total = -1;
    } else if (!readNumber(text, pos, range.total) || (range.first >= 0 && range.last >= range.total)) {
        return {};
    }
    if (pos != text.size())
        return {};
    range.valid = true;
    return range;
}
