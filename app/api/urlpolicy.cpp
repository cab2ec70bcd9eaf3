#include "api/urlpolicy.h"

#include <QCoreApplication>
#include <QHostAddress>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

QString printable(const QString &text)
{
    QString safe;
    safe.reserve(text.size());
    for (const QChar c : text)
        safe += c.isPrint() ? c : QChar(u'?');
    return safe;
}

// What a person can recognise, without the query (a signed URL's signature is a credential) and
// without userinfo.
QString shown(const QUrl &url)
{
    if (url.isEmpty())
        return u"(empty)"_s;
    return printable(url.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment)
                         .toDisplayString()
                         .left(200));
}

// "host" or "host:port": origins that differ only in the port must read differently.
QString hostOf(const QUrl &url)
{
    return url.host().isEmpty() ? QCoreApplication::translate("UrlPolicy", "(no host)")
                                : printable(url.adjusted(QUrl::RemoveUserInfo).authority().left(200));
}

int effectivePort(const QUrl &url)
{
    return url.port(url.scheme() == u"https"_s ? 443 : 80);
}

bool sameOrigin(const QUrl &a, const QUrl &b)
{
    return a.scheme().compare(b.scheme(), Qt::CaseInsensitive) == 0 &&
           a.host().compare(b.host(), Qt::CaseInsensitive) == 0 && effectivePort(a) == effectivePort(b);
}

// The shared rule; `what` names the URL in the sentence ("The upload URL").
QString check(const QUrl &url, const QString &what)
{
    if (url.isEmpty() || !url.isValid())
        return QCoreApplication::translate("UrlPolicy", "%1 is not a valid URL; nothing was sent.").arg(what);
    const QString scheme = url.scheme().toLower();
    if (scheme.isEmpty())
        return u"%1 (%2) has no scheme: start it with https://. Nothing was sent."_s.arg(what, shown(url));
    if (scheme != u"https"_s && scheme != u"http"_s)
        return QCoreApplication::translate(
                   "UrlPolicy",
                   "%1 uses \"%2:\", which is refused: only https (or http to this machine) is used. Nothing "
                   "was sent.")
            .arg(what, scheme.left(40));
    if (url.host().isEmpty())
        return QCoreApplication::translate("UrlPolicy", "%1 (%2) names no host; nothing was sent.")
            .arg(what, shown(url));
    if (!url.userName().isEmpty() || !url.password().isEmpty())
        return QCoreApplication::translate(
                   "UrlPolicy",
                   "%1 (%2) carries a user name or password, which is refused; nothing was sent.")
            .arg(what, shown(url));
    if (scheme == u"http"_s && !UrlPolicy::isLoopbackHost(url.host()))
        return QCoreApplication::translate(
                   "UrlPolicy",
                   "%1 (%2) is plain http to another machine, which is refused: only https is used there. "
                   "Nothing was sent.")
            .arg(what, shown(url));
    return {};
}

} // namespace

namespace UrlPolicy {

bool isLoopbackHost(const QString &host)
{
    if (host.isEmpty())
        return false;
    if (host.compare(u"localhost"_s, Qt::CaseInsensitive) == 0)
        return true;
    QString bare = host;
    if (bare.startsWith(u'[') && bare.endsWith(u']'))
        bare = bare.mid(1, bare.size() - 2);
    QHostAddress address;
    // QHostAddress accepts shorthand like "127.1" or a bare number: only a full dotted quad or an IPv6
    // literal counts, so that what we check is what the resolver sees.
    if (!bare.contains(u':') && bare.count(u'.') != 3)
        return false;
    // QHostAddress stops reading at a NUL ("::1\0evil" passed for ::1; found by tests/fuzz/fuzz_urlpolicy):
    // an address literal is hex digits, dots and colons, nothing else.
    if (!std::all_of(bare.cbegin(), bare.cend(), [](QChar c) {
            const char16_t u = c.unicode();
            return (u >= u'0' && u <= u'9') || (u >= u'a' && u <= u'f') || (u >= u'A' && u <= u'F') ||
                   u == u'.' || u == u':';
        }))
        return false;
    if (!address.setAddress(bare))
        return false;
    bool isV4 = false;
    const quint32 v4 = address.toIPv4Address(&isV4); // also reads ::ffff:a.b.c.d
    if (isV4)
        return (v4 >> 24) == 127;
    return address == QHostAddress(QHostAddress::LocalHostIPv6);
}

QString checkSignedUrl(const QUrl &url)
{
    return check(url, QCoreApplication::translate("UrlPolicy", "The storage URL the server sent"));
}

QString checkBaseUrl(const QUrl &url)
{
    return check(url, QCoreApplication::translate("UrlPolicy", "The API base URL"));
}

QString checkMcpUrl(const QUrl &url)
{
    return check(url, QCoreApplication::translate("UrlPolicy", "The MCP server URL"));
}

QString checkRedirect(const QUrl &from, const QUrl &to, bool methodHasBody)
{
    const QString problem = check(to, QCoreApplication::translate("UrlPolicy", "The redirect target"));
    if (!problem.isEmpty())
        return QCoreApplication::translate("UrlPolicy", "Redirect from %1 to %2 refused: %3")
            .arg(hostOf(from), hostOf(to), problem);
    if (from.scheme().compare(u"https"_s, Qt::CaseInsensitive) == 0 &&
        to.scheme().compare(u"http"_s, Qt::CaseInsensitive) == 0 &&
        !(isLoopbackHost(from.host()) && isLoopbackHost(to.host())))
        return QCoreApplication::translate(
                   "UrlPolicy",
                   "Redirect from %1 (https) to %2 (plain http) refused: it would drop encryption.")
            .arg(hostOf(from), hostOf(to));
    if (methodHasBody && !sameOrigin(from, to))
        return QCoreApplication::translate(
                   "UrlPolicy",
                   "Redirect from %1 to %2 refused: the request was not sent again to another server. It may "
                   "have taken effect on %1; check before trying again.")
            .arg(hostOf(from), hostOf(to));
    return {};
}

} // namespace UrlPolicy
