#include "cli/terminaltext.h"

#include "api/unsafecharacters.h"

using namespace Qt::StringLiterals;

namespace {

using UnsafeCharacters::isControl;
using UnsafeCharacters::isInvisibleFormat;

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
