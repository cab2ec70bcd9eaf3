// SandboxFilterProxy filtering: its counts, each filter and all of them together, keystrokes over a sorted
// list, and the selection kept while its row stays shown.

#include "modelsignals.h"
#include "sandboxfilterproxyfixture.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace FilterProxyTest;

class TestSandboxFilterProxy : public QObject, private SandboxFilterProxyFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init() { createProxy(this); }
    void cleanup() { destroyProxy(); }

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
};

QTEST_GUILESS_MAIN(TestSandboxFilterProxy)
#include "tst_sandboxfilterproxy.moc"
