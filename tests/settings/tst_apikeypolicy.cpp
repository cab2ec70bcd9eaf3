#include "api/apikeypolicy.h"

#include <QTest>

using namespace Qt::StringLiterals;

class TestApiKeyPolicy final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void refused_data()
    {
        QTest::addColumn<QString>("raw");
        QTest::addColumn<QString>("named");
        QTest::newRow("CR LF header injection")
            << u"sk-live\r\nX-Injected: 1"_s << u"a carriage return (CR)"_s;
        QTest::newRow("LF inside") << u"sk-\nlive"_s << u"a line break (LF)"_s;
        QTest::newRow("CR alone, then text") << u"sk\rX"_s << u"a carriage return (CR)"_s;
        QTest::newRow("tab inside") << u"sk\tlive"_s << u"a tab"_s;
        QTest::newRow("NUL") << QString(u"sk"_s + QChar(0) + u"x"_s) << u"U+0000"_s;
        QTest::newRow("ESC") << u"sk\x1b[2Jx"_s << u"U+001B"_s;
        QTest::newRow("DEL") << u"sk\x7fx"_s << u"U+007F"_s;
        QTest::newRow("C1 NEL") << u"sk\u0085x"_s << u"U+0085"_s;
        QTest::newRow("bidi override") << u"sk\u202ex"_s << u"U+202E"_s;
        QTest::newRow("zero width space") << u"sk\u200bx"_s << u"U+200B"_s;
        QTest::newRow("line break then trailing spaces") << u"sk\nx  \n"_s << u"a line break (LF)"_s;
    }

    void refused()
    {
        QFETCH(QString, raw);
        QFETCH(QString, named);
        const ApiKeyCheck check = ApiKeyPolicy::checkApiKey(raw);
        QVERIFY(!check.isValid());
        QCOMPARE(check.key, QString());
        QVERIFY2(check.error.contains(named), qPrintable(check.error));
        QVERIFY(!check.trimmedTrailingWhitespace);
        // The sentence never repeats the key, nor what was injected with it.
        QVERIFY2(!check.error.contains(u"sk"_s) && !check.error.contains(u"Injected"_s),
                 qPrintable(check.error));
    }

    void accepted_data()
    {
        QTest::addColumn<QString>("raw");
        QTest::addColumn<QString>("key");
        QTest::addColumn<bool>("trimmed");
        QTest::newRow("plain") << u"sk-live-1234"_s << u"sk-live-1234"_s << false;
        QTest::newRow("Unicode") << u"sk-välue ✓"_s << u"sk-välue ✓"_s << false;
        QTest::newRow("pasted newline") << u"sk-live\n"_s << u"sk-live"_s << true;
        QTest::newRow("CR LF from a file") << u"sk-live\r\n"_s << u"sk-live"_s << true;
        QTest::newRow("spaces and tabs") << u"sk-live \t "_s << u"sk-live"_s << true;
        QTest::newRow("no-break space") << u"sk-live\u00a0"_s << u"sk-live"_s << true;
        QTest::newRow("empty") << QString() << QString() << false;
        QTest::newRow("only whitespace") << u" \n"_s << QString() << true;
    }

    void accepted()
    {
        QFETCH(QString, raw);
        QFETCH(QString, key);
        QFETCH(bool, trimmed);
        const ApiKeyCheck check = ApiKeyPolicy::checkApiKey(raw);
        QCOMPARE(check.error, QString());
        QCOMPARE(check.key, key);
        QCOMPARE(check.trimmedTrailingWhitespace, trimmed);
    }

    void trimmedNoteSaysWhat() { QVERIFY(ApiKeyPolicy::trimmedNote().contains(u"end of the API key"_s)); }
};

QTEST_GUILESS_MAIN(TestApiKeyPolicy)
#include "tst_apikeypolicy.moc"
