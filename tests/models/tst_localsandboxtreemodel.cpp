#include "models/localsandboxfilterproxy.h"
#include "models/localsandboxtreemodel.h"
#include "models/relativetime.h"
#include "models/statuskind.h"
#include "modelsignals.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

const QDateTime now(QDate(2026, 2, 16), QTime(12, 0), Qt::UTC);

LocalServer server(const QString &id, const QString &name, const QString &status = u"idle"_s,
                   const QStringList &tags = {})
{
    LocalServer s;
    s.id = id;
    s.serverName = name;
    s.status = status;
    s.tags = tags;
    s.mcpServerUrl = u"https://mcp.example/%1"_s.arg(id.isEmpty() ? name : id);
    return s;
}

LocalSandbox local(const QString &id, const QList<LocalServer> &servers, const QString &status = u"idle"_s,
                   int minutesAgo = 10)
{
    LocalSandbox s;
    s.localSandboxId = id;
    s.status = status;
    s.benchmark = u"MCP_Atlas"_s;
    s.createdAt = now.addSecs(-60 * minutesAgo);
    s.servers = servers;
    return s;
}

} // namespace

class TestLocalSandboxTreeModel : public QObject
{
    Q_OBJECT

private:
    LocalSandboxTreeModel *m_model = nullptr;
    std::unique_ptr<QAbstractItemModelTester> m_tester;

    QModelIndex sandboxIndex(int row, int column = 0) const { return m_model->index(row, column); }
    QModelIndex serverIndex(int sandboxRow, int row, int column = 0) const
    {
        return m_model->index(row, column, m_model->index(sandboxRow, 0));
    }
    QStringList serverNames(int sandboxRow) const
    {
        QStringList names;
        const QModelIndex parent = sandboxIndex(sandboxRow);
        for (int row = 0; row < m_model->rowCount(parent); ++row)
            names << m_model->index(row, 0, parent).data().toString();
        return names;
    }

private slots:
    void init()
    {
        m_model = new LocalSandboxTreeModel(this);
        m_model->setReferenceTime(now);
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    }

    void cleanup()
    {
        m_tester.reset();
        delete m_model;
    }

    void refreshNamesTheSandboxesItChangedOrAdded()
    {
        QSignalSpy refreshed(m_model, &LocalSandboxTreeModel::sandboxesRefreshed);
        const auto first = QList<LocalSandbox>{local(u"a"_s, {server(u"s1"_s, u"git"_s)}), local(u"b"_s, {})};
        m_model->applySnapshot(first);
        m_model->applySnapshot(first);
        QCOMPARE(refreshed.size(), 0); // the first load and an unchanged one
        // A server's status change counts for its sandbox.
        m_model->applySnapshot({local(u"a"_s, {server(u"s1"_s, u"git"_s, u"occupied"_s)}), local(u"b"_s, {}),
                                local(u"c"_s, {})});
        QCOMPARE(refreshed.size(), 1);
        QCOMPARE(refreshed.first().first().toStringList(), (QStringList{u"a"_s, u"c"_s}));
    }

    void initialApplyShowsSandboxesWithTheirServers()
    {
        ModelSignals signals_(m_model);
        m_model->applySnapshot(
            {local(u"vm-1"_s, {server(u"s1"_s, u"github"_s), server(u"s2"_s, u"jira"_s, u"error"_s)}),
             local(u"vm-2"_s, {server(u"s3"_s, u"slack"_s)}, u"hibernating"_s, 3 * 60)});
        QCOMPARE(signals_.take(), QStringList{u"insert 0-1"_s});
        QCOMPARE(m_model->rowCount(), 2);
        QCOMPARE(m_model->rowCount(sandboxIndex(0)), 2);
        QCOMPARE(m_model->rowCount(sandboxIndex(0, 1)), 0); // only the first column has children
        QCOMPARE(m_model->rowCount(serverIndex(0, 0)), 0);

        QCOMPARE(sandboxIndex(0, LocalSandboxTreeModel::NameColumn).data().toString(), u"vm-1"_s);
        QCOMPARE(sandboxIndex(0, LocalSandboxTreeModel::StatusColumn).data().toString(), u"idle"_s);
        QCOMPARE(sandboxIndex(0, LocalSandboxTreeModel::BenchmarkColumn).data().toString(), u"MCP_Atlas"_s);
        QCOMPARE(sandboxIndex(0, LocalSandboxTreeModel::CreatedColumn).data().toString(), u"10 min ago"_s);
        QCOMPARE(sandboxIndex(0, LocalSandboxTreeModel::CreatedColumn).data(Qt::ToolTipRole).toString(),
                 RelativeTime::absoluteTime(now.addSecs(-600)));
        QCOMPARE(sandboxIndex(0, LocalSandboxTreeModel::DetailColumn).data().toString(),
                 u"2 servers: github, jira"_s);
        QCOMPARE(sandboxIndex(1, LocalSandboxTreeModel::DetailColumn).data().toString(),
                 u"1 server: slack"_s);
        QCOMPARE(sandboxIndex(1, LocalSandboxTreeModel::StatusColumn).data().toString(), u"hibernating"_s);
        QCOMPARE(sandboxIndex(1, 0).data(LocalSandboxTreeModel::StatusKindRole).toInt(),
                 int(StatusKind::Unknown));
        QCOMPARE(sandboxIndex(0, 0).data(LocalSandboxTreeModel::IsServerRole).toBool(), false);

        const QModelIndex jira = serverIndex(0, 1);
        QCOMPARE(jira.parent(), sandboxIndex(0));
        QCOMPARE(jira.data().toString(), u"jira"_s);
        QCOMPARE(serverIndex(0, 1, LocalSandboxTreeModel::StatusColumn).data().toString(), u"error"_s);
        // The Detail cell shortens the URL to what sets it apart from its siblings'; the role keeps it whole.
        QCOMPARE(serverIndex(0, 1, LocalSandboxTreeModel::DetailColumn).data().toString(), u"/s2"_s);
        QCOMPARE(jira.data(LocalSandboxTreeModel::McpUrlRole).toString(), u"https://mcp.example/s2"_s);
        QCOMPARE(jira.data(LocalSandboxTreeModel::LocalSandboxIdRole).toString(), u"vm-1"_s);
        QCOMPARE(jira.data(LocalSandboxTreeModel::IsServerRole).toBool(), true);
        QCOMPARE(jira.data(LocalSandboxTreeModel::StatusKindRole).toInt(), int(StatusKind::Error));
        QCOMPARE(m_model->indexOfSandbox(u"vm-2"_s), sandboxIndex(1));
        QVERIFY(m_model->sandboxById(u"vm-3"_s) == nullptr);
    }

    void refreshDiffsBothLevels()
    {
        m_model->applySnapshot({local(u"vm-1"_s, {server(u"s1"_s, u"github"_s), server(u"s2"_s, u"jira"_s)}),
                                local(u"vm-2"_s, {server(u"s3"_s, u"slack"_s)}), local(u"vm-3"_s, {})});
        ModelSignals signals_(m_model);
        // vm-1: s1 gone, s2 changed, s4 new (its count stays 2, but the names it lists and its servers' short
        // URLs change); vm-2 gone; vm-3 status changed; vm-4 new.
        m_model->applySnapshot(
            {local(u"vm-3"_s, {}, u"occupied"_s),
             local(u"vm-1"_s, {server(u"s4"_s, u"notion"_s), server(u"s2"_s, u"jira"_s, u"error"_s)}),
             local(u"vm-4"_s, {server(u"s5"_s, u"gmail"_s)})});
        QCOMPARE(signals_.take(), QStringList({u"remove 1-1"_s, u"remove 0/0-0"_s, u"change 0/0-0 c0-4"_s,
                                               u"insert 0/1-1"_s, u"change 0/0-1 c4-4"_s,
                                               u"change 0-0 c0-4"_s, u"change 1-1 c0-4"_s, u"insert 2-2"_s}));
        QCOMPARE(serverNames(0), QStringList({u"jira"_s, u"notion"_s}));
        QCOMPARE(serverIndex(0, 0, LocalSandboxTreeModel::StatusColumn).data().toString(), u"error"_s);
        QCOMPARE(sandboxIndex(1, LocalSandboxTreeModel::StatusColumn).data().toString(), u"occupied"_s);
        QCOMPARE(sandboxIndex(2).data().toString(), u"vm-4"_s);

        // A server count change shows on the sandbox's own row.
        m_model->applySnapshot({local(u"vm-3"_s, {}, u"occupied"_s),
                                local(u"vm-1"_s, {server(u"s2"_s, u"jira"_s, u"error"_s)}),
                                local(u"vm-4"_s, {server(u"s5"_s, u"gmail"_s)})});
        QCOMPARE(signals_.take(),
                 QStringList({u"remove 0/1-1"_s, u"change 0/0-0 c4-4"_s, u"change 0-0 c0-4"_s}));
        QCOMPARE(sandboxIndex(0, LocalSandboxTreeModel::DetailColumn).data().toString(), u"1 server: jira"_s);
    }

    void unchangedRefreshEmitsNothing()
    {
        const QList<LocalSandbox> list{
            local(u"vm-1"_s, {server(u"s1"_s, u"github"_s), server(u"s2"_s, u"jira"_s)}),
            local(u"vm-2"_s, {server(u""_s, u"slack"_s)})};
        m_model->applySnapshot(list);
        ModelSignals signals_(m_model);
        QSignalSpy aboutToInsert(m_model, &QAbstractItemModel::rowsAboutToBeInserted);
        QSignalSpy aboutToRemove(m_model, &QAbstractItemModel::rowsAboutToBeRemoved);
        QSignalSpy aboutToLayout(m_model, &QAbstractItemModel::layoutAboutToBeChanged);
        QSignalSpy aboutToReset(m_model, &QAbstractItemModel::modelAboutToBeReset);
        m_model->applySnapshot(list);
        // Servers listed in another order, and a detail no cell shows: still nothing to report.
        QList<LocalSandbox> reordered{list[1], list[0]};
        std::swap(reordered[1].servers[0], reordered[1].servers[1]);
        reordered[1].message = u"acquired"_s;
        m_model->applySnapshot(reordered);
        QCOMPARE(signals_.events(), QStringList());
        QCOMPARE(aboutToInsert.count() + aboutToRemove.count() + aboutToLayout.count() + aboutToReset.count(),
                 0);
    }

    void persistentIndexesFollowSandboxesAndServers()
    {
        m_model->applySnapshot({local(u"vm-1"_s, {server(u"a"_s, u"github"_s)}),
                                local(u"vm-2"_s, {server(u"b"_s, u"jira"_s), server(u"c"_s, u"slack"_s)}),
                                local(u"vm-3"_s, {server(u"d"_s, u"notion"_s)})});
        const QPersistentModelIndex vm2 = sandboxIndex(1, LocalSandboxTreeModel::StatusColumn);
        const QPersistentModelIndex slack = serverIndex(1, 1, LocalSandboxTreeModel::DetailColumn);
        const QPersistentModelIndex github = serverIndex(0, 0);
        const QPersistentModelIndex jira = serverIndex(1, 0);

        // vm-1 goes with its server; vm-2 loses jira.
        m_model->applySnapshot({local(u"vm-2"_s, {server(u"c"_s, u"slack"_s, u"error"_s)}),
                                local(u"vm-3"_s, {server(u"d"_s, u"notion"_s)})});
        QVERIFY(!github.isValid());
        QVERIFY(!jira.isValid());
        QCOMPARE(vm2.row(), 0);
        QCOMPARE(vm2.data(LocalSandboxTreeModel::LocalSandboxIdRole).toString(), u"vm-2"_s);
        QCOMPARE(slack.row(), 0);
        QCOMPARE(slack.parent(), sandboxIndex(0));
        QCOMPARE(slack.data(LocalSandboxTreeModel::ServerNameRole).toString(), u"slack"_s);
        QCOMPARE(slack.data(LocalSandboxTreeModel::StatusRole).toString(), u"error"_s);
    }

    void serversWithoutIdsAreMatchedByName()
    {
        m_model->applySnapshot({local(u"vm"_s, {server({}, u"github"_s), server({}, u"jira"_s)})});
        const QPersistentModelIndex jira = serverIndex(0, 1);
        ModelSignals signals_(m_model);
        m_model->applySnapshot(
            {local(u"vm"_s, {server({}, u"jira"_s, u"error"_s), server({}, u"github"_s)})});
        QCOMPARE(signals_.take(), QStringList{u"change 0/1-1 c0-4"_s});
        QCOMPARE(jira.data(LocalSandboxTreeModel::StatusRole).toString(), u"error"_s);
    }

    void updateSandboxMergesOneReply()
    {
        m_model->applySnapshot({local(u"vm-1"_s, {server(u"a"_s, u"github"_s)})});
        ModelSignals signals_(m_model);
        m_model->updateSandbox(local(u"vm-1"_s, {server(u"a"_s, u"github"_s), server(u"b"_s, u"jira"_s)}));
        m_model->updateSandbox(local(u"vm-9"_s, {}));
        QCOMPARE(signals_.take(), QStringList({u"insert 0/1-1"_s, u"change 0/0-1 c4-4"_s,
                                               u"change 0-0 c0-4"_s, u"insert 1-1"_s}));
    }

    void sortsByCreationTime()
    {
        m_model->applySnapshot({local(u"2h"_s, {}, u"idle"_s, 120), local(u"30min"_s, {}, u"idle"_s, 30),
                                local(u"5d"_s, {}, u"idle"_s, 5 * 1440)});
        QSortFilterProxyModel proxy;
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(m_model);
        proxy.setSortRole(LocalSandboxTreeModel::SortRole);
        proxy.sort(LocalSandboxTreeModel::CreatedColumn);
        QStringList order;
        for (int row = 0; row < proxy.rowCount(); ++row)
            order << proxy.index(row, 0).data().toString();
        QCOMPARE(order, QStringList({u"5d"_s, u"2h"_s, u"30min"_s})); // by text: "2 h", "30 min", "5 d"
    }

    void busyFlagReachesTheServers()
    {
        m_model->applySnapshot({local(u"vm"_s, {server(u"a"_s, u"github"_s), server(u"b"_s, u"jira"_s)})});
        QSignalSpy changed(m_model, &QAbstractItemModel::dataChanged);
        m_model->setBusy(u"vm"_s, true);
        QCOMPARE(changed.count(), 2);
        QVERIFY(m_model->isBusy(u"vm"_s));
        QCOMPARE(serverIndex(0, 1).data(LocalSandboxTreeModel::BusyRole).toBool(), true);
        m_model->setBusy(u"vm"_s, true);
        QCOMPARE(changed.count(), 2);
    }

    void filterProxyJudgesSandboxesAndKeepsTheirServers()
    {
        LocalSandboxFilterProxy proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(m_model);
        QSignalSpy counts(&proxy, &LocalSandboxFilterProxy::countsChanged);
        const LocalSandbox ccc =
            local(u"ccc"_s, {server(u"n"_s, u"notion"_s, u"idle"_s, {u"run-2"_s})}, u"occupied"_s);
        m_model->applySnapshot(
            {local(u"aaa"_s,
                   {server(u"gh"_s, u"github"_s, u"idle"_s, {u"run-1"_s}), server(u"g"_s, u"git"_s)},
                   u"occupied"_s),
             local(u"bbb"_s, {server(u"s"_s, u"slack"_s)}), ccc});
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
        m_model->applySnapshot(
            {local(u"aaa"_s, {server(u"gh"_s, u"github"_s, u"idle"_s, {u"run-1"_s})}, u"occupied"_s),
             local(u"bbb"_s, {server(u"s"_s, u"slack"_s)}), ccc, local(u"ddd"_s, {})});
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(counts.last(), (QList<QVariant>{1, 4}));
        QCOMPARE(m_model->knownStatuses(), (QStringList{u"idle"_s, u"occupied"_s}));
        QCOMPARE(m_model->knownTags(), (QStringList{u"run-1"_s, u"run-2"_s}));

        // A reset of the source moves the total too.
        m_model->clear();
        QCOMPARE(counts.last(), (QList<QVariant>{0, 0}));
    }

    // Another source: the old one's changes no longer reach the counts; a destroyed one leaves none.
    void filterProxyCountsFollowOnlyItsCurrentSource()
    {
        LocalSandboxFilterProxy proxy;
        proxy.setStatusFilter(u"error"_s); // nothing shown: only the total moves
        proxy.setSourceModel(m_model);
        auto other = std::make_unique<LocalSandboxTreeModel>();
        proxy.setSourceModel(other.get());
        QSignalSpy counts(&proxy, &LocalSandboxFilterProxy::countsChanged);
        m_model->applySnapshot({local(u"aaa"_s, {})});
        QCOMPARE(counts.count(), 0);
        other->applySnapshot({local(u"bbb"_s, {}), local(u"ccc"_s, {})});
        QCOMPARE(counts.last(), (QList<QVariant>{0, 2}));
        other.reset();
        QCOMPARE(proxy.totalCount(), 0);
        proxy.setStatusFilter(QString()); // refilters without reading the destroyed tree
        QCOMPARE(proxy.rowCount(), 0);
    }

    void clearResets()
    {
        m_model->applySnapshot({local(u"vm"_s, {server(u"a"_s, u"github"_s)})});
        ModelSignals signals_(m_model);
        m_model->clear();
        QCOMPARE(signals_.take(), QStringList{u"reset"_s});
        QCOMPARE(m_model->rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestLocalSandboxTreeModel)
#include "tst_localsandboxtreemodel.moc"
