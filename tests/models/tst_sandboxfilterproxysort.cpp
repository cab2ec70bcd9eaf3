// SandboxFilterProxy sorting: the order QSortFilterProxyModel gives, by the real value, kept through
// refreshes with row signals only (or none), and other source models, resets and destruction followed.

#include "modelsignals.h"
#include "sandboxfilterproxyfixture.h"

#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStringListModel>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace FilterProxyTest;

class TestSandboxFilterProxySort : public QObject, private SandboxFilterProxyFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init() { createProxy(this); }
    void cleanup() { destroyProxy(); }

    // Every sortable column, both orders, with and without a search, on rows full of ties: the flat proxy
    // shows exactly the rows, in exactly the order, that QSortFilterProxyModel gives.
    void ordersAsQSortFilterProxyModelDoes_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<Qt::SortOrder>("order");
        QTest::addColumn<QString>("search");
        for (int column = 0; column < SandboxListModel::ColumnCount; ++column)
            for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder})
                for (const QString &search : {QString(), u"team"_s}) {
                    const QByteArray name = QByteArray::number(column) +
                                            (order == Qt::AscendingOrder ? " ascending" : " descending") +
                                            (search.isEmpty() ? "" : ", searched");
                    QTest::newRow(name.constData()) << column << order << search;
                }
    }

    void ordersAsQSortFilterProxyModelDoes()
    {
        QFETCH(int, column);
        QFETCH(Qt::SortOrder, order);
        QFETCH(QString, search);
        quint64 random = 2026;
        // Thousands of rows: the testers' walks would dominate.
        m_proxyTester.reset();
        m_modelTester.reset();
        m_model->applySnapshot(oracleList(random, 3000));
        QVERIFY(m_model->rowCount() > 2500);
        OracleProxy oracle;
        oracle.setSourceModel(m_model);
        oracle.setSearchText(search);
        oracle.sort(column, order);
        m_proxy->setSearchText(search);
        m_proxy->sort(column, order);
        const std::vector<int> expected = sourceOrder(oracle);
        const std::vector<int> actual = sourceOrder(*m_proxy);
        QCOMPARE(actual.size(), expected.size());
        const auto at = std::mismatch(actual.begin(), actual.end(), expected.begin()).first;
        if (at != actual.end()) {
            const qsizetype position = at - actual.begin();
            const auto describe = [&](int row) -> QString {
                return m_model->index(row, column).data().toString() + u" (row "_s + QString::number(row) +
                       u')';
            };
            QFAIL(
                qPrintable(u"position %1: flat proxy shows %2, QSortFilterProxyModel %3"_s.arg(position).arg(
                    describe(actual[size_t(position)]), describe(expected[size_t(position)]))));
        }
        // The order is also the one the proxy keeps through a refresh that changes sort keys.
        QList<SandboxSummary> next;
        for (int row = 0; row < m_model->rowCount(); ++row) {
            next << m_model->sandboxAt(row);
            if (nextRandom(random) % 50 == 0)
                next.back().updatedAt = now.addSecs(qint64(nextRandom(random) % 7200));
        }
        m_model->applySnapshot(next);
        oracle.invalidate();
        QVERIFY(sourceOrder(*m_proxy) == sourceOrder(oracle));
    }

    // Past FlatSortFilterProxy::backgroundSortRows the order is computed on a worker: sort() returns with
    // the rows as they were and the new column already answered, then one layout change shows the order
    // QSortFilterProxyModel gives, with a persistent index following its row.
    void aLargeSortIsComputedOffThisThreadAndAppliedInOneStep()
    {
        quint64 random = 77;
        m_proxyTester.reset();
        m_modelTester.reset();
        m_model->applySnapshot(oracleList(random, 3 * FlatSortFilterProxy::backgroundSortRows));
        QVERIFY(m_model->rowCount() > FlatSortFilterProxy::backgroundSortRows);
        const std::vector<int> before = sourceOrder(*m_proxy);
        const QPersistentModelIndex held = m_proxy->index(10, 2);
        const QString heldId = held.data(SandboxListModel::SandboxIdRole).toString();
        QSignalSpy layouts(m_proxy, &QAbstractItemModel::layoutChanged);
        QSignalSpy applied(m_proxy, &FlatSortFilterProxy::sortApplied);
        m_proxy->sort(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
        QVERIFY(m_proxy->isSorting());
        QCOMPARE(m_proxy->sortColumn(), int(SandboxListModel::UpdatedColumn));
        QCOMPARE(m_proxy->sortOrder(), Qt::DescendingOrder);
        QVERIFY(sourceOrder(*m_proxy) == before);
        QVERIFY(applied.wait(10000));
        QVERIFY(!m_proxy->isSorting());
        QCOMPARE(layouts.count(), 1);
        OracleProxy oracle;
        oracle.setSourceModel(m_model);
        oracle.sort(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
        QVERIFY(sourceOrder(*m_proxy) == sourceOrder(oracle));
        QVERIFY(held.isValid());
        QCOMPARE(held.data(SandboxListModel::SandboxIdRole).toString(), heldId);
        QCOMPARE(held.column(), 2);
    }

    // Rows that change while the order is computed are not lost or misplaced: the sort starts again on
    // the new rows. A second sort() before the first lands supersedes it.
    void rowsChangingDuringABackgroundSortEndInTheRightOrder()
    {
        quint64 random = 78;
        m_proxyTester.reset();
        m_modelTester.reset();
        m_model->applySnapshot(oracleList(random, 3 * FlatSortFilterProxy::backgroundSortRows));
        QSignalSpy applied(m_proxy, &FlatSortFilterProxy::sortApplied);
        m_proxy->sort(SandboxListModel::UpdatedColumn, Qt::AscendingOrder);
        QVERIFY(m_proxy->isSorting());
        QList<SandboxSummary> next;
        for (int row = 0; row < m_model->rowCount(); ++row) {
            const quint64 pick = nextRandom(random) % 20;
            if (pick == 0)
                continue; // gone
            next << m_model->sandboxAt(row);
            if (pick == 1)
                next.back().updatedAt = now.addSecs(qint64(nextRandom(random) % 7200));
        }
        next << randomList(random, 50, 100000);
        m_model->applySnapshot(next);
        QVERIFY(applied.wait(10000));
        QVERIFY(!m_proxy->isSorting());
        OracleProxy oracle;
        oracle.setSourceModel(m_model);
        oracle.sort(SandboxListModel::UpdatedColumn, Qt::AscendingOrder);
        QCOMPARE(m_proxy->rowCount(), oracle.rowCount());
        QVERIFY(sourceOrder(*m_proxy) == sourceOrder(oracle));

        m_proxy->sort(SandboxListModel::ServerColumn, Qt::DescendingOrder);
        m_proxy->sort(SandboxListModel::StatusColumn, Qt::AscendingOrder);
        QVERIFY(applied.wait(10000));
        QCOMPARE(applied.count(), 2);
        QCOMPARE(m_proxy->sortColumn(), int(SandboxListModel::StatusColumn));
        oracle.sort(SandboxListModel::StatusColumn, Qt::AscendingOrder);
        QVERIFY(sourceOrder(*m_proxy) == sourceOrder(oracle));
        // Nothing else lands later: the superseded sort's result was dropped.
        QVERIFY(!applied.wait(300));
        QCOMPARE(applied.count(), 2);
    }

    void sortsByTheRealValue()
    {
        m_model->applySnapshot({sandbox(u"b"_s, u"2h"_s, u"idle"_s, {}, {}, 120),
                                sandbox(u"a"_s, u"30min"_s, u"idle"_s, {}, {}, 30),
                                sandbox(u"C"_s, u"5d"_s, u"idle"_s, {}, {}, 5 * 1440)});
        m_proxy->sort(SandboxListModel::UpdatedColumn, Qt::AscendingOrder);
        QCOMPARE(shownIds(), QStringList({u"5d"_s, u"2h"_s, u"30min"_s}));
        m_proxy->sort(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
        QCOMPARE(shownIds(), QStringList({u"30min"_s, u"2h"_s, u"5d"_s}));
        m_proxy->sort(SandboxListModel::ServerColumn, Qt::AscendingOrder); // case-insensitive
        QCOMPARE(shownIds(), QStringList({u"30min"_s, u"2h"_s, u"5d"_s}));
        QCOMPARE(m_proxy->sortColumn(), int(SandboxListModel::ServerColumn));
        m_proxy->sort(-1);
        QCOMPARE(shownIds(), QStringList({u"2h"_s, u"30min"_s, u"5d"_s})); // source order
    }

    // A poll with changes, removals and new rows keeps a sorted, filtered view right with row signals only,
    // and moves a row whose sort key changed instead of dropping it (its selection follows).
    void refreshesKeepTheViewSortedAndFiltered()
    {
        quint64 random = 3;
        // Small: the testers walk both models on every signal.
        QList<SandboxSummary> list = randomList(random, 200, 100000);
        m_model->applySnapshot(list);
        m_proxy->sort(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
        m_proxy->setTagFilter(u"team-a"_s);
        verifyShown();
        for (int round = 0; round < 30; ++round) {
            QList<SandboxSummary> next;
            for (const SandboxSummary &s : std::as_const(list)) {
                const quint64 pick = nextRandom(random) % 100;
                if (pick < 3)
                    continue; // gone
                next << s;
                if (pick < 8)
                    next.back().updatedAt = now.addSecs(qint64(nextRandom(random) % 100000));
                else if (pick < 12)
                    next.back().tags = pick % 2 ? QStringList{u"team-a"_s} : QStringList{};
                else if (pick < 14)
                    next.back().status = u"error"_s;
            }
            next << randomList(random, 6, 100000);
            list = next;
            m_model->applySnapshot(list);
            verifyShown();
        }
        // One row's time changes: it moves to the top, taking its persistent index along.
        m_proxy->setTagFilter({});
        const QPersistentModelIndex held = m_proxy->index(m_proxy->rowCount() / 2, 3);
        const QString heldId = held.data(SandboxListModel::SandboxIdRole).toString();
        for (SandboxSummary &s : list)
            if (s.sandboxId == heldId)
                s.updatedAt = now.addDays(30);
        ModelSignals signals_(m_proxy);
        m_model->applySnapshot(list);
        QCOMPARE(signals_.take(),
                 QStringList({u"move %1-%1 to 0"_s.arg(m_proxy->rowCount() / 2), u"change 0-0 c5-5"_s}));
        QCOMPARE(held.row(), 0);
        QCOMPARE(held.column(), 3);
        QCOMPARE(held.data(SandboxListModel::SandboxIdRole).toString(), heldId);
        verifyShown();
    }

    void adjacentChangedRowsResortInOneLayoutChange()
    {
        QList<SandboxSummary> list;
        for (int i = 0; i < 10; ++i)
            list << sandbox(u"github"_s, QString::number(i), u"idle"_s, {}, {}, i * 10);
        m_model->applySnapshot(list);
        m_proxy->sort(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
        const QPersistentModelIndex four = m_proxy->mapFromSource(m_model->index(4, 1));
        // Source rows 3 to 5 change together (one dataChanged): 3 and 5 swap ages, 4 becomes the newest.
        list[3].updatedAt = now.addSecs(-50 * 60);
        list[4].updatedAt = now.addSecs(60);
        list[5].updatedAt = now.addSecs(-30 * 60);
        ModelSignals signals_(m_proxy);
        m_model->applySnapshot(list);
        QCOMPARE(signals_.take(), QStringList({u"layout"_s, u"change 0-0 c5-5"_s, u"change 4-5 c5-5"_s}));
        QCOMPARE(shownIds(), QStringList({u"4"_s, u"0"_s, u"1"_s, u"2"_s, u"5"_s, u"3"_s, u"6"_s, u"7"_s,
                                          u"8"_s, u"9"_s}));
        QCOMPARE(four.row(), 0);
        QCOMPARE(four.column(), 1);
        verifyShown();
    }

    void unchangedRefreshEmitsNothingThroughTheProxy()
    {
        quint64 random = 17;
        const QList<SandboxSummary> list = randomList(random, 500, 100000);
        m_model->applySnapshot(list);
        m_proxy->sort(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
        m_proxy->setSearchText(u"team"_s);
        ModelSignals signals_(m_proxy);
        QSignalSpy aboutToChange(m_proxy, &QAbstractItemModel::layoutAboutToBeChanged);
        const qsizetype countsBefore = m_counts->count();
        m_model->applySnapshot(list);
        QCOMPARE(signals_.events(), QStringList());
        QCOMPARE(aboutToChange.count(), 0);
        QCOMPARE(m_counts->count(), countsBefore);
    }

    void agesAndBusyFlagsNeitherRefilterNorResort()
    {
        m_model->applySnapshot(
            {sandbox(u"a"_s, u"1"_s, u"idle"_s, {}, {}, 5), sandbox(u"a"_s, u"2"_s, u"idle"_s, {}, {}, 1)});
        m_proxy->sort(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
        ModelSignals signals_(m_proxy);
        m_model->setReferenceTime(now.addSecs(600));
        m_model->setBusy(u"a"_s, u"1"_s, true);
        QCOMPARE(signals_.take(), QStringList({u"change 0-1 c5-5"_s, u"change 1-1 c0-5"_s}));
    }

    void otherSourcesAreShownWholeAndSortedByText()
    {
        QStringListModel plain({u"pear"_s, u"apple"_s, u"fig"_s});
        m_proxy->setSourceModel(&plain);
        m_proxy->setSearchText(u"zzz"_s);
        QCOMPARE(m_proxy->rowCount(), 3);
        m_proxy->sort(0);
        QCOMPARE(m_proxy->index(0, 0).data().toString(), u"apple"_s);
        plain.setData(plain.index(0), u"aardvark"_s);
        QCOMPARE(m_proxy->index(0, 0).data().toString(), u"aardvark"_s);
        m_proxy->setSourceModel(m_model);
        QCOMPARE(m_proxy->rowCount(), 0);
    }

    void sourceResetAndDestructionAreFollowed()
    {
        m_model->applySnapshot({sandbox(u"a"_s, u"1"_s, u"idle"_s, {}, {}, 5)});
        ModelSignals signals_(m_proxy);
        m_model->clear();
        QCOMPARE(signals_.take(), QStringList{u"reset"_s});
        QCOMPARE(m_counts->last(), QVariantList({0, 0}));
        {
            SandboxListModel other;
            other.applySnapshot({sandbox(u"a"_s, u"1"_s, u"idle"_s, {}, {}, 5)});
            m_proxy->setSourceModel(&other);
            QCOMPARE(m_proxy->rowCount(), 1);
        }
        QCOMPARE(m_proxy->rowCount(), 0);
        m_proxy->setSourceModel(m_model);
    }
};

QTEST_GUILESS_MAIN(TestSandboxFilterProxySort)
#include "tst_sandboxfilterproxysort.moc"
