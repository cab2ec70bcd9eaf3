// RowExport (CSV per RFC 4180, JSON, masked MCP URLs) and LocalSandboxFilterProxy (sandboxes filtered,
// their servers kept), under QAbstractItemModelTester.

#include "api/remotetext.h"
#include "models/localsandboxfilterproxy.h"
#include "models/localsandboxtreemodel.h"
#include "models/rowexport.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

LocalSandbox sandbox(const QString &id, const QString &status, const QList<LocalServer> &servers)
{
    LocalSandbox result;
    result.localSandboxId = id;
    result.status = status;
    result.servers = servers;
    return result;
}

LocalServer server(const QString &name, const QStringList &tags = {})
{
    LocalServer result;
    result.id = name + u"-id"_s;
    result.serverName = name;
    result.mcpServerUrl = u"http://127.0.0.1:1/local/"_s + name;
    result.tags = tags;
    return result;
}

} // namespace

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

    void localProxyFiltersSandboxesAndKeepsServers()
    {
        LocalSandboxTreeModel model;
        LocalSandboxFilterProxy proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        QSignalSpy counts(&proxy, &LocalSandboxFilterProxy::countsChanged);
        model.applySnapshot(
            {sandbox(u"aaa"_s, u"occupied"_s, {server(u"github"_s, {u"run-1"_s}), server(u"git"_s)}),
             sandbox(u"bbb"_s, u"idle"_s, {server(u"slack"_s)}),
             sandbox(u"ccc"_s, u"occupied"_s, {server(u"notion"_s, {u"run-2"_s})})});
        QCOMPARE(proxy.rowCount(), 3);
        QVERIFY(!counts.isEmpty());
        QCOMPARE(counts.last(), (QList<QVariant>{3, 3}));

        proxy.setSearchText(u"  GITHUB "_s); // a server's name finds its sandbox, case-insensitively
        QCOMPARE(proxy.rowCount(), 1);
        const QModelIndex kept = proxy.index(0, 0);
        QCOMPARE(kept.data(LocalSandboxTreeModel::LocalSandboxIdRole).toString(), u"aaa"_s);
        QCOMPARE(proxy.rowCount(kept), 2); // git does not match, and stays with its sandbox
        QCOMPARE(counts.last(), (QList<QVariant>{1, 3}));

        proxy.setSearchText(QString());
        proxy.setStatusFilter(u"Occupied"_s);
        QCOMPARE(proxy.rowCount(), 2);
        proxy.setTagFilter(u"run-2"_s);
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.index(0, 0).data(LocalSandboxTreeModel::LocalSandboxIdRole).toString(), u"ccc"_s);

        // A new sandbox that does not match changes the total, not the shown count.
        model.applySnapshot({sandbox(u"aaa"_s, u"occupied"_s, {server(u"github"_s, {u"run-1"_s})}),
                             sandbox(u"bbb"_s, u"idle"_s, {server(u"slack"_s)}),
                             sandbox(u"ccc"_s, u"occupied"_s, {server(u"notion"_s, {u"run-2"_s})}),
                             sandbox(u"ddd"_s, u"idle"_s, {})});
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(counts.last(), (QList<QVariant>{1, 4}));
        QCOMPARE(model.knownStatuses(), (QStringList{u"idle"_s, u"occupied"_s}));
        QCOMPARE(model.knownTags(), (QStringList{u"run-1"_s, u"run-2"_s}));
    }
};

QTEST_MAIN(TestRowExport)
#include "tst_rowexport.moc"
