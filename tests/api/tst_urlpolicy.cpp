#include "api/urlpolicy.h"

#include <QTest>

using namespace Qt::StringLiterals;

class TestUrlPolicy : public QObject
{
    Q_OBJECT

private slots:
    void loopbackHosts_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<bool>("loopback");
        QTest::newRow("127.0.0.1") << u"127.0.0.1"_s << true;
        QTest::newRow("127.255.3.4") << u"127.255.3.4"_s << true;
        QTest::newRow("::1") << u"::1"_s << true;
        QTest::newRow("[::1]") << u"[::1]"_s << true;
        QTest::newRow("mapped v4") << u"::ffff:127.0.0.1"_s << true;
        QTest::newRow("localhost") << u"localhost"_s << true;
        QTest::newRow("LOCALHOST") << u"LOCALHOST"_s << true;
        QTest::newRow("128.0.0.1") << u"128.0.0.1"_s << false;
        QTest::newRow("shorthand 127.1") << u"127.1"_s << false;
        QTest::newRow("decimal 2130706433") << u"2130706433"_s << false;
        QTest::newRow("localhost.evil.com") << u"localhost.evil.com"_s << false;
        QTest::newRow("127.0.0.1.nip.io") << u"127.0.0.1.nip.io"_s << false;
        QTest::newRow("::2") << u"::2"_s << false;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("0.0.0.0") << u"0.0.0.0"_s << false;
    }

    void loopbackHosts()
    {
        QFETCH(QString, host);
        QFETCH(bool, loopback);
        QCOMPARE(UrlPolicy::isLoopbackHost(host), loopback);
    }

    void signedUrls_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("allowed");
        QTest::newRow("https store") << u"https://storage.googleapis.com/b/o?X-Goog-Signature=ab"_s << true;
        QTest::newRow("http loopback") << u"http://127.0.0.1:8080/store/o?sig=1"_s << true;
        QTest::newRow("http localhost") << u"http://localhost:9/o"_s << true;
        QTest::newRow("http ipv6 loopback") << u"http://[::1]:9/o"_s << true;
        QTest::newRow("HTTPS upper case") << u"HTTPS://store.example.com/o"_s << true;
        QTest::newRow("file") << u"file:///home/u/.bashrc"_s << false;
        QTest::newRow("file with host") << u"file://localhost/etc/passwd"_s << false;
        QTest::newRow("ftp") << u"ftp://127.0.0.1/o"_s << false;
        QTest::newRow("data") << u"data:text/plain,hello"_s << false;
        QTest::newRow("qrc") << u"qrc:/icons/app.svg"_s << false;
        QTest::newRow("http elsewhere") << u"http://store.example.com/o"_s << false;
        QTest::newRow("http lookalike") << u"http://127.0.0.1.evil.com/o"_s << false;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("relative") << u"/store/o"_s << false;
        QTest::newRow("no host") << u"https:///o"_s << false;
        QTest::newRow("userinfo") << u"https://me:pw@store.example.com/o"_s << false;
    }

    void signedUrls()
    {
        QFETCH(QString, url);
        QFETCH(bool, allowed);
        const QString problem = UrlPolicy::checkSignedUrl(QUrl(url));
        QVERIFY2(problem.isEmpty() == allowed, qPrintable(problem));
        if (!allowed)
            QVERIFY2(problem.endsWith(u'.'), qPrintable(problem)); // a sentence, not a code
    }

    void refusalNeverShowsTheSignature()
    {
        const QString problem = UrlPolicy::checkSignedUrl(
            QUrl(u"http://store.example.com/o?X-Goog-Signature=deadbeefcafe&x=1"_s));
        QVERIFY(!problem.isEmpty());
        QVERIFY2(problem.contains(u"store.example.com"_s), qPrintable(problem));
        QVERIFY2(!problem.contains(u"deadbeefcafe"_s), qPrintable(problem));
        const QString userinfo = UrlPolicy::checkSignedUrl(QUrl(u"https://me:hunter2@store.example.com/o"_s));
        QVERIFY2(!userinfo.contains(u"hunter2"_s), qPrintable(userinfo));
    }

    void refusalHasNoControlCharacters()
    {
        const QString problem =
            UrlPolicy::checkSignedUrl(QUrl::fromEncoded("http://evil.example.com/%1B%5B2J%07title"));
        QVERIFY(!problem.isEmpty());
        for (const QChar c : problem)
            QVERIFY2(c.isPrint(), qPrintable(problem));
    }

    void baseUrls()
    {
        QVERIFY(UrlPolicy::checkBaseUrl(QUrl(u"https://api.example.com"_s)).isEmpty());
        QVERIFY(UrlPolicy::checkBaseUrl(QUrl(u"http://127.0.0.1:8123"_s)).isEmpty());
        QVERIFY(!UrlPolicy::checkBaseUrl(QUrl(u"http://api.example.com"_s)).isEmpty());
        QVERIFY(!UrlPolicy::checkBaseUrl(QUrl(u"file:///tmp"_s)).isEmpty());
        QVERIFY(!UrlPolicy::checkBaseUrl(QUrl()).isEmpty());
    }

    void redirects_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<bool>("hasBody");
        QTest::addColumn<bool>("allowed");
        QTest::newRow("same origin GET")
            << u"https://api.x.ai/a"_s << u"https://api.x.ai/b"_s << false << true;
        QTest::newRow("same origin POST")
            << u"https://api.x.ai/a"_s << u"https://api.x.ai/b"_s << true << true;
        QTest::newRow("other origin GET")
            << u"https://api.x.ai/a"_s << u"https://cdn.x.ai/b"_s << false << true;
        QTest::newRow("other origin POST")
            << u"https://api.x.ai/a"_s << u"https://evil.com/b"_s << true << false;
        QTest::newRow("other port POST")
            << u"https://api.x.ai/a"_s << u"https://api.x.ai:8443/a"_s << true << false;
        QTest::newRow("default port spelled out")
            << u"https://api.x.ai/a"_s << u"https://api.x.ai:443/b"_s << true << true;
        QTest::newRow("https to http same host")
            << u"https://api.x.ai/a"_s << u"http://api.x.ai/a"_s << false << false;
        QTest::newRow("https to http loopback from elsewhere")
            << u"https://api.x.ai/a"_s << u"http://127.0.0.1/a"_s << false << false;
        QTest::newRow("loopback https to loopback http")
            << u"https://127.0.0.1:1/a"_s << u"http://127.0.0.1:2/a"_s << false << true;
        QTest::newRow("http loopback to loopback")
            << u"http://127.0.0.1:1/a"_s << u"http://localhost:2/a"_s << false << true;
        QTest::newRow("to file") << u"https://api.x.ai/a"_s << u"file:///etc/passwd"_s << false << false;
        QTest::newRow("to http elsewhere")
            << u"http://127.0.0.1:1/a"_s << u"http://evil.com/a"_s << false << false;
    }

    void redirects()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(bool, hasBody);
        QFETCH(bool, allowed);
        const QString problem = UrlPolicy::checkRedirect(QUrl(from), QUrl(to), hasBody);
        QVERIFY2(problem.isEmpty() == allowed, qPrintable(problem));
    }

    void redirectRefusalNamesBothHosts()
    {
        const QString problem =
            UrlPolicy::checkRedirect(QUrl(u"https://api.example.com/sandbox/github"_s),
                                     QUrl(u"https://evil.example.com:8443/sandbox/github"_s), true);
        QVERIFY2(problem.contains(u"api.example.com"_s), qPrintable(problem));
        QVERIFY2(problem.contains(u"evil.example.com:8443"_s), qPrintable(problem));
        const QString downgrade = UrlPolicy::checkRedirect(QUrl(u"https://api.example.com/a"_s),
                                                           QUrl(u"http://api.example.com/a"_s), false);
        QVERIFY2(downgrade.contains(u"plain http"_s), qPrintable(downgrade));
    }
};

QTEST_GUILESS_MAIN(TestUrlPolicy)
#include "tst_urlpolicy.moc"
