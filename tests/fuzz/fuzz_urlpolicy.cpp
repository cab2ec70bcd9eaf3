// UrlPolicy against an independent reading of its rule: a URL it accepts is https, or http to a loopback
// address as the C library parses it (inet_aton, inet_pton), with a host and no user info; a redirect it
// accepts neither drops to http (loopback to loopback aside) nor re-sends a body to another origin. Its
// sentences are shown on a terminal: no control characters in them, whatever the URLs hold.
#include "api/urlpolicy.h"
#include "fuzzcheck.h"

#include <QByteArray>
#include <QUrl>

#include <arpa/inet.h>

using namespace Qt::StringLiterals;

namespace {

bool loopbackByLibc(QString host)
{
    if (host.compare(u"localhost"_s, Qt::CaseInsensitive) == 0)
        return true;
    if (host.startsWith(u'[') && host.endsWith(u']'))
        host = host.mid(1, host.size() - 2);
    const QByteArray bytes = host.toLatin1();
    if (host.size() != bytes.size() || bytes.contains('\0'))
        return false;
    // inet_aton, not inet_pton: it reads "127.00.0.1" and "0x7f.0.0.1" as the resolver and QUrl do (and
    // "0127.0.0.1" as 87.0.0.1); UrlPolicy may refuse more, never accept more.
    in_addr v4{};
    if (!bytes.contains(':') && inet_aton(bytes.constData(), &v4) == 1)
        return (ntohl(v4.s_addr) >> 24) == 127;
    unsigned char v6[16];
    if (inet_pton(AF_INET6, bytes.constData(), v6) != 1)
        return false;
    static const unsigned char one[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    return memcmp(v6, one, 16) == 0 || (memcmp(v6, mapped, 12) == 0 && v6[12] == 127);
}

void checkSentence(const QString &sentence)
{
    for (const QChar c : sentence)
        FUZZ_CHECK(c.isPrint());
}

// What every accepted URL satisfies, derived again here.
void checkAccepted(const QUrl &url)
{
    FUZZ_CHECK(url.isValid());
    const QString scheme = url.scheme().toLower();
    FUZZ_CHECK(scheme == u"https"_s || scheme == u"http"_s);
    FUZZ_CHECK(!url.host().isEmpty());
    // "https://:@host" has user info ":" but no credential in it.
    FUZZ_CHECK(url.userName().isEmpty() && url.password().isEmpty());
    if (scheme == u"http"_s)
        FUZZ_CHECK(loopbackByLibc(url.host()));
}

int port(const QUrl &url)
{
    return url.port(url.scheme().compare(u"https"_s, Qt::CaseInsensitive) == 0 ? 443 : 80);
}

void checkOne(const QUrl &url)
{
    for (const QString &problem : {UrlPolicy::checkSignedUrl(url), UrlPolicy::checkBaseUrl(url)}) {
        if (problem.isEmpty())
            checkAccepted(url);
        checkSentence(problem);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const bool methodHasBody = data[0] & 1;
    const QUrl::ParsingMode mode = (data[0] & 2) ? QUrl::StrictMode : QUrl::TolerantMode;
    const QByteArray rest(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
    const qsizetype newline = rest.indexOf('\n');
    const QString fromText = QString::fromUtf8(newline < 0 ? rest : rest.left(newline));
    const QString toText = newline < 0 ? QString() : QString::fromUtf8(rest.mid(newline + 1));

    for (const QString &host : {fromText, toText}) {
        if (UrlPolicy::isLoopbackHost(host))
            FUZZ_CHECK(loopbackByLibc(host));
    }
    const QUrl from(fromText, mode);
    const QUrl to(toText, mode);
    checkOne(from);
    checkOne(to);

    const QString problem = UrlPolicy::checkRedirect(from, to, methodHasBody);
    checkSentence(problem);
    if (problem.isEmpty()) {
        checkAccepted(to);
        if (from.scheme().compare(u"https"_s, Qt::CaseInsensitive) == 0 &&
            to.scheme().compare(u"http"_s, Qt::CaseInsensitive) == 0)
            FUZZ_CHECK(loopbackByLibc(from.host()) && loopbackByLibc(to.host()));
        if (methodHasBody) {
            FUZZ_CHECK(from.scheme().compare(to.scheme(), Qt::CaseInsensitive) == 0);
            FUZZ_CHECK(from.host().compare(to.host(), Qt::CaseInsensitive) == 0);
            FUZZ_CHECK(port(from) == port(to));
        }
    }
    return 0;
}
