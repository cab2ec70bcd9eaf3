#include "terminaltext.h"

using namespace Qt::StringLiterals;

namespace {

bool isControl(char16_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f);
}

bool isInvisibleFormat(char16_t c)
{
    return c == 0x061c || c == 0x200e || c == 0x200f || c == 0x2028 || c == 0x2029 ||
           (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

QString escaped(const QString &text, bool keepNewlines)
{
    qsizetype first = 0;
    for (; first < text.size(); ++first) {
        const char16_t c = text.at(first).unicode();
        if ((isControl(c) && !(keepNewlines && c == u'\n')) || isInvisibleFormat(c))
            break;
    }
    if (first == text.size())
        return text; // the usual case: no copy
    QString out = text.left(first);
    out.reserve(text.size() + 16);
    for (qsizetype i = first; i < text.size(); ++i) {
        const char16_t c = text.at(i).unicode();
        if (keepNewlines && c == u'\n')
            out += u'\n';
        else if (isControl(c))
            out += u"\\x"_s + QString::number(c, 16).rightJustified(2, u'0');
        else if (isInvisibleFormat(c))
            out += u"\\u"_s + QString::number(c, 16).rightJustified(4, u'0');
        else
            out += QChar(c);
    }
    return out;
}

} // namespace

namespace TerminalText {

QString escape(const QString &text)
{
    return escaped(text, false);
}

QString escapeKeepingLines(const QString &text)
{
    return escaped(text, true);
}

bool needsEscaping(const QString &text)
{
    return escape(text).size() != text.size();
}

} // namespace TerminalText
