// The facts with one home (app/catalog): the Klavis hosts, and the server and benchmark names checked
// against the provider's OpenAPI file, so that a drift in either shows here and not in a picker.
#include "catalog/klavishosts.h"
#include "catalog/serverlists.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;

class TestCatalog final : public QObject
{
    Q_OBJECT

private slots:
    void serverListsMatchOpenApi()
    {
        QFile file(QStringLiteral(SANDBOXDECK_PROVIDER_DIR "/klavis-sandbox-core-openapi.json"));
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
        const QJsonDocument document = QJsonDocument::fromJson(file.readAll());
        const auto schemas = document[u"components"_s][u"schemas"_s];
        const auto names = [&](const QString &schema) {
            QStringList out;
            for (const auto &v : schemas[schema][u"enum"_s].toArray())
                out << v.toString();
            return out;
        };
        QCOMPARE(ServerLists::sandboxServers(), names(u"SandboxMCPServer"_s));
        QCOMPARE(ServerLists::localServers(), names(u"LocalSandboxMCPServer"_s));
        QCOMPARE(ServerLists::benchmarks(), names(u"BenchmarkEnum"_s));
        QCOMPARE(ServerLists::sandboxServers().size(), 71);
        QCOMPARE(ServerLists::localServers().size(), 16);
        // The OpenAPI file names the US host as its server: the default must be that one.
        QCOMPARE(KlavisHosts::defaultBaseUrl().toString(), document[u"servers"_s][0][u"url"_s].toString());
    }

    void hostsAreUsThenEu()
    {
        const QList<KlavisHost> hosts = KlavisHosts::all();
        QCOMPARE(hosts.size(), 2);
        QCOMPARE(hosts.at(0).label, u"Klavis US"_s);
        QCOMPARE(hosts.at(1).label, u"Klavis EU"_s);
        QCOMPARE(hosts.at(0).baseUrl, KlavisHosts::defaultBaseUrl());
        for (const KlavisHost &host : hosts) {
            QCOMPARE(host.baseUrl.scheme(), u"https"_s);
            QVERIFY(host.baseUrl.path().isEmpty());
            QVERIFY(host.baseUrl.host().endsWith(u".klavis.ai"_s));
        }
        QVERIFY(hosts.at(1).baseUrl.host().contains(u".eu."_s));
    }

    void officialHosts_data()
    {
        QTest::addColumn<QString>("suffix");
        QTest::addColumn<bool>("official");
        // Appended to the US base URL's host, or replacing its scheme.
        QTest::newRow("as is") << u""_s << true;
        QTest::newRow("with a path") << u"/sandbox"_s << true;
        QTest::newRow("explicit 443") << u":443"_s << true;
        QTest::newRow("another port") << u":8443"_s << false;
        QTest::newRow("look-alike suffix") << u".evil.example"_s << false;
    }

    void officialHosts()
    {
        QFETCH(QString, suffix);
        QFETCH(bool, official);
        for (const KlavisHost &host : KlavisHosts::all()) {
            const QUrl url(u"https://"_s + host.baseUrl.host() + suffix);
            QCOMPARE(KlavisHosts::isOfficial(url), official);
        }
    }

    void officialNeedsHttpsAndTheWholeHost()
    {
        const QUrl us = KlavisHosts::defaultBaseUrl();
        QUrl plain = us;
        plain.setScheme(u"http"_s);
        QVERIFY(!KlavisHosts::isOfficial(plain));
        QUrl upper = us;
        upper.setHost(us.host().toUpper());
        QVERIFY(KlavisHosts::isOfficial(upper));
        QVERIFY(!KlavisHosts::isOfficial(QUrl(u"https://klavis.ai"_s)));
        QVERIFY(!KlavisHosts::isOfficial(QUrl(u"https://x"_s + us.host())));
        QVERIFY(!KlavisHosts::isOfficial(QUrl()));
    }
};

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
