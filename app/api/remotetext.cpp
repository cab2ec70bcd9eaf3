#include "api/remotetext.h"

#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// Where `text` spells the key (as is or percent-encoded) or a `Bearer <token>`, sorted, not overlapping.
QList<std::pair<qsizetype, qsizetype>> secretRanges(const QString &text, const QString &key)
{
    QList<std::pair<qsizetype, qsizetype>> ranges;
    static const QRegularExpression bearer(u"Bearer\\s+([^\\s\"'<>,;]+)"_s,
                                           QRegularExpression::CaseInsensitiveOption);
    for (auto it = bearer.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        ranges.append({match.capturedStart(1), match.capturedEnd(1)});
    }
    if (!key.isEmpty()) {
        QStringList spellings{key};
        const QString encoded = QString::fromLatin1(QUrl::toPercentEncoding(key));
        if (encoded != key)
            spellings << encoded;
        // A short key (the emulator's "k") would otherwise eat letters out of every word: it only counts
        // as a whole token there.
        const bool wholeToken = key.size() < 8;
        for (const QString &spelling : spellings) {
            for (qsizetype at = text.indexOf(spelling); at >= 0; at = text.indexOf(spelling, at + 1)) {
                const qsizetype end = at + spelling.size();
                const auto isWordChar = [](QChar c) {
                    return c.isLetterOrNumber() || c == u'_' || c == u'-';
                };
                if (wholeToken && ((at > 0 && isWordChar(text.at(at - 1))) ||
                                   (end < text.size() && isWordChar(text.at(end)))))
                    continue;
                ranges.append({at, end});
            }
        }
    }
    std::sort(ranges.begin(), ranges.end());
    QList<std::pair<qsizetype, qsizetype>> merged;
    for (const auto &range : ranges) {
        if (!merged.isEmpty() && range.first <= merged.last().second)
            merged.last().second = std::max(merged.last().second, range.second);
        else
            merged.append(range);
    }
    return merged;
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The end of the JSON value that starts at `from` (after whitespace): strings with their escapes and
// nested brackets are skipped whole. A value cut off by the end of the text runs to the end.
qsizetype endOfJsonValue(const QByteArray &text, qsizetype from)
{
    qsizetype i = from;
    while (i < text.size() && isSpace(text.at(i)))
        ++i;
    int depth = 0;
    bool inString = false;
    for (; i < text.size(); ++i) {
        const char c = text.at(i);
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"') {
                inString = false;
                if (depth == 0)
                    return i + 1;
            }
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '{' || c == '[')
            ++depth;
        else if (c == '}' || c == ']') {
            if (depth == 0)
                return i; // the end of the enclosing object: an empty value
            if (--depth == 0)
                return i + 1;
        } else if (depth == 0 && (c == ',' || isSpace(c)))
            return i;
    }
    return text.size();
}

QString decodeEntity(const QString &name)
{
    static const QHash<QString, QString> named = {
        {u"amp"_s, u"&"_s},         {u"lt"_s, u"<"_s},         {u"gt"_s, u">"_s},
        {u"quot"_s, u"\""_s},       {u"apos"_s, u"'"_s},       {u"nbsp"_s, u" "_s},
        {u"#39"_s, u"'"_s},         {u"mdash"_s, u"\u2014"_s}, {u"ndash"_s, u"\u2013"_s},
        {u"hellip"_s, u"\u2026"_s}, {u"copy"_s, u"\u00a9"_s}};
    if (const auto it = named.constFind(name.toLower()); it != named.cend())
        return *it;
    if (name.startsWith(u'#')) {
        bool ok = false;
        const bool hex = name.size() > 1 && (name.at(1) == u'x' || name.at(1) == u'X');
        const uint code = hex ? name.mid(2).toUInt(&ok, 16) : name.mid(1).toUInt(&ok, 10);
        // Control characters and invalid code points stay out: an entity must not smuggle in an ESC.
        if (ok && code >= 0x20 && code != 0x7f && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) &&
            !(code >= 0x80 && code < 0xa0)) {
            const char32_t character = code;
            return QString::fromUcs4(&character, 1);
        }
    }
    return u"&"_s + name + u';';
}

} // namespace

namespace RemoteText {

QString mask()
{
    return QStringLiteral("\u2022\u2022\u2022\u2022\u2022\u2022");
}

QString maskedUrl(const QString &url)
{
    QUrl parsed(url, QUrl::StrictMode);
    if (url.isEmpty())
        return {};
    if (!parsed.isValid())
        return mask();
    if (!parsed.password().isEmpty() || !parsed.userName().isEmpty())
        parsed.setUserInfo(mask());
    if (parsed.hasQuery()) {
        QUrlQuery query(parsed);
        QUrlQuery masked;
        for (const auto &[key, value] : query.queryItems(QUrl::FullyEncoded))
            masked.addQueryItem(key, value.isEmpty() ? value : mask());
        parsed.setQuery(masked);
    }
    return parsed.toString(QUrl::RemoveFragment);
}

QString redacted(const QString &text, const QString &apiKey)
{
    const auto ranges = secretRanges(text, apiKey);
    if (ranges.isEmpty())
        return text;
    QString result;
    qsizetype copied = 0;
    for (const auto &[from, to] : ranges) {
        result += QStringView(text).mid(copied, from - copied);
        result += RemoteText::mask();
        copied = to;
    }
    result += QStringView(text).mid(copied);
    return result;
}

QByteArray redacted(const QByteArray &text, const QString &apiKey)
{
    // Bytes, not text: a body that is not UTF-8 must survive as it was, apart from the secrets. Latin-1
    // keeps character offsets equal to byte offsets.
    const auto ranges = secretRanges(QString::fromLatin1(text), QString::fromLatin1(apiKey.toUtf8()));
    if (ranges.isEmpty())
        return text;
    const QByteArray mark = RemoteText::mask().toUtf8();
    QByteArray result;
    qsizetype copied = 0;
    for (const auto &[from, to] : ranges) {
        result.append(QByteArrayView(text).sliced(copied, from - copied));
        result.append(mark);
        copied = to;
    }
    result.append(QByteArrayView(text).sliced(copied));
    return result;
}

QByteArray maskSecretValues(const QByteArray &json)
{
    static const QRegularExpression secretKey(u"\"(?:auth_data|metadata|authorization|[A-Za-z0-9_\\-]*(?:"
                                              u"token|secret|password|passwd|api_key|apikey|"
                                              "credential|private_key|session)[A-Za-z0-9_\\-]*)\"\\s*:"_s,
                                              QRegularExpression::CaseInsensitiveOption);
    // Latin-1 keeps byte offsets equal to character offsets, whatever the body's encoding.
    const QString text = QString::fromLatin1(json);
    QByteArray result;
    result.reserve(json.size());
    qsizetype copied = 0;
    auto it = secretKey.globalMatch(text);
    while (it.hasNext()) {
        const auto match = it.next();
        if (match.capturedStart() < copied)
            continue; // inside a value already masked
        const qsizetype valueStart = match.capturedEnd();
        const qsizetype valueEnd = endOfJsonValue(json, valueStart);
        result += json.mid(copied, valueStart - copied);
        result += "\"" + RemoteText::mask().toUtf8() + '"';
        copied = valueEnd;
    }
    result += json.mid(copied);
    return result;
}

QString bodyExcerpt(const QByteArray &body, int maxChars)
{
    // Enough of the page to find its title and first words; the rest is layout.
    QString text = QString::fromUtf8(body.left(qsizetype{64} * 1024));
    const bool looksLikeMarkup = text.contains(u'<') && text.contains(u'>');
    if (looksLikeMarkup) {
        static const QRegularExpression invisible(u"<(script|style|head)\\b[^>]*>.*?(?:</\\1\\s*>|$)"_s,
                                                  QRegularExpression::CaseInsensitiveOption |
                                                      QRegularExpression::DotMatchesEverythingOption);
        static const QRegularExpression title(u"<title\\b[^>]*>(.*?)</title\\s*>"_s,
                                              QRegularExpression::CaseInsensitiveOption |
                                                  QRegularExpression::DotMatchesEverythingOption);
        static const QRegularExpression comment(u"<!--.*?(?:-->|$)"_s,
                                                QRegularExpression::DotMatchesEverythingOption);
        static const QRegularExpression tag(u"<[!/?]?[A-Za-z][^>]*(?:>|$)"_s);
        const auto titleMatch = title.match(text);
        const QString titleText = titleMatch.hasMatch() ? titleMatch.captured(1) : QString();
        text.remove(comment);
        text.remove(invisible);
        text.replace(tag, u" "_s);
        // The title is often the only words of a proxy's page: keep it in front when the body lost it.
        if (!titleText.isEmpty() && !text.contains(titleText.trimmed()))
            text = titleText + u' ' + text;
        static const QRegularExpression entity(u"&(#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z]{2,8});"_s);
        QString decoded;
        qsizetype last = 0;
        auto it = entity.globalMatch(text);
        while (it.hasNext()) {
            const auto match = it.next();
            decoded += QStringView(text).mid(last, match.capturedStart() - last);
            decoded += decodeEntity(match.captured(1));
            last = match.capturedEnd();
        }
        decoded += QStringView(text).mid(last);
        text = decoded;
    }
    text = text.simplified();
    if (text.size() > maxChars)
        text = text.left(maxChars - 1) + u"\u2026"_s;
    return text;
}

} // namespace RemoteText
