// RunProgressModel under QAbstractItemModelTester: a run's rows set, each sandbox walking through its states
// as the provisioner reports them, stale updates ignored, a second run replacing the first, and what every
// cell and role shows.

#include "models/runprogressmodel.h"
#include "modelsignals.h"
#include "runs/runplan.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

// github:2 and one local sandbox with filesystem and git: three rows, the local one last.
QList<RunSandbox> pendingRun()
{
    RunPlan plan;
    plan.name = u"swe-eval"_s;
    plan.servers = {{u"github"_s, 2}};
    plan.localSets = {{{u"filesystem"_s, u"git"_s}, 1}};
    QList<RunSandbox> sandboxes;
    for (const RunSlot &slot : plan.slotsInOrder()) {
        RunSandbox sandbox;
        sandbox.slot = slot;
        sandboxes.append(sandbox);
    }
    return sandboxes;
}

RunSandbox in(RunSandbox sandbox, RunSandboxState state, const QString &id = {}, const QString &error = {})
{
    sandbox.state = state;
    sandbox.sandboxId = id;
    sandbox.error = error;
    return sandbox;
}

} // namespace

class TestRunProgressModel : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<RunProgressModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;

    QString text(int row, int column, int role = Qt::DisplayRole) const
    {
        return m_model->index(row, column).data(role).toString();
    }
    RunSandboxState stateAt(int row) const
    {
        return RunSandboxState(
            m_model->index(row, RunProgressModel::StateColumn).data(RunProgressModel::StateRole).toInt());
    }
    // What the model holds, one word per row: the slot and the state it reports.
    QStringList held() const
    {
        QStringList rows;
        for (const RunSandbox &sandbox : m_model->sandboxes())
            rows << RunProgressModel::slotText(sandbox.slot) + u'=' +
                        RunProgressModel::stateText(sandbox.state);
        return rows;
    }
    bool failureAt(int row) const
    {
        return m_model->index(row, RunProgressModel::SandboxColumn)
            .data(RunProgressModel::IsFailureRole)
            .toBool();
    }

private slots:
    void init()
    {
        m_model = std::make_unique<RunProgressModel>();
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    }

    void cleanup()
    {
        m_tester.reset();
        m_model.reset();
    }

    void startsEmptyWithItsHeaders()
    {
        QCOMPARE(m_model->rowCount(), 0);
        QCOMPARE(m_model->columnCount(), int(RunProgressModel::ColumnCount));
        QCOMPARE(m_model->headerData(RunProgressModel::SandboxColumn, Qt::Horizontal).toString(),
                 u"Sandbox"_s);
        QCOMPARE(m_model->headerData(RunProgressModel::StateColumn, Qt::Horizontal).toString(), u"State"_s);
        QCOMPARE(m_model->headerData(RunProgressModel::IdColumn, Qt::Horizontal).toString(), u"Id"_s);
        QCOMPARE(m_model->headerData(RunProgressModel::ErrorColumn, Qt::Horizontal).toString(), u"Error"_s);
        QVERIFY(!m_model->headerData(RunProgressModel::ColumnCount, Qt::Horizontal).isValid());
        QCOMPARE(m_model->settledCount(), 0);
        QCOMPARE(m_model->countIn(RunSandboxState::Pending), 0);
    }

    void aRunStartsWithEveryRowPending()
    {
        ModelSignals events(m_model.get());
        m_model->reset(pendingRun());
        QCOMPARE(events.take(), QStringList{u"reset"_s});
        QCOMPARE(m_model->rowCount(), 3);
        QCOMPARE(text(0, RunProgressModel::SandboxColumn), u"github #1"_s);
        QCOMPARE(text(1, RunProgressModel::SandboxColumn), u"github #2"_s);
        QCOMPARE(text(2, RunProgressModel::SandboxColumn), u"local 1 #1: filesystem, git"_s);
        for (int row = 0; row < 3; ++row) {
            QCOMPARE(text(row, RunProgressModel::StateColumn), u"pending"_s);
            QCOMPARE(text(row, RunProgressModel::IdColumn), QString());
            QCOMPARE(text(row, RunProgressModel::ErrorColumn), QString());
            QCOMPARE(stateAt(row), RunSandboxState::Pending);
            QVERIFY(!failureAt(row));
        }
        // The tooltip repeats the cell, so a narrow column still tells everything.
        QCOMPARE(text(2, RunProgressModel::SandboxColumn, Qt::ToolTipRole), u"local 1 #1: filesystem, git"_s);
        QCOMPARE(m_model->countIn(RunSandboxState::Pending), 3);
        QCOMPARE(m_model->settledCount(), 0);
        QCOMPARE(held(), (QStringList{u"github #1=pending"_s, u"github #2=pending"_s,
                                      u"local 1 #1: filesystem, git=pending"_s}));
    }

    void eachUpdateChangesItsRowOnly()
    {
        const QList<RunSandbox> run = pendingRun();
        m_model->reset(run);
        ModelSignals events(m_model.get());
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);

        m_model->update(0, in(run[0], RunSandboxState::Acquiring));
        QCOMPARE(events.take(), QStringList{u"change 0-0 c0-3"_s});
        QCOMPARE(text(0, RunProgressModel::StateColumn), u"acquiring"_s);
        QCOMPARE(text(1, RunProgressModel::StateColumn), u"pending"_s);

        m_model->update(0, in(run[0], RunSandboxState::RateLimited));
        QCOMPARE(text(0, RunProgressModel::StateColumn), u"rate limited, waiting"_s);
        QVERIFY(!failureAt(0));
        m_model->update(0, in(run[0], RunSandboxState::Seeding, u"sb-0001"_s));
        QCOMPARE(text(0, RunProgressModel::StateColumn), u"seeding"_s);
        QCOMPARE(text(0, RunProgressModel::IdColumn), u"sb-0001"_s);
        QCOMPARE(m_model->settledCount(), 0); // seeding holds the sandbox, but the row is not done yet
        m_model->update(0, in(run[0], RunSandboxState::Acquired, u"sb-0001"_s));
        QCOMPARE(text(0, RunProgressModel::StateColumn), u"acquired"_s);
        QCOMPARE(stateAt(0), RunSandboxState::Acquired);
        QCOMPARE(m_model->settledCount(), 1);

        m_model->update(1, in(run[1], RunSandboxState::Failed, {}, u"503: no github sandbox is free"_s));
        QCOMPARE(text(1, RunProgressModel::StateColumn), u"failed"_s);
        QCOMPARE(text(1, RunProgressModel::ErrorColumn), u"503: no github sandbox is free"_s);
        QVERIFY(failureAt(1));
        QCOMPARE(stateAt(1), RunSandboxState::Failed);

        m_model->update(2,
                        in(run[2], RunSandboxState::Ambiguous, u"loc-9"_s, u"The connection was reset."_s));
        QCOMPARE(text(2, RunProgressModel::StateColumn), u"no answer: may be held"_s);
        QCOMPARE(text(2, RunProgressModel::IdColumn), u"loc-9"_s);
        QVERIFY(failureAt(2));
        QCOMPARE(m_model->settledCount(), 3);
        QCOMPARE(m_model->countIn(RunSandboxState::Acquired), 1);
        QCOMPARE(m_model->countIn(RunSandboxState::Failed), 1);
        QCOMPARE(m_model->countIn(RunSandboxState::Ambiguous), 1);
        QCOMPARE(m_model->countIn(RunSandboxState::Pending), 0);

        const QStringList seen = events.take();
        QCOMPARE(seen, (QStringList{u"change 0-0 c0-3"_s, u"change 0-0 c0-3"_s, u"change 0-0 c0-3"_s,
                                    u"change 1-1 c0-3"_s, u"change 2-2 c0-3"_s}));
        QCOMPARE(changed.count(), 6);
        QCOMPARE(m_model->sandboxes().at(2).sandboxId, u"loc-9"_s);
    }

    void aStaleUpdateIsIgnored()
    {
        const QList<RunSandbox> run = pendingRun();
        m_model->reset(run);
        ModelSignals events(m_model.get());
        m_model->update(3, in(run[0], RunSandboxState::Acquired, u"late"_s));
        m_model->update(-1, in(run[0], RunSandboxState::Acquired, u"late"_s));
        QVERIFY(events.take().isEmpty());
        QCOMPARE(held(), (QStringList{u"github #1=pending"_s, u"github #2=pending"_s,
                                      u"local 1 #1: filesystem, git=pending"_s}));
    }

    void cancelledRowsAreSettledNotFailed()
    {
        const QList<RunSandbox> run = pendingRun();
        m_model->reset(run);
        m_model->update(1, in(run[1], RunSandboxState::Cancelled));
        m_model->update(2, in(run[2], RunSandboxState::Cancelled));
        QCOMPARE(text(1, RunProgressModel::StateColumn), u"cancelled"_s);
        QVERIFY(!failureAt(1));
        QCOMPARE(m_model->settledCount(), 2);
        QCOMPARE(m_model->countIn(RunSandboxState::Cancelled), 2);
    }

    void serverTextIsShownAsSymbolsAndTheErrorKeepsItsLines()
    {
        const QList<RunSandbox> run = pendingRun();
        m_model->reset(run);
        m_model->update(0, in(run[0], RunSandboxState::Failed, u"sb\u202e1"_s,
                              u"422 Unprocessable\n\x1b[31mbenchmark\x1b[0m: unknown"_s));
        QCOMPARE(text(0, RunProgressModel::IdColumn), u"sb\\u202E1"_s);
        QCOMPARE(text(0, RunProgressModel::ErrorColumn),
                 u"422 Unprocessable\u240a\u241b[31mbenchmark\u241b[0m: unknown"_s);
        QCOMPARE(text(0, RunProgressModel::ErrorColumn, Qt::ToolTipRole),
                 u"422 Unprocessable\n\u241b[31mbenchmark\u241b[0m: unknown"_s);
        // The value kept is what the provisioner reported; only the view shows symbols.
        QCOMPARE(m_model->sandboxes().at(0).sandboxId, u"sb\u202e1"_s);
    }

    void aSecondRunReplacesTheRows()
    {
        m_model->reset(pendingRun());
        const QPersistentModelIndex third = m_model->index(2, 0);
        RunPlan plan;
        plan.servers = {{u"slack"_s, 1}};
        RunSandbox only;
        only.slot = plan.slotsInOrder().constFirst();
        ModelSignals events(m_model.get());
        m_model->reset({only});
        QCOMPARE(events.take(), QStringList{u"reset"_s});
        QVERIFY(!third.isValid());
        QCOMPARE(m_model->rowCount(), 1);
        QCOMPARE(text(0, RunProgressModel::SandboxColumn), u"slack #1"_s);
        QVERIFY(!m_model->index(1, 0).isValid());

        m_model->reset({});
        QCOMPARE(m_model->rowCount(), 0);
        QCOMPARE(m_model->settledCount(), 0);
    }

    void statesAndSlotsInWords()
    {
        QCOMPARE(RunProgressModel::stateText(RunSandboxState::Pending), u"pending"_s);
        QCOMPARE(RunProgressModel::stateText(RunSandboxState::Cancelled), u"cancelled"_s);
        for (const RunSandboxState state : {RunSandboxState::Acquired, RunSandboxState::Failed,
                                            RunSandboxState::Ambiguous, RunSandboxState::Cancelled})
            QVERIFY(RunProgressModel::isSettled(state));
        for (const RunSandboxState state : {RunSandboxState::Pending, RunSandboxState::Acquiring,
                                            RunSandboxState::RateLimited, RunSandboxState::Seeding})
            QVERIFY(!RunProgressModel::isSettled(state));
        QVERIFY(RunProgressModel::isFailure(RunSandboxState::Failed));
        QVERIFY(RunProgressModel::isFailure(RunSandboxState::Ambiguous));
        QVERIFY(!RunProgressModel::isFailure(RunSandboxState::Cancelled));
        RunSlot local;
        local.local = true;
        local.localSet = 2;
        local.ordinal = 3;
        local.servers = {u"filesystem"_s};
        QCOMPARE(RunProgressModel::slotText(local), u"local 2 #3: filesystem"_s);
    }
};

QTEST_GUILESS_MAIN(TestRunProgressModel)
#include "tst_runprogressmodel.moc"
