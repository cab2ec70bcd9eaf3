#include "models/urldisplay.h"

#include <QUrl>

using namespace Qt::StringLiterals;

namespace {

// "http://127.0.0.1:40809" of "http://127.0.0.1:40809/local/git/mcp/": what a reader of one sandbox's
// URLs already knows from the first of them.
qsizetype originLength(const QString &text)
{
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty() || url.scheme().isEmpty())
        return 0;
    const qsizetype afterScheme = text.indexOf(u"://"_s);
    if (afterScheme < 0)
        return 0;
    const qsizetype pathStart = text.indexOf(u'/', afterScheme + 3);
    return pathStart < 0 ? 0 : pathStart;
}

enum class End
{
    Front,
    Back
};

// How many characters every text shares at that end.
qsizetype commonLength(const QStringList &texts, End end)
{
    if (texts.size() < 2)
        return 0;
    const QString &first = texts.first();
    qsizetype length = first.size();
    for (const QString &text : texts) {
        const auto at = [end](const QString &s, qsizetype i) {
            return end == End::Front ? s[i] : s[s.size() - 1 - i];
        };
        qsizetype same = 0;
        const qsizetype limit = std::min(length, text.size());
        while (same < limit && at(text, same) == at(first, same))
            ++same;
        length = same;
    }
    return length;
}

bool isSeparator(QChar c)
{
    return c == u'/' || c == u'?' || c == u'&' || c == u'=';
}

} // namespace

QStringList UrlDisplay::distinctive(const QStringList &urls)
{
    // Only drop an origin that every URL has (same text up to the path): a list mixing hosts must say
    // which host each one is on.
    qsizetype origin = urls.isEmpty() ? 0 : originLength(urls.first());
    for (const QString &url : urls)
        if (originLength(url) != origin || !url.startsWith(urls.first().left(origin)))
            origin = 0;
    QStringList rests;
    rests.reserve(urls.size());
    for (const QString &url : urls)
        rests << url.mid(origin);

    // A long shared path ("/v1/projects/acme/servers/") hides what differs behind it: start the text
    // at the last separator before the first difference, marked with an ellipsis.
    constexpr qsizetype shortEnough = 16;
    qsizetype cut = 0;
    const qsizetype shared = commonLength(rests, End::Front);
    // Without a shared origin the hosts differ and the rest is theirs to show.
    if (origin > 0 && shared > shortEnough) {
        for (qsizetype i = std::min(shared, rests.first().size() - 1); i > 0; --i) {
            if (isSeparator(rests.first()[i]) && i < shared) {
                cut = i;
                break;
            }
        }
    }
    // The tail they share (often "/mcp/?local_sandbox_id=…", the sandbox the reader is looking at)
    // goes the same way, from the first separator inside it, so a name is never cut in half.
    qsizetype tail = 0;
    const qsizetype sharedTail = commonLength(rests, End::Back);
    if (origin > 0 && sharedTail > shortEnough) {
        const QString &first = rests.first();
        for (qsizetype i = first.size() - sharedTail; i < first.size(); ++i) {
            if (isSeparator(first[i])) {
                tail = first.size() - i;
                break;
            }
        }
    }
    QStringList result;
    result.reserve(urls.size());
    for (qsizetype i = 0; i < urls.size(); ++i) {
        QString text = rests[i];
        if (tail > 0 && text.size() - tail > cut)
            text = text.left(text.size() - tail + 1) + u"…"_s;
        if (cut > 0)
            text = u"…"_s + text.mid(cut);
        result << (urls[i].isEmpty() ? QString() : text.isEmpty() ? urls[i] : text);
    }
    return result;
}
