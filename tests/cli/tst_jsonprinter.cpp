// The CLI's --json writer: the same document as the server's, secrets masked, terminal controls escaped,
// anything that is not strict JSON refused before a byte is written.
#include "cli/jsonprinter.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryFile>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

QByteArray fixture(const QString &name)
{
    QFile file(QStringLiteral(SANDBOXDECK_TEST_DATA_DIR) + u"/klavis/"_s + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

const QString mask = u"•••••• (--show-secrets)"_s;

} // namespace

class TestJsonPrinter final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameDocumentAsQt_data()
    {
        QTest::addColumn<QByteArray>("body");
        for (const QString &name :
             {u"list-current.json"_s, u"details-current.json"_s, u"acquire-current.json"_s,
              u"local-list.json"_s, u"array.json"_s, u"list-bad-rows.json"_s})
            QTest::newRow(qPrintable(name)) << fixture(name);
        QTest::newRow("scalars") << QByteArray(R"( [0, -1.5e+3, 1E2, true, false, null, "", {}, []] )");
        // Not a raw string: moc misreads a backslash-quote inside one and finds no class in this file.
        QTest::newRow("escapes") << QByteArray(
            "{\"a\\\"b\": \"\\\\ \\/ \\b\\f\\n\\r\\t \\u00e9 \\ud83d\\ude00\"}");
        QTest::newRow("UTF-8") << QByteArray("{\"k\": \"caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x98\x80\"}");
    }

    void sameDocumentAsQt()
    {
        QFETCH(QByteArray, body);
        QVERIFY(!body.isEmpty());
        const auto printed = JsonPrinter::format(body, false);
        QVERIFY(printed);
        QJsonParseError error{};
        const QJsonDocument ours = QJsonDocument::fromJson(*printed, &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(ours, QJsonDocument::fromJson(body));
        QVERIFY(printed->endsWith('\n'));
    }

    void indentedLikeQt()
    {
        const QByteArray body = R"({"a":[1,{"b":null}],"c":{}})";
        QCOMPARE(
            *JsonPrinter::format(body, false),
            QByteArray("{\n    \"a\": [\n        1,\n        {\n            \"b\": null\n        }\n    ],\n"
                       "    \"c\": {}\n}\n"));
    }

    void refused_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("truncated fixture") << fixture(u"truncated.json"_s);
        QTest::newRow("HTML") << fixture(u"html.txt"_s);
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("garbage after") << QByteArray("{} x");
        QTest::newRow("two documents") << QByteArray("{}{}");
        QTest::newRow("unclosed") << QByteArray("[1, 2");
        QTest::newRow("trailing comma") << QByteArray("[1,]");
        QTest::newRow("raw ESC in a string") << QByteArray("[\"\x1b[2J\"]");
        QTest::newRow("raw newline in a string") << QByteArray("[\"a\nb\"]");
        QTest::newRow("bad escape") << QByteArray(R"(["\x41"])");
        QTest::newRow("short \\u") << QByteArray(R"(["\u12"])");
        QTest::newRow("invalid UTF-8") << QByteArray("[\"\xff\"]");
        QTest::newRow("overlong UTF-8") << QByteArray("[\"\xc0\xaf\"]");
        QTest::newRow("UTF-8 surrogate") << QByteArray("[\"\xed\xa0\x80\"]");
        QTest::newRow("leading zero") << QByteArray("[01]");
        QTest::newRow("bare minus") << QByteArray("[-]");
        QTest::newRow("NaN") << QByteArray("[NaN]");
        QTest::newRow("too deep") << QByteArray(JsonPrinter::maxDepth + 1, '[') +
                                         QByteArray(JsonPrinter::maxDepth + 1, ']');
    }

    void refused()
    {
        QFETCH(QByteArray, body);
        QVERIFY(!JsonPrinter::format(body, true));
        QTemporaryFile file;
        QVERIFY(file.open());
        std::FILE *out = std::fopen(qPrintable(file.fileName()), "wb");
        QVERIFY(out);
        QVERIFY(!JsonPrinter::print(body, true, out));
        std::fclose(out);
        QCOMPARE(QFile(file.fileName()).size(), 0); // nothing written, not half a document
    }

    void deepButAllowed()
    {
        const int depth = JsonPrinter::maxDepth;
        const QByteArray body = QByteArray(depth, '[') + QByteArray(depth, ']');
        QVERIFY(JsonPrinter::format(body, false));
    }

    void terminalControlsEscaped()
    {
        // Valid JSON may carry DEL, C1 controls and bidi overrides raw; a terminal would act on them.
        const QByteArray body = "{\"t\": \"a\x7f"
                                "b\xc2\x9b"
                                "2J\xe2\x80\xae"
                                "evil\xe2\x81\xa6\", \"e\": \"\\u001b\"}";
        const QByteArray printed = *JsonPrinter::format(body, false);
        QVERIFY2(!printed.contains('\x7f') && !printed.contains("\xc2\x9b") &&
                     !printed.contains("\xe2\x80\xae") && !printed.contains("\xe2\x81\xa6"),
                 printed.constData());
        QVERIFY(printed.contains(R"(a\u007fb\u009b2J\u202eevil\u2066)"));
        // Still the same values.
        QCOMPARE(QJsonDocument::fromJson(printed), QJsonDocument::fromJson(body));
    }

    void secretsMasked()
    {
        const QByteArray body =
            R"({"sandbox_id": "s1", "auth_data": {"token": "tok-123", "n": 5, "o": {"x": "y"},
            "none": null}, "metadata": {"api_token": "meta-456"}, "servers": [{"auth_data": {"p": "pw-789"},
            "metadata": null}], "other": {"metadata": "flat-000"}})";
        const QByteArray masked = *JsonPrinter::format(body, true);
        for (const char *secret : {"tok-123", "meta-456", "pw-789", "flat-000", "\"y\""})
            QVERIFY2(!masked.contains(secret), secret);
        const QJsonObject object = QJsonDocument::fromJson(masked).object();
        QCOMPARE(object[u"sandbox_id"_s].toString(), u"s1"_s);
        const QJsonObject auth = object[u"auth_data"_s].toObject();
        QCOMPARE(auth.keys(), (QStringList{u"n"_s, u"none"_s, u"o"_s, u"token"_s})); // names stay
        QCOMPARE(auth[u"token"_s].toString(), mask);
        QCOMPARE(auth[u"n"_s].toString(), mask);
        QCOMPARE(auth[u"o"_s].toString(), mask);
        QVERIFY(auth[u"none"_s].isNull()); // nothing to hide
        QCOMPARE(object[u"metadata"_s][u"api_token"_s].toString(), mask);
        QCOMPARE(object[u"servers"_s][0][u"auth_data"_s][u"p"_s].toString(), mask); // at any depth
        QVERIFY(object[u"servers"_s][0][u"metadata"_s].isNull());
        QCOMPARE(object[u"other"_s][u"metadata"_s].toString(), mask);

        const QByteArray shown = *JsonPrinter::format(body, false);
        QCOMPARE(QJsonDocument::fromJson(shown), QJsonDocument::fromJson(body));
    }

    void printWritesTheWholeDocument()
    {
        // Bigger than the write chunk, so the chunked path is the one tested.
        QJsonArray rows;
        for (int i = 0; i < 5000; ++i)
            rows.append(QJsonObject{{u"sandbox_id"_s, u"id-%1"_s.arg(i)}, {u"tags"_s, QJsonArray{u"a"_s}}});
        const QByteArray body =
            QJsonDocument(QJsonObject{{u"sandboxes"_s, rows}}).toJson(QJsonDocument::Compact);
        QTemporaryFile file;
        QVERIFY(file.open());
        std::FILE *out = std::fopen(qPrintable(file.fileName()), "wb");
        QVERIFY(out);
        QVERIFY(JsonPrinter::print(body, true, out));
        std::fclose(out);
        QFile written(file.fileName());
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QByteArray text = written.readAll();
        QVERIFY(text.size() > 64 * 1024);
        QCOMPARE(text, *JsonPrinter::format(body, true));
        QCOMPARE(QJsonDocument::fromJson(text), QJsonDocument::fromJson(body));
    }
};

QTEST_GUILESS_MAIN(TestJsonPrinter)
#include "tst_jsonprinter.moc"
