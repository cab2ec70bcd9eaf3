// RowExport (CSV per RFC 4180, JSON) and the masked MCP URLs it is given.

#include "api/remotetext.h"
#include "models/rowexport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;

class TestRowExport : public QObject
{
    Q_OBJECT

private slots:
    void csvQuotesPerRfc4180()
    {
        RowExport rows({u"id"_s, u"note"_s, u"tags"_s});
        rows.addRow({u"a1"_s, u"plain"_s, QStringList{u"x"_s, u"y"_s}});
        rows.addRow({u"a2"_s, u"comma, and \"quotes\""_s, QStringList{}});
        rows.addRow({u"a3"_s, u"two\nlines"_s, QStringList{u"only"_s}});
        QCOMPARE(rows.toCsv(), QByteArray("id,note,tags\r\n"
                                          "a1,plain,x; y\r\n"
                                          "a2,\"comma, and \"\"quotes\"\"\",\r\n"
                                          "a3,\"two\nlines\",only\r\n"));
    }

    void csvDefusesFormulas()
    {
        RowExport rows({u"tag"_s});
        rows.addRow({u"=HYPERLINK(\"http://x\")"_s});
        rows.addRow({u"@SUM(A1)"_s});
        rows.addRow({u"+1"_s});
        rows.addRow({u"-2"_s});
        rows.addRow({u"safe=1"_s});
        QCOMPARE(rows.toCsv(),
                 QByteArray("tag\r\n\"'=HYPERLINK(\"\"http://x\"\")\"\r\n'@SUM(A1)\r\n'+1\r\n'-2\r\n"
                            "safe=1\r\n"));
    }

    void jsonKeepsListsAsArrays()
    {
        RowExport rows({u"id"_s, u"tags"_s});
        rows.addRow({u"a1"_s, QStringList{u"x"_s, u"y"_s}});
        rows.addRow({u"ünï\"code"_s, QStringList{}});
        const QJsonArray array = QJsonDocument::fromJson(rows.toJson()).array();
        QCOMPARE(array.size(), 2);
        QCOMPARE(array[0].toObject().value(u"tags"_s).toArray(), QJsonArray({u"x"_s, u"y"_s}));
        QCOMPARE(array[1].toObject().value(u"id"_s).toString(), u"ünï\"code"_s);
        QVERIFY(array[1].toObject().value(u"tags"_s).toArray().isEmpty());
        QCOMPARE(RowExport::formatForFile(u"/tmp/a.JSON"_s), RowExport::Format::Json);
        QCOMPARE(RowExport::formatForFile(u"/tmp/a.csv"_s), RowExport::Format::Csv);
        QCOMPARE(RowExport::formatForFile(u"/tmp/a"_s), RowExport::Format::Csv);
    }

    void urlsLoseTheirSecrets()
    {
        const QString mask = RemoteText::mask();
        QCOMPARE(RemoteText::maskedUrl(u"https://strata.klavis.ai/mcp/?strata_id=abc123&token=s3cr3t"_s),
                 u"https://strata.klavis.ai/mcp/?strata_id=%1&token=%1"_s.arg(mask));
        const QString withUser = RemoteText::maskedUrl(u"https://user:pass@host.example/p#frag"_s);
        QVERIFY(!withUser.contains(u"pass"_s));
        QVERIFY(!withUser.contains(u"user"_s));
        QVERIFY(!withUser.contains(u"frag"_s));
        QVERIFY(withUser.contains(u"host.example/p"_s));
        QCOMPARE(RemoteText::maskedUrl(u"http://127.0.0.1:4000/local/abc/github/mcp"_s),
                 u"http://127.0.0.1:4000/local/abc/github/mcp"_s);
        QCOMPARE(RemoteText::maskedUrl(QString()), QString());
        QCOMPARE(RemoteText::maskedUrl(u"http://exa mple.com/?k=v"_s), mask);
    }
};

QTEST_MAIN(TestRowExport)
#include "tst_rowexport.moc"
