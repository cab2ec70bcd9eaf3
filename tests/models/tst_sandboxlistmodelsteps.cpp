// SandboxListModel applying a snapshot in steps: the same end as at once, the event loop running between
// steps, and snapshots that come, wait, supersede or are dropped meanwhile.

#include "models/sandboxfilterproxy.h"
#include "sandboxlistmodelfixture.h"

#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace SandboxListTest;

namespace {

// A refresh-sized snapshot: `count` sandboxes whose statuses, tags and times depend on `round`, with
// about 1% of them changed, removed or added between rounds.
QList<SandboxSummary> churnedSnapshot(int count, int round)
{
    QList<SandboxSummary> snapshot;
    snapshot.reserve(count);
    for (int i = 0; i < count; ++i) {
        if (round > 0 && (i * 7 + round) % 200 == 0)
            continue; // removed this round
        const bool changed = round > 0 && (i * 13 + round) % 100 == 0;
        snapshot << sandbox(i % 3 ? u"github"_s : u"slack"_s, u"sb-%1"_s.arg(i),
                            changed ? u"error"_s : u"idle"_s, u"bench-%1"_s.arg(i % 5),
                            {u"team-%1"_s.arg(i % 7)}, now.addSecs(-(i % 997) - (changed ? round : 0)));
    }
    for (int i = 0; i < count / 100 * round; ++i) // added: new ids
        snapshot << sandbox(u"github"_s, u"new-%1"_s.arg(i), u"idle"_s, {}, {}, now.addSecs(-i));
    return snapshot;
}

// The model steps on a zero-interval timer. One started now fires after every step already due, so once it
// has, a step left behind (of a dropped or a finished application) would have run.
bool aStepTurnPassed()
{
    QTimer turn;
    turn.setSingleShot(true);
    QSignalSpy fired(&turn, &QTimer::timeout);
    turn.start(0);
    return fired.wait(5000);
}

// Every row as (id, status, tags, time), in row order.
QStringList contents(const SandboxListModel &model)
{
    QStringList rows;
    for (int row = 0; row < model.rowCount(); ++row) {
        const SandboxSummary &s = model.sandboxAt(row);
        rows << s.serverName + u'/' + s.sandboxId + u'/' + s.status + u'/' + s.tags.join(u',') + u'/' +
                    s.updatedAt.toString(Qt::ISODate);
    }
    return rows;
}

} // namespace

class TestSandboxListModelSteps : public QObject, private SandboxListModelFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init() { createModel(this); }
    void cleanup() { destroyModel(); }

    // Applied in steps with a sorted, filtered proxy and testers on both: consistent after every step, the
    // event loop runs between steps, and the end equals a one-shot application, rows and order alike.
    void steppedApplicationEqualsOneShot()
    {
        SandboxListModel oneShot;
        oneShot.setReferenceTime(now);
        SandboxFilterProxy proxy;
        proxy.setSourceModel(m_model);
        proxy.sort(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
        proxy.setSearchText(u"slack"_s);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        SandboxFilterProxy oneShotProxy;
        oneShotProxy.setSourceModel(&oneShot);
        oneShotProxy.sort(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
        oneShotProxy.setSearchText(u"slack"_s);
        QSignalSpy applied(m_model, &SandboxListModel::snapshotApplied);
        QSignalSpy refreshed(m_model, &SandboxListModel::rowsRefreshed);
        QSignalSpy inserted(m_model, &QAbstractItemModel::rowsInserted);
        for (int round = 0; round < 3; ++round) {
            const QList<SandboxSummary> snapshot = churnedSnapshot(4000, round);
            oneShot.applySnapshot(snapshot);
            int ticks = 0;
            QTimer ticker;
            ticker.setInterval(0);
            connect(&ticker, &QTimer::timeout, this, [&ticks] { ++ticks; });
            ticker.start();
            m_model->applySnapshotInSteps(snapshot);
            QVERIFY(m_model->isApplying()); // nothing big happens before the event loop runs
            QVERIFY(applied.wait(20000));
            QVERIFY(!m_model->isApplying());
            QCOMPARE(applied.count(), round + 1);
            if (round == 0)
                QVERIFY2(ticks > 0, "the event loop ran between the steps of 4,000 rows");
            QCOMPARE(contents(*m_model), contents(oneShot));
            QCOMPARE(proxy.rowCount(), oneShotProxy.rowCount());
            for (int row = 0; row < proxy.rowCount(); ++row)
                QCOMPARE(proxy.index(row, SandboxListModel::SandboxIdColumn).data().toString(),
                         oneShotProxy.index(row, SandboxListModel::SandboxIdColumn).data().toString());
            QCOMPARE(m_model->knownStatuses(), oneShot.knownStatuses());
        }
        QVERIFY(inserted.count() > 1);  // the first load came in batches
        QCOMPARE(refreshed.count(), 2); // not after the first load
    }

    // A snapshot given while one is being applied waits; a third replaces the second, which never lands.
    void snapshotsDuringAnApplicationWaitAndSupersede()
    {
        m_model->applySnapshot(churnedSnapshot(5000, 0));
        QSignalSpy applied(m_model, &SandboxListModel::snapshotApplied);
        m_model->applySnapshotInSteps(churnedSnapshot(5000, 1));
        m_model->applySnapshotInSteps({sandbox(u"github"_s, u"superseded"_s)});
        const QList<SandboxSummary> last = churnedSnapshot(5000, 2);
        m_model->applySnapshotInSteps(last);
        QVERIFY(QTest::qWaitFor([&] { return applied.count() == 2 && !m_model->isApplying(); }, 20000));
        QVERIFY(aStepTurnPassed());
        QCOMPARE(applied.count(), 2);
        QCOMPARE(m_model->rowOf(u"github"_s, u"superseded"_s), -1);
        SandboxListModel expected;
        expected.applySnapshot(churnedSnapshot(5000, 0));
        expected.applySnapshot(churnedSnapshot(5000, 1));
        expected.applySnapshot(last);
        QCOMPARE(contents(*m_model), contents(expected));
    }

    // A one-shot application or clear() drops the one under way (never announced) instead of interleaving
    // with it.
    void oneShotOrClearDuringAnApplication()
    {
        QSignalSpy applied(m_model, &SandboxListModel::snapshotApplied);
        m_model->applySnapshotInSteps(churnedSnapshot(5000, 0));
        QVERIFY(m_model->isApplying());
        m_model->applySnapshotInSteps(churnedSnapshot(5000, 3)); // waiting: dropped too
        const QList<SandboxSummary> next = churnedSnapshot(5000, 1);
        m_model->applySnapshot(next);
        QVERIFY(!m_model->isApplying());
        SandboxListModel expected;
        expected.applySnapshot(next);
        QCOMPARE(contents(*m_model), contents(expected));
        QVERIFY(aStepTurnPassed());
        QCOMPARE(contents(*m_model), contents(expected));
        QCOMPARE(applied.count(), 0);

        m_model->applySnapshotInSteps(churnedSnapshot(5000, 2));
        m_model->clear();
        QVERIFY(!m_model->isApplying());
        QCOMPARE(m_model->rowCount(), 0);
        QVERIFY(aStepTurnPassed());
        QCOMPARE(m_model->rowCount(), 0);
        QCOMPARE(applied.count(), 0);
    }
};

QTEST_GUILESS_MAIN(TestSandboxListModelSteps)
#include "tst_sandboxlistmodelsteps.moc"
