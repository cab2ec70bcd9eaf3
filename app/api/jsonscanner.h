#pragma once

#include <QByteArrayView>
#include <QString>

#include <string_view>

// A strict JSON tokenizer over UTF-8 bytes, for readers that go straight from a reply body to value types
// (SandboxListReader). It accepts a subset of what QJsonDocument accepts and decodes it identically:
// anything it is not sure QJsonDocument reads the same way (lone surrogates, NUL or non-characters, invalid
// UTF-8, exponents, very long numbers, deep nesting) is a failure, and the caller falls back to
// QJsonDocument. Every method skips leading whitespace and returns false on anything unexpected.
class JsonScanner
{
public:
    // A string token: the bytes between its quotes, and what decoding them takes.
    struct String
    {
        std::string_view bytes;
        bool escaped = false;
        bool nonAscii = false;
    };

    explicit JsonScanner(QByteArrayView body) : m_p(body.data()), m_end(body.data() + body.size()) {}

    // The next character, without taking it; '\0' at the end.
    char peek();
    // Takes `c` if it comes next.
    bool consume(char c);
    bool atEnd();

    bool string(String *out);
    // An object key without escapes (an escaped key could spell a known one), and its colon.
    bool key(std::string_view *name);
    bool literal(std::string_view word);
    // A number without a fraction or exponent that fits 18 digits.
    bool integer(qint64 *value);
    // Any value, validated and thrown away; `depth` counts the containers around it.
    bool skipValue(int depth);

    static QString decode(const String &string);

private:
    void skipSpace();
    bool escape(bool *lowSurrogateExpected);
    bool utf8Sequence();
    bool number(qint64 *integer, bool *isInteger);

    const char *m_p;
    const char *m_end;
};
