// What SandboxListModel's rows show beside the diff: the Updated column (its ages, their sort, text that is
// no time), the facets, the search text, the busy flag, and the sort ranks the proxy orders by.

#include "sandboxlistmodelfixture.h"
#include "seededrandom.h"

#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace SandboxListTest;

class TestSandboxListModelColumns : public QObject, private SandboxListModelFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init() { createModel(this); }
    void cleanup() { destroyModel(); }

    void updatedColumnSortsByTimeNotByText()
    {
        m_model->applySnapshot({sandbox(u"a"_s, u"2h"_s, u"idle"_s, {}, {}, now.addSecs(-7200)),
                                sandbox(u"a"_s, u"30min"_s, u"idle"_s, {}, {}, now.addSecs(-1800)),
                                sandbox(u"a"_s, u"5d"_s, u"idle"_s, {}, {}, now.addDays(-5)),
                                sandbox(u"a"_s, u"unknown"_s)});
        QCOMPARE(m_model->index(0, SandboxListModel::UpdatedColumn).data().toString(), u"2 h ago"_s);
        QCOMPARE(m_model->index(1, SandboxListModel::UpdatedColumn).data().toString(), u"30 min ago"_s);
        QCOMPARE(m_model->index(2, SandboxListModel::UpdatedColumn).data().toString(), u"5 d ago"_s);
        QCOMPARE(
            m_model->index(0, SandboxListModel::UpdatedColumn).data(SandboxListModel::SortRole).toDateTime(),
            now.addSecs(-7200));

        QSortFilterProxyModel proxy;
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(m_model);
        proxy.setSortRole(SandboxListModel::SortRole);
        proxy.sort(SandboxListModel::UpdatedColumn, Qt::AscendingOrder);
        // By display text it would be "2 h", "30 min", "5 d".
        QCOMPARE(ids(proxy), QStringList({u"unknown"_s, u"5d"_s, u"2h"_s, u"30min"_s}));
        proxy.sort(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
        QCOMPARE(ids(proxy), QStringList({u"30min"_s, u"2h"_s, u"5d"_s, u"unknown"_s}));
    }

    void unparsableTimeIsShownAsItCame()
    {
        SandboxSummary s = sandbox(u"a"_s, u"1"_s);
        s.updatedAtText = u"yesterday"_s;
        m_model->applySnapshot({s});
        const QModelIndex updated = m_model->index(0, SandboxListModel::UpdatedColumn);
        QCOMPARE(updated.data().toString(), u"yesterday"_s);
        QCOMPARE(updated.data(Qt::ToolTipRole).toString(), u"yesterday"_s);
    }

    void agesMoveOnWithoutTouchingOtherCells()
    {
        m_model->applySnapshot({sandbox(u"a"_s, u"1"_s, u"idle"_s, {}, {}, now.addSecs(-120))});
        QSignalSpy changed(m_model, &QAbstractItemModel::dataChanged);
        m_model->setReferenceTime(now.addSecs(3600));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed[0][0].toModelIndex().column(), int(SandboxListModel::UpdatedColumn));
        QCOMPARE(changed[0][1].toModelIndex().column(), int(SandboxListModel::UpdatedColumn));
        QCOMPARE(changed[0][2].value<QList<int>>(), QList<int>({Qt::DisplayRole, Qt::ToolTipRole}));
        QCOMPARE(m_model->index(0, SandboxListModel::UpdatedColumn).data().toString(), u"1 h ago"_s);
    }

    void facetsListTheValuesPresent()
    {
        QSignalSpy facets(m_model, &SandboxListModel::facetsChanged);
        m_model->applySnapshot({sandbox(u"Cal.com"_s, u"1"_s, u"idle"_s, u"MCP_Atlas"_s, {u"b"_s, u"a"_s}),
                                sandbox(u"Cal.com"_s, u"2"_s, u"error"_s, {}, {u"a"_s}),
                                sandbox(u"cal.com"_s, u"3"_s, u"idle"_s, u"Toolathlon"_s),
                                sandbox(u"github"_s, u"4"_s, u"idle"_s)});
        QCOMPARE(facets.count(), 1);
        QCOMPARE(m_model->knownServers(), QStringList({u"Cal.com"_s, u"github"_s})); // most used spelling
        QCOMPARE(m_model->knownStatuses(), QStringList({u"error"_s, u"idle"_s}));
        QCOMPARE(m_model->knownBenchmarks(), QStringList({u"MCP_Atlas"_s, u"Toolathlon"_s}));
        QCOMPARE(m_model->knownTags(), QStringList({u"a"_s, u"b"_s}));

        // Counts change, the sets do not: no signal.
        m_model->applySnapshot({sandbox(u"Cal.com"_s, u"1"_s, u"idle"_s, u"MCP_Atlas"_s, {u"b"_s, u"a"_s}),
                                sandbox(u"Cal.com"_s, u"2"_s, u"error"_s, {}, {u"a"_s}),
                                sandbox(u"cal.com"_s, u"3"_s, u"idle"_s, u"Toolathlon"_s),
                                sandbox(u"github"_s, u"4"_s, u"error"_s)});
        QCOMPARE(facets.count(), 1);

        // The last "error" row and the last "b" tag go.
        m_model->applySnapshot({sandbox(u"Cal.com"_s, u"1"_s, u"idle"_s, u"MCP_Atlas"_s, {u"a"_s})});
        QCOMPARE(facets.count(), 2);
        QCOMPARE(m_model->knownStatuses(), QStringList{u"idle"_s});
        QCOMPARE(m_model->knownTags(), QStringList{u"a"_s});
        QCOMPARE(m_model->knownServers(), QStringList{u"Cal.com"_s});
        QCOMPARE(m_model->knownBenchmarks(), QStringList{u"MCP_Atlas"_s});
    }

    void searchTextHoldsTheLowerCasedFields()
    {
        m_model->applySnapshot({sandbox(u"GitHub"_s, u"AbC"_s, u"Idle"_s, u"MCP_Atlas"_s, {u"Team-A"_s})});
        const QString text = m_model->searchText(0);
        for (const QString &part : {u"github"_s, u"abc"_s, u"idle"_s, u"mcp_atlas"_s, u"team-a"_s})
            QVERIFY2(text.contains(part), qPrintable(part));
        QVERIFY(!text.contains(u"githubabc"_s)); // fields stay apart
    }

    void busyFlagChangesOnlyTheBusyRole()
    {
        m_model->applySnapshot({sandbox(u"github"_s, u"a"_s), sandbox(u"github"_s, u"b"_s)});
        QSignalSpy changed(m_model, &QAbstractItemModel::dataChanged);
        m_model->setBusy(u"GITHUB"_s, u"b"_s, true);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed[0][0].toModelIndex().row(), 1);
        QCOMPARE(changed[0][2].value<QList<int>>(), QList<int>{SandboxListModel::BusyRole});
        QVERIFY(m_model->isBusy(1));
        m_model->setBusy(u"github"_s, u"b"_s, true);
        m_model->setBusy(u"github"_s, u"missing"_s, true);
        QCOMPARE(changed.count(), 1);
        // A refresh keeps the flag.
        m_model->applySnapshot({sandbox(u"github"_s, u"b"_s, u"error"_s)});
        QVERIFY(m_model->isBusy(0));
    }

    void sortRanksAgreeWithCompareRows()
    {
        QList<SandboxSummary> list;
        quint64 random = 7;
        const QStringList words{u"b"_s, u"B"_s, u"a"_s, u"c"_s, u""_s};
        for (int i = 0; i < 40; ++i) {
            const auto pick = [&] { return words[int(nextRandom(random) % quint64(words.size()))]; };
            const int age = int(nextRandom(random) % 5);
            list << sandbox(pick(), QString::number(nextRandom(random) % 1000) + pick(), pick(), pick(),
                            {pick(), pick()}, age == 0 ? QDateTime() : now.addSecs(-age * 60));
        }
        m_model->applySnapshot(list);
        for (int column = 0; column < SandboxListModel::ColumnCount; ++column) {
            const std::vector<quint32> ranks = m_model->sortRanks(column);
            QCOMPARE(int(ranks.size()), m_model->rowCount());
            for (int a = 0; a < m_model->rowCount(); ++a) {
                for (int b = 0; b < m_model->rowCount(); ++b) {
                    const int order = m_model->compareRows(a, b, column);
                    const int rankOrder =
                        ranks[size_t(a)] < ranks[size_t(b)] ? -1 : (ranks[size_t(a)] > ranks[size_t(b)]);
                    QCOMPARE((order > 0) - (order < 0), rankOrder);
                }
            }
        }
        // Ranks follow changes.
        const std::vector<quint32> before = m_model->sortRanks(SandboxListModel::UpdatedColumn);
        list.first().updatedAt = now.addDays(1);
        m_model->applySnapshot(list);
        const std::vector<quint32> &after = m_model->sortRanks(SandboxListModel::UpdatedColumn);
        QCOMPARE(after[0], *std::max_element(after.begin(), after.end()));
        QVERIFY(before != after);
    }
};

QTEST_GUILESS_MAIN(TestSandboxListModelColumns)
#include "tst_sandboxlistmodelcolumns.moc"
