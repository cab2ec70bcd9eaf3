#include "api/apikeypolicy.h"

#include "api/unsafecharacters.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace {

// What a key may not contain: C0 and C1 controls, DEL, and the invisible format characters (bidi
// overrides, zero-width ones) that would make the key on screen differ from the key sent.
bool isForbidden(char32_t c)
{
    if (UnsafeCharacters::isUnsafe(c))
        return true;
    // Beyond the shared rule: the zero-width characters and the BOM, which no key contains either.
    return (c >= 0x200b && c <= 0x200d) || c == 0xfeff;
}

QString describe(char32_t c)
{
    switch (c) {
    case u'\r':
        return QCoreApplication::translate("ApiKeyPolicy", "a carriage return (CR)");
    case u'\n':
        return QCoreApplication::translate("ApiKeyPolicy", "a line break (LF)");
    case u'\t':
        return QCoreApplication::translate("ApiKeyPolicy", "a tab");
    default:
        return QCoreApplication::translate("ApiKeyPolicy", "the invisible character U+%1")
            .arg(QString::number(quint32(c), 16).toUpper().rightJustified(4, u'0'));
    }
}

} // namespace

namespace ApiKeyPolicy {

ApiKeyCheck checkApiKey(const QString &raw)
{
    ApiKeyCheck check;
    qsizetype end = raw.size();
    while (end > 0 && raw.at(end - 1).isSpace())
        --end;
    check.trimmedTrailingWhitespace = end < raw.size();
    const QString key = raw.left(end);
    for (char32_t c : key.toUcs4()) {
        if (isForbidden(c)) {
            check.error = QCoreApplication::translate(
                              "ApiKeyPolicy", "The API key contains %1, which no API key has; it was not "
                                              "used. Copy the key again from your Klavis dashboard.")
                              .arg(describe(c));
            check.trimmedTrailingWhitespace = false;
            return check;
        }
    }
    check.key = key;
    return check;
}

QString trimmedNote()
{
    return QCoreApplication::translate("ApiKeyPolicy",
                                       "Removed the spaces or line break at the end of the API key.");
}

} // namespace ApiKeyPolicy
