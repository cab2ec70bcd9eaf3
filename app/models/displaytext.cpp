#include "models/displaytext.h"

#include "api/unsafecharacters.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace {

// Shown as \uXXXX: the C1 controls and the invisible formatting characters, which have no picture.
bool isInvisible(char16_t c)
{
    return (c >= 0x80 && c <= 0x9f) || UnsafeCharacters::isInvisibleFormat(c);
}

bool needsSymbol(char16_t c)
{
    return UnsafeCharacters::isUnsafe(c);
}

} // namespace

namespace DisplayText {

QString visible(const QString &text)
{
    qsizetype first = 0;
    while (first < text.size() && !needsSymbol(text.at(first).unicode()))
        ++first;
    if (first == text.size())
        return text; // the usual case, called for every cell painted: no copy
    QString shown = text.left(first);
    shown.reserve(text.size() + 8);
    for (qsizetype i = first; i < text.size(); ++i) {
        const char16_t c = text.at(i).unicode();
        if (c < 0x20)
            shown += QChar(char16_t(0x2400 + c));
        else if (c == 0x7f)
            shown += QChar(char16_t(0x2421));
        else if (isInvisible(c))
            shown += u"\\u"_s + QString::number(c, 16).toUpper().rightJustified(4, u'0');
        else
            shown += QChar(c);
    }
    return shown;
}

QString visibleLines(const QString &text)
{
    if (!text.contains(u'\n'))
        return visible(text);
    QStringList lines = text.split(u'\n');
    for (QString &line : lines)
        line = visible(line);
    return lines.join(u'\n');
}

} // namespace DisplayText
