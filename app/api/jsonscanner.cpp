#include "api/jsonscanner.h"

using namespace std::string_view_literals;

namespace {

// Limits inside which QJsonDocument is known to agree: it nests up to 1,024 levels and rejects numbers
// that overflow a double.
constexpr int maxDepth = 64;
constexpr qsizetype maxNumberLength = 64;

} // namespace

void JsonScanner::skipSpace()
{
    while (m_p < m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t'))
        ++m_p;
}

char JsonScanner::peek()
{
    skipSpace();
    return m_p < m_end ? *m_p : '\0';
}

bool JsonScanner::consume(char c)
{
    skipSpace();
    if (m_p == m_end || *m_p != c)
        return false;
    ++m_p;
    return true;
}

bool JsonScanner::atEnd()
{
    skipSpace();
    return m_p == m_end;
}

bool JsonScanner::key(std::string_view *name)
{
    String raw;
    if (!string(&raw) || raw.escaped || !consume(':'))
        return false;
    *name = raw.bytes;
    return true;
}

bool JsonScanner::integer(qint64 *value)
{
    bool isInteger = false;
    skipSpace();
    return number(value, &isInteger) && isInteger;
}

bool JsonScanner::string(String *out)
{
    skipSpace();
    if (m_p == m_end || *m_p != '"')
        return false;
    const char *start = ++m_p;
    bool lowSurrogateExpected = false;
    while (m_p < m_end) {
        const auto c = static_cast<unsigned char>(*m_p);
        if (lowSurrogateExpected && c != '\\')
            return false; // a lone high surrogate
        if (c == '"') {
            out->bytes = std::string_view(start, size_t(m_p - start));
            ++m_p;
            return true;
        }
        if (c == '\\') {
            out->escaped = true;
            if (!escape(&lowSurrogateExpected))
                return false;
        } else if (c < 0x20) {
            return false;
        } else if (c >= 0x80) {
            out->nonAscii = true;
            if (!utf8Sequence())
                return false;
        } else {
            ++m_p;
        }
    }
    return false;
}

bool JsonScanner::escape(bool *lowSurrogateExpected)
{
    ++m_p; // the backslash
    if (m_p == m_end)
        return false;
    const char kind = *m_p++;
    if (kind != 'u') {
        if (*lowSurrogateExpected)
            return false;
        return kind == '"' || kind == '\\' || kind == '/' || kind == 'b' || kind == 'f' || kind == 'n' ||
               kind == 'r' || kind == 't';
    }
    if (m_end - m_p < 4)
        return false;
    char16_t unit = 0;
    for (int i = 0; i < 4; ++i) {
        const char h = *m_p++;
        const int digit = h >= '0' && h <= '9'   ? h - '0'
                          : h >= 'a' && h <= 'f' ? h - 'a' + 10
                          : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                 : -1;
        if (digit < 0)
            return false;
        unit = char16_t(unit * 16 + digit);
    }
    const bool high = unit >= 0xd800 && unit <= 0xdbff;
    const bool low = unit >= 0xdc00 && unit <= 0xdfff;
    if (low != *lowSurrogateExpected)
        return false;
    *lowSurrogateExpected = high;
    // NUL and non-characters: not worth finding out how QJsonDocument treats them.
    return unit != 0 && unit != 0xfffe && unit != 0xffff && !(unit >= 0xfdd0 && unit <= 0xfdef);
}

// One well-formed UTF-8 sequence that is not a surrogate, beyond U+10FFFF or a non-character.
bool JsonScanner::utf8Sequence()
{
    const auto *p = reinterpret_cast<const unsigned char *>(m_p);
    const auto *end = reinterpret_cast<const unsigned char *>(m_end);
    const unsigned char lead = *p;
    int length = 0;
    char32_t code = 0;
    if (lead >= 0xc2 && lead <= 0xdf) {
        length = 2;
        code = lead & 0x1f;
    } else if (lead >= 0xe0 && lead <= 0xef) {
        length = 3;
        code = lead & 0x0f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
        length = 4;
        code = lead & 0x07;
    } else {
        return false;
    }
    if (end - p < length)
        return false;
    for (int i = 1; i < length; ++i) {
        if ((p[i] & 0xc0) != 0x80)
            return false;
        code = (code << 6) | (p[i] & 0x3f);
    }
    const char32_t minimum = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
    if (code < minimum || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ||
        (code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) == 0xfffe)
        return false;
    m_p += length;
    return true;
}

// A JSON number without an exponent, short enough that no reader can overflow on it.
bool JsonScanner::number(qint64 *integer, bool *isInteger)
{
    const char *start = m_p;
    if (m_p < m_end && *m_p == '-')
        ++m_p;
    if (m_p == m_end || *m_p < '0' || *m_p > '9')
        return false;
    if (*m_p == '0') {
        ++m_p;
    } else {
        while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
            ++m_p;
    }
    const char *integerEnd = m_p;
    *isInteger = true;
    if (m_p < m_end && *m_p == '.') {
        *isInteger = false;
        ++m_p;
        if (m_p == m_end || *m_p < '0' || *m_p > '9')
            return false;
        while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
            ++m_p;
    }
    if (m_p < m_end && (*m_p == 'e' || *m_p == 'E'))
        return false;
    if (m_p - start > maxNumberLength)
        return false;
    if (*isInteger) {
        // Past 18 digits the value may not fit: only counts are read, and those are small.
        const bool negative = *start == '-';
        const char *digits = negative ? start + 1 : start;
        if (integerEnd - digits > 18)
            return false;
        qint64 value = 0;
        for (const char *d = digits; d < integerEnd; ++d)
            value = value * 10 + (*d - '0');
        *integer = negative ? -value : value;
    }
    return true;
}

bool JsonScanner::literal(std::string_view word)
{
    skipSpace();
    if (m_end - m_p < qsizetype(word.size()) || std::string_view(m_p, word.size()) != word)
        return false;
    m_p += word.size();
    return true;
}

bool JsonScanner::skipValue(int depth)
{
    if (depth > maxDepth)
        return false;
    skipSpace();
    if (m_p == m_end)
        return false;
    switch (*m_p) {
    case '"': {
        String raw;
        return string(&raw);
    }
    case '{':
        ++m_p;
        if (consume('}'))
            return true;
        do {
            String name;
            skipSpace();
            if (!string(&name) || !consume(':') || !skipValue(depth + 1))
                return false;
        } while (consume(','));
        return consume('}');
    case '[':
        ++m_p;
        if (consume(']'))
            return true;
        do {
            if (!skipValue(depth + 1))
                return false;
        } while (consume(','));
        return consume(']');
    case 't':
        return literal("true"sv);
    case 'f':
        return literal("false"sv);
    case 'n':
        return literal("null"sv);
    default: {
        qint64 ignored = 0;
        bool isInteger = false;
        return number(&ignored, &isInteger);
    }
    }
}

QString JsonScanner::decode(const String &raw)
{
    const auto size = qsizetype(raw.bytes.size());
    if (!raw.escaped)
        return raw.nonAscii ? QString::fromUtf8(raw.bytes.data(), size)
                            : QString::fromLatin1(raw.bytes.data(), size);
    // Escapes are rare in this API's replies; the string() pass has already validated them.
    QString text;
    text.reserve(size);
    const char *p = raw.bytes.data();
    const char *end = p + size;
    while (p < end) {
        const char *run = p;
        while (p < end && *p != '\\')
            ++p;
        if (p > run)
            text.append(QString::fromUtf8(run, p - run));
        if (p == end)
            break;
        const char kind = p[1];
        p += 2;
        switch (kind) {
        case 'b':
            text.append(u'\b');
            break;
        case 'f':
            text.append(u'\f');
            break;
        case 'n':
            text.append(u'\n');
            break;
        case 'r':
            text.append(u'\r');
            break;
        case 't':
            text.append(u'\t');
            break;
        case 'u': {
            char16_t unit = 0;
            for (const char *h = p; h < p + 4; ++h)
                unit = char16_t(unit * 16 + (*h <= '9' ? *h - '0' : (*h | 0x20) - 'a' + 10));
            text.append(QChar(unit));
            p += 4;
            break;
        }
        default: // '"', '\\' and '/' stand for themselves
            text.append(QLatin1Char(kind));
        }
    }
    return text;
}
