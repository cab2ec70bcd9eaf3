#include "models/allsandboxesfilterproxy.h"
#include "models/allsandboxesmodel.h"
#include "models/relativetime.h"
#include "modelsignals.h"
#include "store/sandboxstore.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using Provider = AllSandboxRow::Provider;

namespace {

const QDateTime now(QDate(2026, 11, 24), QTime(12, 0), Qt::UTC);

SandboxSummary klavis(const QString &server, const QString &id, const QString &status, int minutesAgo = 5)
{
    SandboxSummary s;
    s.serverName = server;
    s.sandboxId = id;
    s.status = status;
    s.benchmark = u"MCP_Atlas"_s;
    s.tags = {u"nightly"_s};
    s.updatedAt = now.addSecs(-60 * minutesAgo);
    return s;
}

LocalSandbox local(const QString &id, const QString &status, const QStringList &serverNames)
{
    LocalSandbox s;
    s.localSandboxId = id;
    s.status = status;
    s.createdAt = now.addSecs(-3600);
    for (const auto &name : serverNames) {
        LocalServer server;
        server.id = name + u"-1"_s;
        server.serverName = name;
        server.status = status;
        s.servers << server;
    }
    return s;
}

} // namespace

class TestAllSandboxesModel : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<KlavisSandboxStore> m_klavis;
    std::unique_ptr<LocalSandboxStore> m_local;
    std::unique_ptr<AllSandboxesModel> m_all;
    std::unique_ptr<QAbstractItemModelTester> m_tester;

    QStringList names() const
    {
        QStringList result;
        for (int row = 0; row < m_all->rowCount(); ++row)
            result << m_all->index(row, AllSandboxesModel::NameColumn).data().toString();
        return result;
    }
    int rowNamed(const QString &name) const { return int(names().indexOf(name)); }
    QString cell(const QString &name, int column) const
    {
        return m_all->index(rowNamed(name), column).data().toString();
    }
    // The stores' lists are read and compared on a worker: the rows are in once the model says so.
    bool synced() const
    {
        return QTest::qWaitFor([this] { return !m_all->isSyncing(); }, 10000);
    }

private slots:
    void init()
    {
        m_klavis = std::make_unique<KlavisSandboxStore>();
        m_local = std::make_unique<LocalSandboxStore>();
        m_all = std::make_unique<AllSandboxesModel>();
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_all.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_all->setReferenceTime(now);
        m_all->setStores(m_klavis.get(), m_local.get(), nullptr);
        m_all->setProfileName(Provider::Klavis, u"work"_s);
        m_all->setProfileName(Provider::KlavisLocal, u"work"_s);
        m_klavis->publishNow(
            {klavis(u"github"_s, u"gh1"_s, u"occupied"_s), klavis(u"slack"_s, u"sl1"_s, u"idle"_s, 90)});
        m_local->publishNow({local(u"loc1"_s, u"occupied"_s, {u"github"_s, u"jira"_s})});
        QVERIFY(synced());
    }

    void cleanup()
    {
        m_tester.reset();
        m_all.reset();
        m_local.reset();
        m_klavis.reset();
    }

    void listsEveryProvidersRowsWithTheirOwnWords()
    {
        QCOMPARE(names(), (QStringList{u"github/gh1"_s, u"slack/sl1"_s, u"loc1"_s}));
        QCOMPARE(cell(u"github/gh1"_s, AllSandboxesModel::ProviderColumn), u"Klavis"_s);
        QCOMPARE(cell(u"loc1"_s, AllSandboxesModel::ProviderColumn), u"Klavis local"_s);
        QCOMPARE(cell(u"github/gh1"_s, AllSandboxesModel::DetailColumn), u"MCP_Atlas · nightly"_s);
        QCOMPARE(cell(u"loc1"_s, AllSandboxesModel::DetailColumn), u"2 servers: github, jira"_s);
        QCOMPARE(cell(u"slack/sl1"_s, AllSandboxesModel::ProfileColumn), u"work"_s);
        QCOMPARE(cell(u"slack/sl1"_s, AllSandboxesModel::WhenColumn),
                 RelativeTime::relativeAge(now.addSecs(-90 * 60), now));
        const AllSandboxRow &gh = m_all->rowAt(rowNamed(u"github/gh1"_s));
        QCOMPARE(gh.serverName, u"github"_s);
        QCOMPARE(gh.id, u"gh1"_s);
        QVERIFY(gh.actionable);
        // An idle Klavis sandbox sits in the pool: nobody holds it, so release and reset do not apply.
        QVERIFY(!m_all->rowAt(rowNamed(u"slack/sl1"_s)).actionable);
        QCOMPARE(m_all->index(rowNamed(u"loc1"_s), 0).data(AllSandboxesModel::StatusKindRole).toInt(),
                 int(StatusKind::Occupied));
    }

    void appliesAStoresNewListAsADiffWorkedOutOffTheGuiThread()
    {
        ModelSignals events(m_all.get());
        QSignalSpy rowsSynced(m_all.get(), &AllSandboxesModel::rowsSynced);
        // Status of one, removal of another, a new one: three changes in one list.
        m_klavis->publishNow(
            {klavis(u"github"_s, u"gh1"_s, u"error"_s), klavis(u"jira"_s, u"ji1"_s, u"occupied"_s)});
        QVERIFY(events.events().isEmpty()); // not yet: the worker compares first
        QTRY_COMPARE(rowsSynced.size(), 1);
        // Each provider's rows form one block: the new Klavis row joins the Klavis block.
        QCOMPARE(events.take(), (QStringList{u"change 0-0 c0-5"_s, u"remove 1-1"_s, u"insert 1-1"_s}));
        QCOMPARE(names(), (QStringList{u"github/gh1"_s, u"jira/ji1"_s, u"loc1"_s}));
        QCOMPARE(cell(u"github/gh1"_s, AllSandboxesModel::StatusColumn), u"error"_s);

        // An identical list changes nothing here.
        m_klavis->publishNow(
            {klavis(u"github"_s, u"gh1"_s, u"error"_s), klavis(u"jira"_s, u"ji1"_s, u"occupied"_s)});
        QVERIFY(synced());
        QVERIFY(events.take().isEmpty());
        QCOMPARE(rowsSynced.size(), 1); // nothing changed: nothing to tell the view
    }

    void aListInAnotherOrderKeepsTheRowsWhereTheyAreAndAppendsTheNewOnes()
    {
        ModelSignals events(m_all.get());
        // A new sandbox listed first, the two known ones the other way round, one of them changed.
        m_klavis->publishNow({klavis(u"jira"_s, u"ji1"_s, u"occupied"_s),
                              klavis(u"slack"_s, u"sl1"_s, u"error"_s),
                              klavis(u"github"_s, u"gh1"_s, u"occupied"_s)});
        QVERIFY(synced());
        QCOMPARE(events.take(), (QStringList{u"change 1-1 c0-5"_s, u"insert 2-2"_s}));
        QCOMPARE(names(), (QStringList{u"github/gh1"_s, u"slack/sl1"_s, u"jira/ji1"_s, u"loc1"_s}));
        QCOMPARE(cell(u"slack/sl1"_s, AllSandboxesModel::StatusColumn), u"error"_s);
        QCOMPARE(cell(u"jira/ji1"_s, AllSandboxesModel::StatusColumn), u"occupied"_s);
        QCOMPARE(m_all->rowAt(rowNamed(u"github/gh1"_s)).id, u"gh1"_s);

        // Every row settled in the order shown: the next list, the same, changes nothing.
        m_klavis->publishNow({klavis(u"github"_s, u"gh1"_s, u"occupied"_s),
                              klavis(u"slack"_s, u"sl1"_s, u"error"_s),
                              klavis(u"jira"_s, u"ji1"_s, u"occupied"_s)});
        QVERIFY(synced());
        QVERIFY(events.take().isEmpty());
        QCOMPARE(names(), (QStringList{u"github/gh1"_s, u"slack/sl1"_s, u"jira/ji1"_s, u"loc1"_s}));
    }

    void removesScatteredRunsOfRowsInOnePass()
    {
        QList<SandboxSummary> many;
        for (int i = 0; i < 40; ++i)
            many << klavis(u"github"_s, u"s%1"_s.arg(i, 2, 10, QChar(u'0')), u"occupied"_s);
        m_klavis->publishNow(many);
        QVERIFY(synced());
        ModelSignals events(m_all.get());
        QList<SandboxSummary> kept;
        for (int i = 0; i < 40; ++i) {
            if (i % 5 != 1 && i % 5 != 2) // runs of two rows go, eight of them
                kept << many[i];
        }
        m_klavis->publishNow(kept);
        QVERIFY(synced());
        const QStringList seen = events.take();
        QCOMPARE(seen.size(), 8);
        QCOMPARE(seen.first(), u"remove 36-37"_s); // from the back, as the view still has them
        QCOMPARE(seen.last(), u"remove 1-2"_s);
        QStringList expected;
        for (const SandboxSummary &sandbox : kept)
            expected << u"github/"_s + sandbox.sandboxId;
        expected << u"loc1"_s;
        QCOMPARE(names(), expected);
    }

    void knowsTheStatusWordsOfEveryProvider()
    {
        QCOMPARE(m_all->knownStatuses(), (QStringList{u"idle"_s, u"occupied"_s}));
        m_local->publishNow({local(u"loc1"_s, u"Error"_s, {u"github"_s})});
        m_klavis->publishNow({klavis(u"github"_s, u"gh1"_s, u"OCCUPIED"_s)});
        QVERIFY(synced());
        // One spelling per word, whatever provider sent it.
        QCOMPARE(m_all->knownStatuses().size(), 2);
        QVERIFY(m_all->knownStatuses().contains(u"Error"_s));
    }

    void agesMovingOnKeepRowsAndOrder()
    {
        AllSandboxesFilterProxy proxy;
        proxy.setSourceModel(m_all.get());
        proxy.sort(AllSandboxesModel::WhenColumn, Qt::DescendingOrder);
        proxy.setSearchText(u"git"_s);
        ModelSignals events(&proxy);
        m_all->refreshAges();
        const QStringList seen = events.take();
        QVERIFY2(!seen.isEmpty() && !seen.join(u' ').contains(u"layout"_s) &&
                     !seen.join(u' ').contains(u"remove"_s),
                 qPrintable(seen.join(u", "_s)));
    }

    void aChangeOfOneStoreTouchesOnlyItsRows()
    {
        ModelSignals events(m_all.get());
        // A local sandbox's action starts: only its row changes, the Klavis rows are left alone.
        m_local->setBusy(u"loc1"_s, true);
        QVERIFY(synced());
        QCOMPARE(events.take(), (QStringList{u"change 2-2 c0-5"_s}));
        QVERIFY(m_all->rowAt(rowNamed(u"loc1"_s)).busy);
        m_local->setBusy(u"loc1"_s, false);
        QTRY_VERIFY(!m_all->rowAt(rowNamed(u"loc1"_s)).busy);
    }

    void aStoreThatGoesAwayTakesItsRows()
    {
        m_local.reset();
        QTRY_COMPARE(names(), (QStringList{u"github/gh1"_s, u"slack/sl1"_s}));
    }

    void showsHostileTextAsSymbols()
    {
        m_klavis->publishNow({klavis(u"git\x1b[2Jhub"_s, u"id\u202e1"_s, u"idle\n"_s)});
        QVERIFY(synced());
        int row = 0;
        while (row < m_all->rowCount() && m_all->rowAt(row).provider != Provider::Klavis)
            ++row;
        QVERIFY(row < m_all->rowCount());
        const QString name = m_all->index(row, AllSandboxesModel::NameColumn).data().toString();
        QVERIFY2(!name.contains(QChar(0x1b)) && !name.contains(QChar(0x202e)), qPrintable(name));
        QVERIFY(!m_all->index(row, AllSandboxesModel::StatusColumn).data().toString().contains(u'\n'));
        // The identity stays as sent, for the verbs.
        QCOMPARE(m_all->rowAt(row).id, u"id\u202e1"_s);
    }

    void filtersAcrossProvidersWithOneSearch()
    {
        AllSandboxesFilterProxy proxy;
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(m_all.get());
        QCOMPARE(proxy.rowCount(), 3);
        // "github" is a Klavis sandbox's server and one of the local sandbox's servers.
        proxy.setSearchText(u"  GitHub "_s);
        QCOMPARE(proxy.rowCount(), 2);
        proxy.setProviderFilter(Provider::KlavisLocal);
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.index(0, AllSandboxesModel::NameColumn).data().toString(), u"loc1"_s);
        proxy.setSearchText({});
        proxy.setProviderFilter(std::nullopt);
        proxy.setStatusFilter(u"OCCUPIED"_s);
        QCOMPARE(proxy.rowCount(), 2);
        QVERIFY(proxy.hasFilters());
        QCOMPARE(m_all->knownStatuses(), (QStringList{u"idle"_s, u"occupied"_s}));
        proxy.setStatusFilter({});
        QVERIFY(!proxy.hasFilters());

        // Newest first by time, unknown times last.
        proxy.sort(AllSandboxesModel::WhenColumn, Qt::DescendingOrder);
        QStringList order;
        for (int row = 0; row < proxy.rowCount(); ++row)
            order << proxy.index(row, AllSandboxesModel::NameColumn).data().toString();
        QCOMPARE(order, (QStringList{u"github/gh1"_s, u"loc1"_s, u"slack/sl1"_s}));

        // A row a refresh adds shows up through the proxy too.
        m_local->publishNow(
            {local(u"loc1"_s, u"occupied"_s, {u"github"_s}), local(u"loc2"_s, u"idle"_s, {})});
        QTRY_COMPARE(proxy.rowCount(), 4);
    }
};

QTEST_GUILESS_MAIN(TestAllSandboxesModel)
#include "tst_allsandboxesmodel.moc"
