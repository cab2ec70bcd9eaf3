#include "cli/jsonprinter.h"

#include "api/remotetext.h"
#include "api/unsafecharacters.h"

#include <cstring>

namespace {

constexpr qsizetype chunkSize = qsizetype{64} * 1024;
const QByteArray &maskText()
{
    static const QByteArray text = '"' + RemoteText::mask().toUtf8() + " (--show-secrets)\"";
    return text;
}

// Where the text goes: nowhere (the checking pass), a file, or memory.
class Sink
{
public:
    Sink() = default;
    explicit Sink(std::FILE *file) : m_file(file) { m_buffer.reserve(chunkSize + 256); }
    explicit Sink(QByteArray *memory) : m_memory(memory) {}
    ~Sink() { flush(); }
    Sink(const Sink &) = delete;
    Sink &operator=(const Sink &) = delete;

    bool active() const { return m_file || m_memory; }
    void write(const char *data, qsizetype size)
    {
        if (m_memory) {
            m_memory->append(data, size);
        } else if (m_file) {
            m_buffer.append(data, size);
            if (m_buffer.size() >= chunkSize)
                flush();
        }
    }
    void write(const char *text) { write(text, qsizetype(std::strlen(text))); }
    void indent(int level)
    {
        for (int i = 0; i < level; ++i)
            write("    ", 4);
    }
    void flush()
    {
        if (m_file && !m_buffer.isEmpty()) {
            std::fwrite(m_buffer.constData(), 1, size_t(m_buffer.size()), m_file);
            m_buffer.clear();
        }
    }

private:
    std::FILE *m_file = nullptr;
    QByteArray *m_memory = nullptr;
    QByteArray m_buffer;
};

class Printer
{
public:
    Printer(const QByteArray &body, bool maskSecrets, Sink &sink)
        : m_data(body.constData()), m_size(body.size()), m_mask(maskSecrets), m_sink(sink)
    {}

    bool run()
    {
        skipSpace();
        if (!value(0, m_sink.active()))
            return false;
        skipSpace();
        if (m_pos != m_size)
            return false;
        put(true, "\n");
        return true;
    }

private:
    char peek() const { return m_pos < m_size ? m_data[m_pos] : '\0'; }
    bool atEnd() const { return m_pos >= m_size; }

    void put(bool on, const char *text)
    {
        if (on)
            m_sink.write(text);
    }

    void skipSpace()
    {
        while (m_pos < m_size && (m_data[m_pos] == ' ' || m_data[m_pos] == '\n' || m_data[m_pos] == '\r' ||
                                  m_data[m_pos] == '\t'))
            ++m_pos;
    }

    bool value(int depth, bool on)
    {
        if (atEnd())
            return false;
        switch (peek()) {
        case '{':
            return container(depth, on, false, false);
        case '[':
            return container(depth, on, true, false);
        case '"':
            return string(on);
        case 't':
            return literal("true", on);
        case 'f':
            return literal("false", on);
        case 'n':
            return literal("null", on);
        default:
            return number(on);
        }
    }

    bool literal(const char *word, bool on)
    {
        const auto length = qsizetype(std::strlen(word));
        if (m_size - m_pos < length || std::memcmp(m_data + m_pos, word, size_t(length)) != 0)
            return false;
        if (on)
            m_sink.write(word, length);
        m_pos += length;
        return true;
    }

    static bool isDigit(char c) { return c >= '0' && c <= '9'; }

    bool number(bool on)
    {
        const qsizetype start = m_pos;
        if (peek() == '-')
            ++m_pos;
        if (peek() == '0') {
            ++m_pos;
        } else if (isDigit(peek())) {
            while (isDigit(peek()))
                ++m_pos;
        } else {
            return false;
        }
        if (peek() == '.') {
            ++m_pos;
            if (!isDigit(peek()))
                return false;
            while (isDigit(peek()))
                ++m_pos;
        }
        if (peek() == 'e' || peek() == 'E') {
            ++m_pos;
            if (peek() == '+' || peek() == '-')
                ++m_pos;
            if (!isDigit(peek()))
                return false;
            while (isDigit(peek()))
                ++m_pos;
        }
        if (on)
            m_sink.write(m_data + start, m_pos - start);
        return true;
    }

    static bool isHex(char c) { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

    // A code point a terminal acts on or hides although JSON lets it through raw.
    // (C0 controls never reach here raw: JSON forbids them in strings, and validation refuses them.)
    static bool needsEscape(char32_t c) { return UnsafeCharacters::isUnsafe(c); }

    // Decodes one UTF-8 sequence at m_pos (strict: no overlongs, surrogates or values above U+10FFFF).
    bool utf8(char32_t *codePoint, qsizetype *length) const
    {
        const auto byte = [this](qsizetype i) { return uchar(m_data[m_pos + i]); };
        const uchar lead = byte(0);
        qsizetype count = 0;
        char32_t c = 0;
        if (lead < 0x80) {
            *codePoint = lead;
            *length = 1;
            return true;
        }
        if (lead >= 0xc2 && lead <= 0xdf) {
            count = 2;
            c = lead & 0x1f;
        } else if (lead >= 0xe0 && lead <= 0xef) {
            count = 3;
            c = lead & 0x0f;
        } else if (lead >= 0xf0 && lead <= 0xf4) {
            count = 4;
            c = lead & 0x07;
        } else {
            return false;
        }
        if (m_size - m_pos < count)
            return false;
        for (qsizetype i = 1; i < count; ++i) {
            if ((byte(i) & 0xc0) != 0x80)
                return false;
            c = (c << 6) | (byte(i) & 0x3f);
        }
        if ((count == 3 && c < 0x800) || (count == 4 && (c < 0x10000 || c > 0x10ffff)) ||
            (c >= 0xd800 && c <= 0xdfff))
            return false;
        *codePoint = c;
        *length = count;
        return true;
    }

    // Copies the string through, with its escapes as they are; start and end of the raw text (without the
    // quotes) are reported for key comparison.
    bool string(bool on, qsizetype *rawStart = nullptr, qsizetype *rawEnd = nullptr)
    {
        ++m_pos; // the opening quote
        const qsizetype start = m_pos;
        qsizetype copied = m_pos; // what is not yet written
        put(on, "\"");
        while (true) {
            if (atEnd())
                return false;
            const uchar c = uchar(m_data[m_pos]);
            if (c == '"')
                break;
            if (c < 0x20)
                return false;
            if (c == '\\') {
                ++m_pos;
                const char e = peek();
                if (e == 'u') {
                    if (m_size - m_pos < 5)
                        return false;
                    for (int i = 1; i <= 4; ++i) {
                        if (!isHex(m_data[m_pos + i]))
                            return false;
                    }
                    m_pos += 5;
                } else if (e && std::strchr("\"\\/bfnrt", e)) {
                    ++m_pos;
                } else {
                    return false;
                }
                continue;
            }
            char32_t codePoint = 0;
            qsizetype length = 0;
            if (!utf8(&codePoint, &length))
                return false;
            if (needsEscape(codePoint)) {
                if (on) {
                    m_sink.write(m_data + copied, m_pos - copied);
                    char escaped[8];
                    std::snprintf(escaped, sizeof escaped, "\\u%04x", unsigned(codePoint));
                    m_sink.write(escaped, 6);
                }
                copied = m_pos + length;
            }
            m_pos += length;
        }
        if (on) {
            m_sink.write(m_data + copied, m_pos - copied);
            m_sink.write("\"", 1);
        }
        if (rawStart)
            *rawStart = start;
        if (rawEnd)
            *rawEnd = m_pos;
        ++m_pos; // the closing quote
        return true;
    }

    bool isSecretKey(qsizetype start, qsizetype end) const
    {
        const auto is = [&](const char *name) {
            const auto length = qsizetype(std::strlen(name));
            return end - start == length && std::memcmp(m_data + start, name, size_t(length)) == 0;
        };
        return is("auth_data") || is("metadata");
    }

    bool maskedValue(int depth, bool on)
    {
        if (peek() == 'n')
            return literal("null", on);
        if (!value(depth, false))
            return false;
        put(on, maskText().constData());
        return true;
    }

    // An object or an array; maskMembers: every member's value is written as the mask (except null).
    bool container(int depth, bool on, bool array, bool maskMembers)
    {
        if (depth >= JsonPrinter::maxDepth)
            return false;
        ++m_pos;
        skipSpace();
        const char close = array ? ']' : '}';
        if (peek() == close) {
            ++m_pos;
            put(on, array ? "[]" : "{}");
            return true;
        }
        put(on, array ? "[\n" : "{\n");
        while (true) {
            skipSpace();
            if (on)
                m_sink.indent(depth + 1);
            if (!array) {
                if (peek() != '"')
                    return false;
                qsizetype keyStart = 0;
                qsizetype keyEnd = 0;
                if (!string(on, &keyStart, &keyEnd))
                    return false;
                skipSpace();
                if (peek() != ':')
                    return false;
                ++m_pos;
                put(on, ": ");
                skipSpace();
                const bool secretKey = m_mask && !maskMembers && isSecretKey(keyStart, keyEnd);
                bool ok = false;
                if (secretKey && peek() == '{')
                    ok = container(depth + 1, on, false, true); // its members are masked, not the object
                else if (secretKey || maskMembers)
                    ok = maskedValue(depth + 1, on);
                else
                    ok = value(depth + 1, on);
                if (!ok)
                    return false;
            } else if (!value(depth + 1, on)) {
                return false;
            }
            skipSpace();
            if (peek() == ',') {
                ++m_pos;
                put(on, ",\n");
                continue;
            }
            if (peek() != close)
                return false;
            ++m_pos;
            if (on) {
                m_sink.write("\n", 1);
                m_sink.indent(depth);
                m_sink.write(array ? "]" : "}", 1);
            }
            return true;
        }
    }

    const char *m_data;
    qsizetype m_size;
    qsizetype m_pos = 0;
    bool m_mask;
    Sink &m_sink;
};

} // namespace

bool JsonPrinter::print(const QByteArray &body, bool maskSecrets, std::FILE *out)
{
    {
        Sink nowhere;
        if (!Printer(body, maskSecrets, nowhere).run())
            return false;
    }
    Sink sink(out);
    Printer(body, maskSecrets, sink).run();
    sink.flush();
    std::fflush(out);
    return true;
}

std::optional<QByteArray> JsonPrinter::format(const QByteArray &body, bool maskSecrets)
{
    QByteArray text;
    Sink sink(&text);
    if (!Printer(body, maskSecrets, sink).run())
        return std::nullopt;
    return text;
}
