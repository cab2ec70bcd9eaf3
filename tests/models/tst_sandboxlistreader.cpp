#include "api/klavisdecoder.h"
#include "api/sandboxlistreader.h"
#include "generalsandboxlist.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

QByteArray fixture(const QString &name)
{
    QFile file(QStringLiteral(SANDBOXDECK_TEST_DATA_DIR "/klavis/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return file.readAll();
}

QByteArray listOf(const QByteArray &rows, const QByteArray &tail = ",\"total_count\":1")
{
    return "{\"sandboxes\":[" + rows + "]" + tail + "}";
}

quint64 nextRandom(quint64 &state)
{
    quint64 z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

} // namespace

class TestSandboxListReader : public QObject
{
    Q_OBJECT

private:
    // Whatever the reader answers equals the general path, and the decoder gives the general path's answer.
    void verifyAgreement(const QByteArray &body, const std::optional<SandboxList> &fast)
    {
        const std::optional<SandboxList> reference = generalSandboxList(body);
        if (fast) {
            QVERIFY2(reference.has_value(), body.left(200).constData());
            QCOMPARE(fast->sandboxes, reference->sandboxes);
            QCOMPARE(fast->totalCount, reference->totalCount);
        }
        const auto decoded = KlavisDecoder::sandboxList(body);
        QCOMPARE(decoded.ok(), reference.has_value());
        if (reference) {
            QCOMPARE(decoded->sandboxes, reference->sandboxes);
            QCOMPARE(decoded->totalCount, reference->totalCount);
        }
    }

private slots:
    void fixtures_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("answers");
        QTest::newRow("current shape") << u"list-current.json"_s << true;
        QTest::newRow("old tag object") << u"list-tags-object.json"_s << false;
        QTest::newRow("bad rows, count as text") << u"list-bad-rows.json"_s << false;
        QTest::newRow("wrong type") << u"list-wrong-type.json"_s << false;
        QTest::newRow("truncated") << u"truncated.json"_s << false;
        QTest::newRow("array") << u"array.json"_s << false;
        QTest::newRow("empty") << u"empty.txt"_s << false;
        QTest::newRow("html") << u"html.txt"_s << false;
    }

    void fixtures()
    {
        QFETCH(QString, name);
        QFETCH(bool, answers);
        const QByteArray body = fixture(name);
        const auto fast = SandboxListReader::read(body);
        QCOMPARE(fast.has_value(), answers);
        verifyAgreement(body, fast);
    }

    void edgeCases_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<bool>("answers");
        const QByteArray row = R"({"sandbox_id":"a","server_name":"github","status":"idle"})";
        QTest::newRow("plain") << listOf(row) << true;
        QTest::newRow("spaces everywhere")
            << QByteArray(" \n{ \"sandboxes\" :\t[ { \"sandbox_id\" : \"a\" } ] ,"
                          " \"total_count\" : 1 }\r\n")
            << true;
        // Not a raw string: moc misreads one that holds \".
        QTest::newRow("escapes")
            << listOf(
                   "{\"sandbox_id\":\"a\\\"b\\\\c\\/d\\n\\t\\u00e9\\ud83d\\ude00\",\"status\":\"x\\u0041\"}")
            << true;
        QTest::newRow("utf-8")
            << listOf("{\"sandbox_id\":\"\xc3\xa9\xf0\x9f\x98\x80\",\"server_name\":\"\xe2\x82\xac\"}")
            << true;
        QTest::newRow("unknown fields")
            << listOf(R"({"x":{"a":[1,-2.5,true,false,null,{"b":"c"}]},"sandbox_id":"a","y":0})") << true;
        QTest::newRow("nulls")
            << listOf(
                   R"({"sandbox_id":"a","server_name":null,"benchmark":null,"tags":null,"updated_at":null})")
            << true;
        QTest::newRow("tags with empties")
            << listOf(R"({"sandbox_id":"a","tags":["x",null,"","y"]})") << true;
        QTest::newRow("tags as one string")
            << listOf(R"({"sandbox_id":"a","tags":"solo"},{"sandbox_id":"b","tags":""})") << true;
        QTest::newRow("no id, not an object")
            << listOf(R"({"server_name":"x"},42,"s",[1],null,{"sandbox_id":""})") << true;
        QTest::newRow("times") << listOf(
                                      R"({"sandbox_id":"a","updated_at":"2026-02-16T12:45:25.770231-08:00"},)"
                                      R"({"sandbox_id":"b","updated_at":"yesterday"})")
                               << true;
        QTest::newRow("empty list") << listOf({}, R"(,"total_count":7)") << true;
        QTest::newRow("count null") << listOf(row, R"(,"total_count":null)") << true;
        QTest::newRow("count absent") << listOf(row, {}) << true;
        QTest::newRow("count first") << QByteArray(R"({"total_count":3,"sandboxes":[]})") << true;

        QTest::newRow("invalid utf-8") << listOf("{\"sandbox_id\":\"\xc3\x28\"}") << false;
        QTest::newRow("overlong utf-8") << listOf("{\"sandbox_id\":\"\xc0\xaf\"}") << false;
        QTest::newRow("lone surrogate") << listOf(R"({"sandbox_id":"\ud83d"})") << false;
        QTest::newRow("escaped NUL") << listOf(R"({"sandbox_id":"a\u0000"})") << false;
        QTest::newRow("raw control") << listOf("{\"sandbox_id\":\"a\x01\"}") << false;
        QTest::newRow("duplicate field")
            << listOf(R"({"sandbox_id":"a","status":"idle","status":"error"})") << false;
        QTest::newRow("status as number") << listOf(R"({"sandbox_id":"a","status":42})") << false;
        QTest::newRow("id as number") << listOf(R"({"sandbox_id":7})") << false;
        QTest::newRow("tags object") << listOf(R"({"sandbox_id":"a","tags":{"k":"v"}})") << false;
        QTest::newRow("tag as number") << listOf(R"({"sandbox_id":"a","tags":[1]})") << false;
        QTest::newRow("exponent") << listOf(R"({"sandbox_id":"a","x":1e999})") << false;
        QTest::newRow("count fraction") << listOf(row, R"(,"total_count":1.5)") << false;
        QTest::newRow("count too big") << listOf(row, R"(,"total_count":99999999999)") << false;
        QTest::newRow("count as text") << listOf(row, R"(,"total_count":"1")") << false;
        QTest::newRow("escaped key") << listOf(R"({"sandbox_id":"a","st\u0061tus":"error"})") << false;
        QTest::newRow("list null") << QByteArray(R"({"sandboxes":null,"total_count":0})") << false;
        QTest::newRow("no list") << QByteArray(R"({"total_count":0})") << false;
        QTest::newRow("list twice") << QByteArray(R"({"sandboxes":[],"sandboxes":[]})") << false;
        QTest::newRow("trailing comma") << listOf(row + ",") << false;
        QTest::newRow("trailing garbage") << listOf(row) + "x" << false;
        QTest::newRow("leading zero") << listOf(R"({"sandbox_id":"a","x":01})") << false;
        QTest::newRow("byte order mark") << "\xef\xbb\xbf" + listOf(row) << false;
        QTest::newRow("deep nesting")
            << listOf("{\"sandbox_id\":\"a\",\"x\":" + QByteArray(100, '[') + QByteArray(100, ']') + "}")
            << false;
        QTest::newRow("truncated") << listOf(row).chopped(3) << false;
        // On-Demand reads only what it is asked for: the reader must still see these.
        QTest::newRow("high surrogate, other escape") << listOf(R"({"sandbox_id":"\ud83d\u0041"})") << false;
        QTest::newRow("escaped non-character") << listOf(R"({"sandbox_id":"a\uffff"})") << false;
        QTest::newRow("unclosed list") << QByteArray(R"({"sandboxes":[{"sandbox_id":"a"})") << false;
        QTest::newRow("unclosed object") << QByteArray(R"({"sandboxes":[])") << false;
        QTest::newRow("extra brace") << listOf(row) + "}" << false;
        QTest::newRow("second document") << listOf(row) + listOf(row) << false;
        QTest::newRow("bad literal skipped") << listOf(R"({"sandbox_id":"a","x":[tru]})") << false;
        QTest::newRow("bad number skipped") << listOf(R"({"sandbox_id":"a","x":-})") << false;
        QTest::newRow("bad string skipped") << listOf(R"({"sandbox_id":"a","x":"\q"})") << false;
        QTest::newRow("missing comma skipped") << listOf(R"({"sandbox_id":"a","x":[1 2]})") << false;
        QTest::newRow("missing colon") << listOf(R"({"sandbox_id" "a"})") << false;
        QTest::newRow("row not an object, broken") << listOf(R"([1,,2],{"sandbox_id":"a"})") << false;
        QTest::newRow("unknown top-level field")
            << QByteArray(R"({"next":{"page":2},"sandboxes":[]})") << true;
    }

    void edgeCases()
    {
        QFETCH(QByteArray, body);
        QFETCH(bool, answers);
        const auto fast = SandboxListReader::read(body);
        QCOMPARE(fast.has_value(), answers);
        verifyAgreement(body, fast);
    }

    void randomDocumentsAgree()
    {
        const QList<QByteArray> ids{"\"a1\"",       "\"\"", "null",      "\"b\\u00e9\"",
                                    "\"\xc3\xa9\"", "7",    "\"x\\\"y\""};
        const QList<QByteArray> texts{"\"idle\"", "\"Cal.com\"",     "null", "\"\"", "\"r\\/s\"",
                                      "true",     "\"\xe2\x82\xac\""};
        const QList<QByteArray> tags{"[]",        "[\"a\",\"b\"]",       "null", "\"t\"", "[null,\"\"]",
                                     "{\"k\":1}", "[\"\\ud83d\\ude00\"]"};
        const QList<QByteArray> times{"\"2026-02-16T12:45:25.770231-08:00\"", "\"2026-02-16T20:45:25Z\"",
                                      "null", "\"garbage\"", "\"2026-02-30T00:00:00Z\""};
        const QList<QByteArray> extras{"", ",\"x\":[1,{\"y\":null}]", ",\"z\":-0.5", ",\"status\":\"dup\""};
        quint64 random = 42;
        const auto pick = [&](const QList<QByteArray> &from) {
            return from[int(nextRandom(random) % quint64(from.size()))];
        };
        int answered = 0;
        for (int round = 0; round < 3000; ++round) {
            QByteArray rows;
            for (int i = int(nextRandom(random) % 6); i > 0; --i) {
                if (!rows.isEmpty())
                    rows += ',';
                rows += "{\"sandbox_id\":" + pick(ids) + ",\"server_name\":" + pick(texts) +
                        ",\"status\":" + pick(texts) + ",\"benchmark\":" + pick(texts) +
                        ",\"tags\":" + pick(tags) + ",\"updated_at\":" + pick(times) + pick(extras) + '}';
            }
            QByteArray body = listOf(rows, nextRandom(random) % 2 ? ",\"total_count\":5" : "");
            if (nextRandom(random) % 10 == 0)
                body.chop(int(nextRandom(random) % 4)); // sometimes broken
            const auto fast = SandboxListReader::read(body);
            answered += fast.has_value();
            verifyAgreement(body, fast);
            if (QTest::currentTestFailed())
                qFatal("disagreement on %s", body.constData());
        }
        // The reader is not allowed to be right by never answering.
        QVERIFY2(answered > 300, qPrintable(QString::number(answered)));
    }
};

QTEST_GUILESS_MAIN(TestSandboxListReader)
#include "tst_sandboxlistreader.moc"
