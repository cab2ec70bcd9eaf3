// RunListModel under QAbstractItemModelTester: the ledger's runs, the lists' statuses and tag-only runs,
// imported manifests beside ledger runs, refreshes that insert, move and remove rows, the live countdown,
// and what every column and role shows.
//
// The model reads the clock itself, so every time here is set from the clock at the start of each test,
// in the middle of the unit it is shown in ("30 min ago" stays so for half a minute either way).

#include "models/relativetime.h"
#include "models/runlistmodel.h"
#include "modelsignals.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <memory>
#include <utility>

using namespace Qt::StringLiterals;

namespace {

const QString openRun = u"swe-eval-0412"_s;
const QString releasedRun = u"nightly-0411"_s;
const QString provisioningRun = u"fresh-run"_s;
const QString tagOnlyRun = u"script-run"_s;

LedgerSandbox held(LedgerProvider provider, const QString &id, const QString &run,
                   const QDateTime &acquiredAt, qint64 ttlSeconds)
{
    LedgerSandbox sandbox;
    sandbox.provider = provider;
    sandbox.sandboxId = id;
    sandbox.servers = {u"github"_s};
    sandbox.run = run;
    sandbox.acquiredAt = acquiredAt;
    sandbox.ttlSeconds = ttlSeconds;
    return sandbox;
}

LedgerSandbox released(const QString &id, const QString &run, const QDateTime &acquiredAt)
{
    LedgerSandbox sandbox = held(LedgerProvider::Klavis, id, run, acquiredAt, 3600);
    sandbox.releasedAt = acquiredAt.addSecs(60);
    return sandbox;
}

LedgerOperation acquire(LedgerOperationState state)
{
    LedgerOperation operation;
    operation.kind = LedgerOperationKind::Acquire;
    operation.state = state;
    return operation;
}

RunRecord record(const QString &name, LedgerRunState state, const QDateTime &createdAt,
                 const QString &benchmark = {})
{
    RunRecord record;
    record.run.name = name;
    record.run.state = state;
    record.run.createdAt = createdAt;
    record.run.benchmark = benchmark;
    return record;
}

SandboxSummary listed(const QString &id, const QString &status, const QStringList &tags = {},
                      const QDateTime &updatedAt = {}, const QString &benchmark = {})
{
    SandboxSummary sandbox;
    sandbox.sandboxId = id;
    sandbox.serverName = u"github"_s;
    sandbox.status = status;
    sandbox.tags = tags;
    sandbox.updatedAt = updatedAt;
    sandbox.benchmark = benchmark;
    return sandbox;
}

LocalSandbox listedLocal(const QString &id, const QString &status)
{
    LocalSandbox sandbox;
    sandbox.localSandboxId = id;
    sandbox.status = status;
    return sandbox;
}

// Only what changes the rows' count or order; the cells are checked one by one.
QStringList structural(const QStringList &events)
{
    QStringList kept;
    for (const QString &event : events)
        if (!event.startsWith(u"change "_s))
            kept << event;
    return kept;
}

} // namespace

class TestRunListModel : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<RunListModel> m_model;
    quint64 m_listGeneration = 0;

    // The stores' lists as the model takes them; the tag-only runs are gathered on a worker, so this waits
    // for them to be in the rows.
    bool setListed(const QList<SandboxSummary> &klavis, const QList<LocalSandbox> &local)
    {
        QSignalSpy found(m_model.get(), &RunListModel::runsFound);
        ++m_listGeneration;
        m_model->setListedSandboxes(KlavisSandboxStore::makeSnapshot(klavis, m_listGeneration),
                                    LocalSandboxStore::makeSnapshot(local, m_listGeneration));
        return !found.isEmpty() || found.wait(5000);
    }
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    QDateTime m_now;

    // An open run half an hour old: two Klavis sandboxes and a local one held (the first with the nearest end
    // of a TTL, 1 h 20 min 30 s from now; the second without a TTL), one released, one acquire that failed.
    RunRecord openRecord() const
    {
        RunRecord run = record(openRun, LedgerRunState::Open, m_now.addSecs(-(30 * 60 + 30)), u"swe-bench"_s);
        run.sandboxes = {held(LedgerProvider::Klavis, u"k1"_s, openRun, m_now.addSecs(-600), 600 + 4830),
                         held(LedgerProvider::Klavis, u"k2"_s, openRun, m_now.addSecs(-600), 0),
                         held(LedgerProvider::KlavisLocal, u"l1"_s, openRun, m_now.addSecs(-600), 7200),
                         released(u"k3"_s, openRun, m_now.addSecs(-900))};
        run.operations = {acquire(LedgerOperationState::Succeeded), acquire(LedgerOperationState::Failed),
                          acquire(LedgerOperationState::Ambiguous)};
        LedgerOperation failedRelease = acquire(LedgerOperationState::Failed);
        failedRelease.kind = LedgerOperationKind::Release; // not an acquire: not counted as a failed one
        run.operations << failedRelease;
        return run;
    }
    // Two and a half hours old, everything released.
    RunRecord releasedRecord() const
    {
        RunRecord run =
            record(releasedRun, LedgerRunState::Released, m_now.addSecs(-(150 * 60)), u"mcp-atlas"_s);
        run.sandboxes = {released(u"k7"_s, releasedRun, m_now.addSecs(-(140 * 60)))};
        return run;
    }
    // Its creation time is not known yet: it sorts last.
    RunRecord provisioningRecord() const { return record(provisioningRun, LedgerRunState::Provisioning, {}); }

    // Held sandboxes as the lists show them: k1 and the local one occupied, k2 not listed; two more carry
    // a tag no ledger run has (script-run), one of them also a tag that cannot be a run name and the open
    // run's own tag; an idle one's tag is no run.
    QList<SandboxSummary> listedSandboxes() const
    {
        return {listed(u"k1"_s, u"occupied"_s, {openRun}),
                listed(u"s9"_s, u"occupied"_s, {tagOnlyRun, u"not a run!"_s, openRun},
                       m_now.addSecs(-(45 * 60)), u"toolathlon"_s),
                listed(u"s10"_s, u"OCCUPIED"_s, {tagOnlyRun}, m_now.addSecs(-(210 * 60))),
                listed(u"s11"_s, u"idle"_s, {u"idle-run"_s})};
    }

    QString cell(const QString &name, int column, int role = Qt::DisplayRole, bool imported = false) const
    {
        return m_model->index(m_model->rowOf(name, imported), column).data(role).toString();
    }
    QStringList names() const
    {
        QStringList result;
        for (int row = 0; row < m_model->rowCount(); ++row)
            result << m_model->index(row, RunListModel::NameColumn).data().toString() +
                          (m_model->index(row, 0).data(RunListModel::ImportedRole).toBool() ? u" (imported)"_s
                                                                                            : QString());
        return result;
    }

private slots:
    void init()
    {
        m_now = QDateTime::currentDateTimeUtc();
        m_model = std::make_unique<RunListModel>();
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
        QCOMPARE(m_model->columnCount(), int(RunListModel::ColumnCount));
        const QStringList headers{u"Run"_s,       u"Benchmark"_s, u"State"_s,
                                  u"Sandboxes"_s, u"Age"_s,       u"Time left"_s};
        for (int column = 0; column < RunListModel::ColumnCount; ++column)
            QCOMPARE(m_model->headerData(column, Qt::Horizontal).toString(), headers.at(column));
        QVERIFY(!m_model->headerData(0, Qt::Vertical).isValid());
        QCOMPARE(m_model->entryAt(0), nullptr);
        QCOMPARE(m_model->rowOf(openRun), -1);
        QVERIFY(!m_model->isTicking());
    }

    void ledgerRunsNewestFirstWithEveryColumn()
    {
        ModelSignals events(m_model.get());
        m_model->setLedgerRecords({provisioningRecord(), releasedRecord(), openRecord()});
        QCOMPARE(structural(events.take()), (QStringList{u"insert 0-0"_s, u"insert 1-1"_s, u"insert 2-2"_s}));
        QCOMPARE(names(), (QStringList{openRun, releasedRun, provisioningRun}));

        QCOMPARE(cell(openRun, RunListModel::NameColumn), openRun);
        QCOMPARE(cell(openRun, RunListModel::BenchmarkColumn), u"swe-bench"_s);
        QCOMPARE(cell(openRun, RunListModel::StateColumn), u"open"_s);
        // No list has arrived: every held sandbox is "held"; the failed acquire, not the ambiguous one.
        QCOMPARE(cell(openRun, RunListModel::SandboxesColumn), u"3 held, 1 failed, 1 released"_s);
        QCOMPARE(cell(openRun, RunListModel::AgeColumn), u"30 min ago"_s);
        QCOMPARE(cell(openRun, RunListModel::AgeColumn, Qt::ToolTipRole),
                 RelativeTime::absoluteTime(m_now.addSecs(-(30 * 60 + 30))));
        QCOMPARE(cell(openRun, RunListModel::TimeLeftColumn), u"1 h 20 min"_s);
        QCOMPARE(cell(openRun, RunListModel::TimeLeftColumn, Qt::ToolTipRole),
                 RelativeTime::absoluteTime(m_now.addSecs(4830)));
        QCOMPARE(cell(openRun, RunListModel::StateColumn, Qt::ToolTipRole), QString()); // the ledger knows it
        QCOMPARE(cell(openRun, RunListModel::NameColumn, RunListModel::RunNameRole), openRun);
        const QModelIndex open = m_model->index(m_model->rowOf(openRun), RunListModel::SandboxesColumn);
        QCOMPARE(open.data(RunListModel::ImportedRole).toBool(), false);
        QCOMPARE(open.data(RunListModel::InLedgerRole).toBool(), true);
        QVERIFY(!open.data(Qt::DecorationRole).isValid());

        QCOMPARE(cell(releasedRun, RunListModel::StateColumn), u"released"_s);
        QCOMPARE(cell(releasedRun, RunListModel::SandboxesColumn), u"1 released"_s);
        QCOMPARE(cell(releasedRun, RunListModel::AgeColumn), u"2 h ago"_s);
        QCOMPARE(cell(releasedRun, RunListModel::TimeLeftColumn), QString()); // nothing held
        QCOMPARE(cell(releasedRun, RunListModel::TimeLeftColumn, Qt::ToolTipRole), QString());

        QCOMPARE(cell(provisioningRun, RunListModel::StateColumn), u"provisioning"_s);
        QCOMPARE(cell(provisioningRun, RunListModel::SandboxesColumn), u"none"_s);
        QCOMPARE(cell(provisioningRun, RunListModel::AgeColumn), QString());

        const RunListEntry *entry = m_model->entryAt(m_model->rowOf(openRun));
        QVERIFY(entry);
        QCOMPARE(entry->failedAcquires, 1);
        QCOMPARE(entry->sandboxes.size(), 4);
        QVERIFY(entry->inLedger());
        QCOMPARE(entry->record.run.name, openRun);
        QCOMPARE(RunListModel::nearestExpiry(*entry), m_now.addSecs(4830));

        // The same records again move nothing.
        m_model->setLedgerRecords({provisioningRecord(), releasedRecord(), openRecord()});
        QCOMPARE(structural(events.take()), QStringList());
        QCOMPARE(names(), (QStringList{openRun, releasedRun, provisioningRun}));
    }

    void listsGiveHeldSandboxesTheirStatusAndTagsTheirRuns()
    {
        m_model->setLedgerRecords({provisioningRecord(), releasedRecord(), openRecord()});
        ModelSignals events(m_model.get());
        QVERIFY(setListed(listedSandboxes(), {listedLocal(u"l1"_s, u"Occupied"_s)}));
        // script-run's oldest sandbox was updated 3.5 h ago: below the released run, above the unknown time.
        QCOMPARE(structural(events.events()), QStringList{u"insert 2-2"_s});
        QVERIFY2(events.events().contains(u"change 0-0 c0-5"_s), qPrintable(events.events().join(u", "_s)));
        events.take();
        QCOMPARE(names(), (QStringList{openRun, releasedRun, tagOnlyRun, provisioningRun}));
        // k2 is not in the lists; k1 and the local one are occupied (the local list's spelling lowered).
        QCOMPARE(cell(openRun, RunListModel::SandboxesColumn), u"1 held, 2 occupied, 1 failed, 1 released"_s);

        QCOMPARE(cell(tagOnlyRun, RunListModel::StateColumn), u"not in the ledger"_s);
        QVERIFY(
            cell(tagOnlyRun, RunListModel::StateColumn, Qt::ToolTipRole).contains(u"ledger does not know"_s));
        QCOMPARE(cell(tagOnlyRun, RunListModel::SandboxesColumn), u"2 occupied"_s);
        QCOMPARE(cell(tagOnlyRun, RunListModel::BenchmarkColumn), u"toolathlon"_s);
        QCOMPARE(cell(tagOnlyRun, RunListModel::AgeColumn), u"3 h ago"_s);
        QCOMPARE(cell(tagOnlyRun, RunListModel::TimeLeftColumn), QString()); // no TTL is known of them
        const QModelIndex tagged = m_model->index(m_model->rowOf(tagOnlyRun), 0);
        QCOMPARE(tagged.data(RunListModel::InLedgerRole).toBool(), false);
        QCOMPARE(tagged.data(RunListModel::ImportedRole).toBool(), false);
        const RunListEntry *entry = m_model->entryAt(tagged.row());
        QVERIFY(entry && !entry->state.has_value());
        QCOMPARE(entry->sandboxes.size(), 2);
        QCOMPARE(entry->sandboxes.at(0).sandboxId, u"s9"_s);
        QCOMPARE(entry->sandboxes.at(0).run, tagOnlyRun);
        QCOMPARE(entry->createdAt, m_now.addSecs(-(210 * 60)));
        // Neither the tag that is no run name, nor the idle sandbox's tag, nor a second row for the open run.
        QCOMPARE(m_model->rowOf(u"not a run!"_s), -1);
        QCOMPARE(m_model->rowOf(u"idle-run"_s), -1);
        QCOMPARE(m_model->rowCount(), 4);
        QCOMPARE(m_model->sandboxStatus(held(LedgerProvider::KlavisLocal, u"l1"_s, openRun, m_now, 0)),
                 u"occupied"_s);
        QCOMPARE(m_model->sandboxStatus(released(u"k1"_s, openRun, m_now)), u"released"_s);

        // The lists change: k1 is gone, the local one failed; both of script-run's sandboxes went idle.
        QVERIFY(setListed({listed(u"s9"_s, u"idle"_s, {tagOnlyRun}), listed(u"s10"_s, u"idle"_s)},
                          {listedLocal(u"l1"_s, u"error"_s)}));
        QCOMPARE(structural(events.take()), QStringList{u"remove 2-2"_s});
        QCOMPARE(names(), (QStringList{openRun, releasedRun, provisioningRun}));
        QCOMPARE(cell(openRun, RunListModel::SandboxesColumn), u"1 error, 2 held, 1 failed, 1 released"_s);

        // No lists at all: back to what the ledger alone says.
        QVERIFY(setListed({}, {}));
        QCOMPARE(structural(events.take()), QStringList());
        QCOMPARE(cell(openRun, RunListModel::SandboxesColumn), u"3 held, 1 failed, 1 released"_s);
    }

    void anImportedManifestSitsBesideTheLedgerRun()
    {
        m_model->setLedgerRecords({releasedRecord(), openRecord()});
        ModelSignals events(m_model.get());
        // The same run's manifest, written elsewhere five days ago; its clock is not ours, so no countdown.
        RunRecord manifest = openRecord();
        manifest.run.state = LedgerRunState::Imported;
        manifest.run.createdAt = m_now.addDays(-5).addSecs(-1800);
        m_model->addImported(manifest);
        QCOMPARE(structural(events.take()), QStringList{u"insert 2-2"_s});
        QCOMPARE(names(), (QStringList{openRun, releasedRun, openRun + u" (imported)"_s}));
        QVERIFY(m_model->rowOf(openRun, true) != m_model->rowOf(openRun, false));

        const int row = m_model->rowOf(openRun, true);
        QCOMPARE(cell(openRun, RunListModel::StateColumn, Qt::DisplayRole, true), u"imported"_s);
        QCOMPARE(cell(openRun, RunListModel::BenchmarkColumn, Qt::DisplayRole, true), u"swe-bench"_s);
        QCOMPARE(cell(openRun, RunListModel::AgeColumn, Qt::DisplayRole, true), u"5 d ago"_s);
        QCOMPARE(cell(openRun, RunListModel::TimeLeftColumn, Qt::DisplayRole, true), QString());
        QCOMPARE(m_model->index(row, 0).data(RunListModel::ImportedRole).toBool(), true);
        QCOMPARE(m_model->index(row, 0).data(RunListModel::InLedgerRole).toBool(), false);
        QCOMPARE(m_model->index(row, 0).data(RunListModel::RunNameRole).toString(), openRun);
        QVERIFY(!RunListModel::nearestExpiry(*m_model->entryAt(row)).isValid());
        QVERIFY(!m_model->entryAt(row)->inLedger());
        // The ledger's own row is unchanged.
        QCOMPARE(cell(openRun, RunListModel::StateColumn), u"open"_s);
        QCOMPARE(cell(openRun, RunListModel::TimeLeftColumn), u"1 h 20 min"_s);

        // The same manifest read again, newer: the row follows, no second row.
        const QPersistentModelIndex importedRow = m_model->index(row, RunListModel::BenchmarkColumn);
        manifest.run.benchmark = u"swe-bench-verified"_s;
        m_model->addImported(manifest);
        QCOMPARE(structural(events.take()), QStringList());
        QCOMPARE(importedRow.data().toString(), u"swe-bench-verified"_s);
        QCOMPARE(m_model->rowCount(), 3);

        // An imported run stays when the ledger and the lists are emptied: it came from a file.
        m_model->setLedgerRecords({});
        QVERIFY(setListed({}, {}));
        QCOMPARE(structural(events.take()), (QStringList{u"remove 1-1"_s, u"remove 0-0"_s}));
        QCOMPARE(names(), QStringList{openRun + u" (imported)"_s});
        QVERIFY(importedRow.isValid());
        QCOMPARE(importedRow.row(), 0);
    }

    void refreshesInsertMoveAndRemoveRowsInPlace()
    {
        m_model->setLedgerRecords({provisioningRecord(), releasedRecord(), openRecord()});
        QVERIFY(setListed(listedSandboxes(), {}));
        QCOMPARE(names(), (QStringList{openRun, releasedRun, tagOnlyRun, provisioningRun}));
        const QPersistentModelIndex tagged = m_model->index(2, RunListModel::AgeColumn);
        const QPersistentModelIndex provisioning = m_model->index(3, RunListModel::NameColumn);
        ModelSignals events(m_model.get());

        // script-run's older sandbox went back to the pool: the run is now as old as the other one, 45 min,
        // above the released run.
        QList<SandboxSummary> sandboxes = listedSandboxes();
        sandboxes[2].status = u"idle"_s;
        QVERIFY(setListed(sandboxes, {}));
        QCOMPARE(structural(events.take()), QStringList{u"move 2-2 to 1"_s});
        QCOMPARE(names(), (QStringList{openRun, tagOnlyRun, releasedRun, provisioningRun}));
        QCOMPARE(tagged.row(), 1);
        QCOMPARE(tagged.data().toString(), u"45 min ago"_s);
        QCOMPARE(cell(tagOnlyRun, RunListModel::SandboxesColumn), u"1 occupied"_s);

        // A new run comes first; the released one leaves the ledger's answer; the provisioning one learnt
        // its creation time (an hour ago) and moves up past the unknown end.
        RunRecord newest =
            record(u"newest"_s, LedgerRunState::Provisioning, m_now.addSecs(-10), u"swe-bench"_s);
        RunRecord provisioned = provisioningRecord();
        provisioned.run.state = LedgerRunState::Open;
        provisioned.run.createdAt = m_now.addSecs(-(60 * 60 + 30));
        m_model->setLedgerRecords({openRecord(), provisioned, newest});
        QCOMPARE(structural(events.take()), (QStringList{u"remove 2-2"_s, u"insert 0-0"_s}));
        QCOMPARE(names(), (QStringList{u"newest"_s, openRun, tagOnlyRun, provisioningRun}));
        QCOMPARE(cell(u"newest"_s, RunListModel::AgeColumn), u"just now"_s);
        QCOMPARE(cell(provisioningRun, RunListModel::StateColumn), u"open"_s);
        QCOMPARE(cell(provisioningRun, RunListModel::AgeColumn), u"1 h ago"_s);
        QCOMPARE(provisioning.row(), 3);
        QCOMPARE(tagged.row(), 2);

        // Newer than the open run now: it moves up past it and script-run.
        provisioned.run.createdAt = m_now.addSecs(-(20 * 60 + 30));
        m_model->setLedgerRecords({openRecord(), provisioned, newest});
        QCOMPARE(structural(events.take()), QStringList{u"move 3-3 to 1"_s});
        QCOMPARE(names(), (QStringList{u"newest"_s, provisioningRun, openRun, tagOnlyRun}));
        QCOMPARE(provisioning.row(), 1);
        QCOMPARE(provisioning.data().toString(), provisioningRun);

        // The ledger forgets every run. The open run's name is still the tag of sandboxes the account holds
        // (k1, s9): it stays, as a run only seen as a tag, as old as s9 and so beside script-run, by name.
        m_model->setLedgerRecords({});
        QCOMPARE(structural(events.take()),
                 (QStringList{u"remove 1-1"_s, u"remove 0-0"_s, u"move 1-1 to 0"_s}));
        QCOMPARE(names(), (QStringList{tagOnlyRun, openRun}));
        QCOMPARE(cell(openRun, RunListModel::StateColumn), u"not in the ledger"_s);
        QCOMPARE(cell(openRun, RunListModel::SandboxesColumn), u"2 occupied"_s);
        QCOMPARE(cell(openRun, RunListModel::BenchmarkColumn), u"toolathlon"_s);
        QCOMPARE(tagged.row(), 0);
        QVERIFY(!provisioning.isValid());

        // The lists hold nothing either: no row is left.
        QVERIFY(setListed({}, {}));
        QCOMPARE(structural(events.take()), (QStringList{u"remove 1-1"_s, u"remove 0-0"_s}));
        QCOMPARE(m_model->rowCount(), 0);
        QVERIFY(!tagged.isValid() && !provisioning.isValid());
    }

    void theCountdownTicksOnlyWhileOn()
    {
        // A sandbox 100 s from the end of its TTL: its time left is shown in seconds and visibly moves.
        RunRecord run = record(openRun, LedgerRunState::Open, m_now.addSecs(-600));
        const QDateTime expiry = m_now.addSecs(100);
        run.sandboxes = {held(LedgerProvider::Klavis, u"k1"_s, openRun, m_now.addSecs(-500), 600)};
        m_model->setLedgerRecords({run, releasedRecord()});
        const QString first = cell(openRun, RunListModel::TimeLeftColumn);
        QVERIFY2(first == u"1 min 40 s"_s || first == u"1 min 39 s"_s, qPrintable(first));

        QSignalSpy ticked(m_model.get(), &RunListModel::ticked);
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
        m_model->setTicking(true);
        QVERIFY(m_model->isTicking());
        QVERIFY(ticked.wait(5000));
        // A tick tells the view that Age and Time left of every row changed, as text and tooltip.
        QCOMPARE(changed.count(), ticked.count());
        const QModelIndex topLeft = changed.first().at(0).value<QModelIndex>();
        const QModelIndex bottomRight = changed.first().at(1).value<QModelIndex>();
        QCOMPARE(topLeft, m_model->index(0, RunListModel::AgeColumn));
        QCOMPARE(bottomRight, m_model->index(1, RunListModel::TimeLeftColumn));
        QCOMPARE(changed.first().at(2).value<QList<int>>(), (QList<int>{Qt::DisplayRole, Qt::ToolTipRole}));

        // The text follows the clock: wait until it shows a lower second than at first.
        QTRY_VERIFY_WITH_TIMEOUT(cell(openRun, RunListModel::TimeLeftColumn) != first, 5000);
        const QDateTime before = QDateTime::currentDateTimeUtc();
        const QString later = cell(openRun, RunListModel::TimeLeftColumn);
        const QDateTime after = QDateTime::currentDateTimeUtc();
        QVERIFY2(later == RunListModel::timeLeftText(expiry, before) ||
                     later == RunListModel::timeLeftText(expiry, after),
                 qPrintable(later));

        m_model->setTicking(false);
        QVERIFY(!m_model->isTicking());

        // With no rows a tick changes no cell, and still says a second passed.
        m_model->setLedgerRecords({});
        changed.clear();
        ticked.clear();
        m_model->setTicking(true);
        QVERIFY(ticked.wait(5000));
        QCOMPARE(changed.count(), 0);
        m_model->setTicking(false);
    }

    void timeLeftInWords()
    {
        const QDateTime now = m_now;
        QCOMPARE(RunListModel::timeLeftText(now.addSecs(3600 + 5 * 60 + 9), now), u"1 h 05 min"_s);
        QCOMPARE(RunListModel::timeLeftText(now.addSecs(4 * 60 + 9), now), u"4 min 09 s"_s);
        QCOMPARE(RunListModel::timeLeftText(now.addSecs(12), now), u"12 s"_s);
        QCOMPARE(RunListModel::timeLeftText(now, now), u"expired"_s);
        QCOMPARE(RunListModel::timeLeftText(now.addSecs(-90), now), u"expired"_s);
        QCOMPARE(RunListModel::timeLeftText({}, now), QString());

        // The nearest end among the held sandboxes with a TTL; released ones and those without a TTL or an
        // acquire time do not count.
        RunListEntry entry;
        entry.sandboxes = {held(LedgerProvider::Klavis, u"a"_s, {}, now, 600),
                           held(LedgerProvider::Klavis, u"b"_s, {}, now, 0),
                           held(LedgerProvider::Klavis, u"c"_s, {}, {}, 60), released(u"d"_s, {}, now)};
        QCOMPARE(RunListModel::nearestExpiry(entry), now.addSecs(600));
        entry.sandboxes.append(held(LedgerProvider::KlavisLocal, u"e"_s, {}, now.addSecs(-100), 300));
        QCOMPARE(RunListModel::nearestExpiry(entry), now.addSecs(200));
        entry.imported = true;
        QVERIFY(!RunListModel::nearestExpiry(entry).isValid());
    }

    void statesAndProvidersInWords()
    {
        RunListEntry entry;
        QCOMPARE(RunListModel::stateText(entry), u"not in the ledger"_s);
        const QList<std::pair<LedgerRunState, QString>> states{
            {LedgerRunState::Provisioning, u"provisioning"_s},
            {LedgerRunState::Open, u"open"_s},
            {LedgerRunState::Cancelled, u"cancelled"_s},
            {LedgerRunState::Released, u"released"_s},
            {LedgerRunState::Imported, u"imported"_s}};
        for (const auto &[state, word] : states) {
            entry.state = state;
            QCOMPARE(RunListModel::stateText(entry), word);
        }
        entry.imported = true;
        entry.state = LedgerRunState::Open;
        QCOMPARE(RunListModel::stateText(entry), u"imported"_s);

        QCOMPARE(RunListModel::providerName(LedgerProvider::Klavis), u"Klavis"_s);
        QCOMPARE(RunListModel::providerName(LedgerProvider::KlavisLocal), u"Klavis local"_s);
        QCOMPARE(RunListModel::providerName(LedgerProvider::Blaxel), u"Blaxel"_s);
        QCOMPARE(RunListModel::providerName(LedgerProvider::KlavisUniverse), u"Klavis universe"_s);

        // A cancelled run in the ledger is shown as such.
        m_model->setLedgerRecords({record(u"stopped"_s, LedgerRunState::Cancelled, m_now.addSecs(-90))});
        QCOMPARE(cell(u"stopped"_s, RunListModel::StateColumn), u"cancelled"_s);
        QCOMPARE(cell(u"stopped"_s, RunListModel::AgeColumn), u"1 min ago"_s);
    }
};

QTEST_GUILESS_MAIN(TestRunListModel)
#include "tst_runlistmodel.moc"
