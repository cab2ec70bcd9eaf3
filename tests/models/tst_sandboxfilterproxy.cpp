#include "models/sandboxfilterproxy.h"
#include "models/sandboxlistmodel.h"
#include "modelsignals.h"
#include "proxyoracle.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStringListModel>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;

namespace {

const QStringList servers{u"github"_s, u"jira"_s, u"Cal.com"_s, u"cal.com"_s, u"slack"_s};
const QStringList statuses{u"idle"_s, u"occupied"_s, u"error"_s, u"hibernating"_s};
const QStringList benchmarks{u"MCP_Atlas"_s, u"Toolathlon"_s, {}};
const QStringList tagWords{u"nightly"_s, u"team-a"_s, u"team-b"_s, u"ci"_s};

QList<SandboxSummary> randomList(quint64 &random, int count, int idRange)
{
    QList<SandboxSummary> list;
    const auto pick = [&](const QStringList &from) {
        return from[int(nextRandom(random) % quint64(from.size()))];
    };
    for (int i = 0; i < count; ++i) {
        QStringList tags;
        for (quint64 t = nextRandom(random) % 3; t > 0; --t)
            tags << pick(tagWords);
        // Drawn one by one, in the order gcc evaluated the arguments when this list was written: the order of
        // evaluation of a call's arguments is unspecified, and clang drew another list.
        const int age = int(nextRandom(random) % 50);
        const QString benchmark = pick(benchmarks);
        const QString status = pick(statuses);
        const QString id = u"id-%1"_s.arg(nextRandom(random) % quint64(idRange));
        const QString server = pick(servers);
        list << sandbox(server, id, status, benchmark, tags, age);
    }
    return list;
}

} // namespace

class TestSandboxFilterProxy : public QObject
{
    Q_OBJECT

private:
    SandboxListModel *m_model = nullptr;
    SandboxFilterProxy *m_proxy = nullptr;
    std::unique_ptr<QAbstractItemModelTester> m_modelTester;
    std::unique_ptr<QAbstractItemModelTester> m_proxyTester;
    std::unique_ptr<QSignalSpy> m_counts;

    QStringList shownIds() const
    {
        QStringList result;
        for (int row = 0; row < m_proxy->rowCount(); ++row)
            result << m_proxy->index(row, 0).data(SandboxListModel::SandboxIdRole).toString();
        return result;
    }

    // What the proxy must show, worked out the slow way: the rows the criteria accept, stably sorted.
    QStringList expectedIds(const std::function<bool(const SandboxSummary &)> &accepts, int column,
                            Qt::SortOrder order) const
    {
        std::vector<int> rows;
        for (int row = 0; row < m_model->rowCount(); ++row)
            if (accepts(m_model->sandboxAt(row)))
                rows.push_back(row);
        if (column >= 0) {
            std::stable_sort(rows.begin(), rows.end(), [&](int a, int b) {
                const int c = m_model->compareRows(a, b, column);
                return order == Qt::AscendingOrder ? c < 0 : c > 0;
            });
        }
        QStringList result;
        for (const int row : rows)
            result << m_model->sandboxAt(row).sandboxId;
        return result;
    }

    std::function<bool(const SandboxSummary &)> currentCriteria() const
    {
        const QString needle = m_proxy->searchText().toLower();
        const QString status = m_proxy->statusFilter();
        const QString server = m_proxy->serverFilter();
        const QString benchmark = m_proxy->benchmarkFilter();
        const QString tag = m_proxy->tagFilter();
        return [=](const SandboxSummary &s) {
            const bool text = needle.isEmpty() || s.serverName.toLower().contains(needle) ||
                              s.sandboxId.toLower().contains(needle) || s.status.toLower().contains(needle) ||
                              s.benchmark.toLower().contains(needle) ||
                              std::any_of(s.tags.begin(), s.tags.end(),
                                          [&](const QString &t) { return t.toLower().contains(needle); });
            return text && (status.isEmpty() || s.status == status) &&
                   (server.isEmpty() || s.serverName.compare(server, Qt::CaseInsensitive) == 0) &&
                   (benchmark.isEmpty() || s.benchmark == benchmark) &&
                   (tag.isEmpty() || s.tags.contains(tag));
        };
    }

    void verifyShown()
    {
        QCOMPARE(shownIds(), expectedIds(currentCriteria(), m_proxy->sortColumn(), m_proxy->sortOrder()));
        QCOMPARE(m_proxy->acceptedCount(), m_proxy->rowCount());
        QCOMPARE(m_proxy->totalCount(), m_model->rowCount());
        QVERIFY(!m_counts->isEmpty());
        QCOMPARE(m_counts->last().value(0).toInt(), m_proxy->rowCount());
        QCOMPARE(m_counts->last().value(1).toInt(), m_model->rowCount());
        for (int row = 0; row < m_proxy->rowCount(); ++row) {
            const QModelIndex source = m_proxy->mapToSource(m_proxy->index(row, 2));
            QCOMPARE(m_proxy->mapFromSource(source), m_proxy->index(row, 2));
        }
    }

private slots:
    void init()
    {
        m_model = new SandboxListModel(this);
        m_proxy = new SandboxFilterProxy(this);
        m_counts = std::make_unique<QSignalSpy>(m_proxy, &SandboxFilterProxy::countsChanged);
        m_modelTester = std::make_unique<QAbstractItemModelTester>(
            m_model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_proxyTester = std::make_unique<QAbstractItemModelTester>(
            m_proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_proxy->setSourceModel(m_model);
    }

    void cleanup()
    {
        m_proxyTester.reset();
        m_modelTester.reset();
        m_counts.reset();
        delete m_proxy;
        delete m_model;
    }

    void countsFollowFiltersAndRefreshes()
    {
        QList<SandboxSummary> list;
        for (int i = 0; i < 40; ++i)
            list << sandbox(i < 12 ? u"github"_s : u"jira"_s, QString::number(i), u"idle"_s, {}, {}, i);
        m_model->applySnapshot(list);
        QCOMPARE(m_counts->last(), QVariantList({40, 40}));
        m_proxy->setServerFilter(u"GitHub"_s);
        QCOMPARE(m_counts->last(), QVariantList({12, 40})); // "12 of 40 shown"
        // A refresh adds two rows the filter hides: the total moves, the shown count does not.
        list << sandbox(u"jira"_s, u"x"_s, u"idle"_s, {}, {}, 0)
             << sandbox(u"jira"_s, u"y"_s, u"idle"_s, {}, {}, 0);
        m_model->applySnapshot(list);
        QCOMPARE(m_counts->last(), QVariantList({12, 42}));
        // A shown row changes to a status the status filter hides.
        m_proxy->setStatusFilter(u"idle"_s);
        list[0].status = u"error"_s;
        m_model->applySnapshot(list);
        QCOMPARE(m_counts->last(), QVariantList({11, 42}));
        m_proxy->setStatusFilter({});
        m_proxy->setServerFilter({});
        QCOMPARE(m_counts->last(), QVariantList({42, 42}));
    }

    void eachFilter_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("search id") << u"search"_s << u"ABC"_s << QStringList{u"abc-1"_s};
        QTest::newRow("search server") << u"search"_s << u"  jira "_s << QStringList{u"j-2"_s};
        QTest::newRow("search tag") << u"search"_s << u"night"_s << QStringList({u"abc-1"_s, u"c-4"_s});
        QTest::newRow("search status") << u"search"_s << u"hibern"_s << QStringList{u"c-3"_s};
        QTest::newRow("search benchmark") << u"search"_s << u"toolath"_s << QStringList{u"j-2"_s};
        QTest::newRow("search never across fields") << u"search"_s << u"github abc"_s << QStringList();
        QTest::newRow("status") << u"status"_s << u"hibernating"_s << QStringList{u"c-3"_s};
        QTest::newRow("status exact") << u"status"_s << u"Idle"_s << QStringList();
        QTest::newRow("server any case") << u"server"_s << u"CAL.COM"_s << QStringList({u"c-3"_s, u"c-4"_s});
        QTest::newRow("benchmark") << u"benchmark"_s << u"MCP_Atlas"_s << QStringList{u"abc-1"_s};
        QTest::newRow("tag") << u"tag"_s << u"team-a"_s << QStringList({u"abc-1"_s, u"c-4"_s});
        QTest::newRow("tag exact") << u"tag"_s << u"team"_s << QStringList();
    }

    void eachFilter()
    {
        QFETCH(QString, kind);
        QFETCH(QString, value);
        QFETCH(QStringList, expected);
        m_model->applySnapshot(
            {sandbox(u"github"_s, u"abc-1"_s, u"idle"_s, u"MCP_Atlas"_s, {u"nightly"_s, u"team-a"_s}, 1),
             sandbox(u"jira"_s, u"j-2"_s, u"occupied"_s, u"Toolathlon"_s, {}, 2),
             sandbox(u"Cal.com"_s, u"c-3"_s, u"hibernating"_s, {}, {u"ci"_s}, 3),
             sandbox(u"cal.com"_s, u"c-4"_s, u"error"_s, {}, {u"team-a"_s, u"nightly"_s}, 4)});
        if (kind == u"search"_s)
            m_proxy->setSearchText(value);
        else if (kind == u"status"_s)
            m_proxy->setStatusFilter(value);
        else if (kind == u"server"_s)
            m_proxy->setServerFilter(value);
        else if (kind == u"benchmark"_s)
            m_proxy->setBenchmarkFilter(value);
        else
            m_proxy->setTagFilter(value);
        QCOMPARE(shownIds(), expected);
        QCOMPARE(m_counts->last(), QVariantList({int(expected.size()), 4}));
        verifyShown();
    }

    void filtersCombine()
    {
        quint64 random = 99;
        m_model->applySnapshot(randomList(random, 300, 1000));
        m_proxy->sort(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
        m_proxy->setServerFilter(u"cal.com"_s);
        m_proxy->setTagFilter(u"nightly"_s);
        m_proxy->setStatusFilter(u"idle"_s);
        m_proxy->setSearchText(u"id-1"_s);
        verifyShown();
        QVERIFY(m_proxy->rowCount() > 0);
        QCOMPARE(m_proxy->serverFilter(), u"cal.com"_s);
        QCOMPARE(m_proxy->tagFilter(), u"nightly"_s);
        QCOMPARE(m_proxy->statusFilter(), u"idle"_s);
        QCOMPARE(m_proxy->searchText(), u"id-1"_s);
    }

    // Typing, deleting and switching filters over a sorted list, through both of the proxy's ways to update
    // (a few rows inserted or removed; a layout change for many), always shows what the slow way gives.
    void keystrokesShowTheRightRows()
    {
        quint64 random = 5;
        m_model->applySnapshot(randomList(random, 2000, 100000));
        m_proxy->sort(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
        verifyShown();
        ModelSignals signals_(m_proxy);
        for (const QString &text : {u"i"_s, u"id"_s, u"id-"_s, u"id-1"_s, u"id-12"_s, u"id-123"_s, u"id-12"_s,
                                    u"id-1"_s, u"id"_s, u"night"_s, u"nightly"_s, u""_s}) {
            m_proxy->setSearchText(text);
            verifyShown();
        }
        const QStringList events = signals_.take();
        QVERIFY(events.contains(u"layout"_s)); // many rows at once
        QVERIFY(std::any_of(events.begin(), events.end(),
                            [](const QString &e) { return e.startsWith(u"remove"_s); }));
        for (const QString &status : statuses + QStringList{QString()}) {
            m_proxy->setStatusFilter(status);
            verifyShown();
        }
        for (const QString &server : {u"GITHUB"_s, u"cal.com"_s, u""_s}) {
            m_proxy->setServerFilter(server);
            verifyShown();
        }
    }

    void selectionSurvivesFilteringWhenTheRowStaysShown()
    {
        quint64 random = 11;
        m_model->applySnapshot(randomList(random, 1000, 100000));
        m_proxy->sort(SandboxListModel::ServerColumn);
        int row = 0;
        while (!m_proxy->index(row, 0).data(SandboxListModel::TagsRole).toStringList().contains(u"nightly"_s))
            ++row;
        const QPersistentModelIndex kept = m_proxy->index(row, 1);
        const QString keptId = kept.data(SandboxListModel::SandboxIdRole).toString();
        int other = 0;
        while (
            m_proxy->index(other, 0).data(SandboxListModel::TagsRole).toStringList().contains(u"nightly"_s))
            ++other;
        const QPersistentModelIndex hidden = m_proxy->index(other, 1);
        m_proxy->setSearchText(u"nightly"_s); // hides hundreds of scattered rows: one layout change
        QVERIFY(kept.isValid());
        QCOMPARE(kept.column(), 1);
        QCOMPARE(kept.data(SandboxListModel::SandboxIdRole).toString(), keptId);
        QVERIFY(!hidden.isValid());
        m_proxy->setSearchText({});
        QCOMPARE(kept.data(SandboxListModel::SandboxIdRole).toString(), keptId);
    }

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

QTEST_GUILESS_MAIN(TestSandboxFilterProxy)
#include "tst_sandboxfilterproxy.moc"
