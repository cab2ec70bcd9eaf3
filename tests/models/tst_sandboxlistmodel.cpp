// SandboxListModel refreshed by diff: rows inserted, changed (only the cells that changed) and removed,
// nothing sent for an unchanged snapshot, persistent indexes kept, duplicates and case drift, clear().

#include "models/relativetime.h"
#include "models/statuskind.h"
#include "modelsignals.h"
#include "sandboxlistmodelfixture.h"
#include "seededrandom.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace SandboxListTest;

namespace {

// Every signal a refresh could send, to prove that an unchanged one sends none.
struct AllSignals
{
    explicit AllSignals(SandboxListModel *model)
    {
        using M = QAbstractItemModel;
        spies.emplace_back(std::make_unique<QSignalSpy>(model, &M::dataChanged));
        spies.emplace_back(std::make_unique<QSignalSpy>(model, &M::rowsAboutToBeInserted));
        spies.emplace_back(std::make_unique<QSignalSpy>(model, &M::rowsInserted));
        spies.emplace_back(std::make_unique<QSignalSpy>(model, &M::rowsAboutToBeRemoved));
        spies.emplace_back(std::make_unique<QSignalSpy>(model, &M::rowsRemoved));
        spies.emplace_back(std::make_unique<QSignalSpy>(model, &M::rowsMoved));
        spies.emplace_back(std::make_unique<QSignalSpy>(model, &M::layoutAboutToBeChanged));
        spies.emplace_back(std::make_unique<QSignalSpy>(model, &M::layoutChanged));
        spies.emplace_back(std::make_unique<QSignalSpy>(model, &M::modelAboutToBeReset));
        spies.emplace_back(std::make_unique<QSignalSpy>(model, &M::modelReset));
        spies.emplace_back(std::make_unique<QSignalSpy>(model, &SandboxListModel::facetsChanged));
    }
    int total() const
    {
        int count = 0;
        for (const auto &spy : spies)
            count += int(spy->count());
        return count;
    }
    std::vector<std::unique_ptr<QSignalSpy>> spies;
};

} // namespace

class TestSandboxListModel : public QObject, private SandboxListModelFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init() { createModel(this); }
    void cleanup() { destroyModel(); }

    void refreshNamesTheRowsItChangedOrAdded()
    {
        QList<QList<SandboxKey>> refreshed;
        connect(m_model, &SandboxListModel::rowsRefreshed, this,
                [&refreshed](const QList<SandboxKey> &keys) { refreshed.append(keys); });
        m_model->applySnapshot({sandbox(u"github"_s, u"a"_s), sandbox(u"slack"_s, u"b"_s)});
        QCOMPARE(refreshed.size(), 0); // the first load: everything is new, nothing changed
        m_model->applySnapshot({sandbox(u"github"_s, u"a"_s), sandbox(u"slack"_s, u"b"_s)});
        QCOMPARE(refreshed.size(), 0);
        m_model->applySnapshot({sandbox(u"github"_s, u"a"_s, u"occupied"_s), sandbox(u"slack"_s, u"b"_s),
                                sandbox(u"jira"_s, u"c"_s)});
        QCOMPARE(refreshed.size(), 1);
        QCOMPARE(refreshed.first(), (QList<SandboxKey>{{u"github"_s, u"a"_s}, {u"jira"_s, u"c"_s}}));
    }

    void initialApplyInsertsOnceAndFillsEveryColumn()
    {
        ModelSignals signals_(m_model);
        m_model->applySnapshot({sandbox(u"github"_s, u"a1"_s, u"occupied"_s, u"MCP_Atlas"_s,
                                        {u"team-a"_s, u"nightly"_s}, now.addSecs(-300)),
                                sandbox(u"cal.com"_s, u"a2"_s)});
        QCOMPARE(signals_.take(), QStringList{u"insert 0-1"_s});
        QCOMPARE(m_model->rowCount(), 2);
        QCOMPARE(m_model->columnCount(), int(SandboxListModel::ColumnCount));

        const auto cell = [this](int column, int role = Qt::DisplayRole) {
            return m_model->index(0, column).data(role);
        };
        QCOMPARE(cell(SandboxListModel::ServerColumn).toString(), u"github"_s);
        QCOMPARE(cell(SandboxListModel::SandboxIdColumn).toString(), u"a1"_s);
        QCOMPARE(cell(SandboxListModel::StatusColumn).toString(), u"occupied"_s);
        QCOMPARE(cell(SandboxListModel::BenchmarkColumn).toString(), u"MCP_Atlas"_s);
        QCOMPARE(cell(SandboxListModel::TagsColumn).toString(), u"team-a, nightly"_s);
        QCOMPARE(cell(SandboxListModel::TagsColumn, SandboxListModel::TagsRole).toStringList(),
                 QStringList({u"team-a"_s, u"nightly"_s}));
        QCOMPARE(cell(SandboxListModel::UpdatedColumn).toString(), u"5 min ago"_s);
        QCOMPARE(cell(SandboxListModel::UpdatedColumn, Qt::ToolTipRole).toString(),
                 RelativeTime::absoluteTime(now.addSecs(-300)));
        QCOMPARE(cell(SandboxListModel::UpdatedColumn, SandboxListModel::UpdatedAtRole).toDateTime(),
                 now.addSecs(-300));
        QCOMPARE(cell(SandboxListModel::ServerColumn, SandboxListModel::SandboxIdRole).toString(), u"a1"_s);
        QCOMPARE(cell(SandboxListModel::StatusColumn, SandboxListModel::ServerNameRole).toString(),
                 u"github"_s);
        QCOMPARE(cell(SandboxListModel::StatusColumn, SandboxListModel::StatusKindRole).toInt(),
                 int(StatusKind::Occupied));
        QCOMPARE(cell(SandboxListModel::ServerColumn, SandboxListModel::BusyRole).toBool(), false);
        QCOMPARE(m_model->headerData(SandboxListModel::UpdatedColumn, Qt::Horizontal).toString(),
                 u"Updated"_s);
        QCOMPARE(m_model->rowOf(u"cal.com"_s, u"a2"_s), 1);
        QCOMPARE(m_model->rowOf(u"cal.com"_s, u"nope"_s), -1);
        QVERIFY(m_model->roleNames().contains(SandboxListModel::StatusKindRole));
    }

    void refreshAppliesADiff()
    {
        m_model->applySnapshot(
            {sandbox(u"github"_s, u"a"_s), sandbox(u"jira"_s, u"b"_s), sandbox(u"slack"_s, u"c"_s)});
        ModelSignals signals_(m_model);
        // b is gone, c changed status, d is new.
        m_model->applySnapshot({sandbox(u"slack"_s, u"c"_s, u"error"_s), sandbox(u"github"_s, u"a"_s),
                                sandbox(u"notion"_s, u"d"_s)});
        QCOMPARE(signals_.take(), QStringList({u"remove 1-1"_s, u"change 1-1 c2-2"_s, u"insert 2-2"_s}));
        QCOMPARE(ids(*m_model), QStringList({u"a"_s, u"c"_s, u"d"_s}));
        QCOMPARE(m_model->index(1, SandboxListModel::StatusColumn).data().toString(), u"error"_s);
    }

    void changedCellsAreTheOnlyColumnsReported_data()
    {
        QTest::addColumn<SandboxSummary>("changed");
        QTest::addColumn<QString>("expected");
        const SandboxSummary base = sandbox(u"github"_s, u"a"_s, u"idle"_s, u"MCP_Atlas"_s, {u"x"_s}, now);
        SandboxSummary status = base;
        status.status = u"occupied"_s;
        QTest::newRow("status") << status << u"change 0-0 c2-2"_s;
        SandboxSummary tags = base;
        tags.tags = QStringList{u"x"_s, u"y"_s};
        QTest::newRow("tags") << tags << u"change 0-0 c4-4"_s;
        SandboxSummary updated = base;
        updated.updatedAt = now.addSecs(60);
        updated.updatedAtText = updated.updatedAt.toString(Qt::ISODate);
        QTest::newRow("updated") << updated << u"change 0-0 c5-5"_s;
        SandboxSummary statusAndUpdated = updated;
        statusAndUpdated.status = u"error"_s;
        QTest::newRow("status and updated") << statusAndUpdated << u"change 0-0 c2-5"_s;
    }

    void changedCellsAreTheOnlyColumnsReported()
    {
        QFETCH(SandboxSummary, changed);
        QFETCH(QString, expected);
        m_model->applySnapshot({sandbox(u"github"_s, u"a"_s, u"idle"_s, u"MCP_Atlas"_s, {u"x"_s}, now)});
        ModelSignals signals_(m_model);
        m_model->applySnapshot({changed});
        QCOMPARE(signals_.take(), QStringList{expected});
    }

    void unchangedRefreshEmitsNothing()
    {
        QList<SandboxSummary> list;
        for (int i = 0; i < 50; ++i)
            list << sandbox(i % 3 ? u"github"_s : u"Cal.com"_s, QString::number(i),
                            i % 2 ? u"idle"_s : u"occupied"_s, u"MCP_Atlas"_s, {u"t%1"_s.arg(i % 4)},
                            now.addSecs(-i * 60));
        m_model->applySnapshot(list);
        AllSignals spies(m_model);

        m_model->applySnapshot(list);
        QCOMPARE(spies.total(), 0);

        // The same content in another order and in strings of its own (a new decode) is no change either.
        QList<SandboxSummary> shuffled;
        for (qsizetype i = list.size() - 1; i >= 0; --i) {
            SandboxSummary copy = list[i];
            copy.serverName = QString(copy.serverName.constData(), copy.serverName.size());
            copy.status = QString(copy.status.constData(), copy.status.size());
            shuffled << copy;
        }
        m_model->applySnapshot(shuffled);
        QCOMPARE(spies.total(), 0);
        QCOMPARE(m_model->rowCount(), 50);
    }

    void persistentIndexesFollowTheirRows()
    {
        QList<SandboxSummary> list;
        for (int i = 0; i < 10; ++i)
            list << sandbox(u"github"_s, QString::number(i));
        m_model->applySnapshot(list);
        const QPersistentModelIndex three = m_model->index(3, SandboxListModel::StatusColumn);
        const QPersistentModelIndex five = m_model->index(5, 0);
        const QPersistentModelIndex seven = m_model->index(7, SandboxListModel::TagsColumn);
        const QPersistentModelIndex nine = m_model->index(9, 0);

        // Rows 0, 2, 5 and 6 go (three separate runs), 7 changes, "new" arrives.
        QList<SandboxSummary> next;
        for (int i : {1, 3, 4, 7, 8, 9})
            next << sandbox(u"github"_s, QString::number(i), i == 7 ? u"error"_s : u"idle"_s);
        next << sandbox(u"jira"_s, u"new"_s);
        ModelSignals signals_(m_model);
        m_model->applySnapshot(next);

        QCOMPARE(signals_.take(), QStringList({u"remove 0-0"_s, u"remove 1-1"_s, u"remove 3-4"_s,
                                               u"change 3-3 c2-2"_s, u"insert 6-6"_s}));
        QCOMPARE(ids(*m_model), QStringList({u"1"_s, u"3"_s, u"4"_s, u"7"_s, u"8"_s, u"9"_s, u"new"_s}));
        QVERIFY(!five.isValid());
        QCOMPARE(three.row(), 1);
        QCOMPARE(three.column(), int(SandboxListModel::StatusColumn));
        QCOMPARE(seven.row(), 3);
        QCOMPARE(seven.data(SandboxListModel::StatusRole).toString(), u"error"_s);
        QCOMPARE(nine.row(), 5);
        QCOMPARE(nine.data(SandboxListModel::SandboxIdRole).toString(), u"9"_s);
    }

    // Many random refreshes: rows keep their relative order, new ones come last in snapshot order, every
    // cell shows the snapshot's value and every persistent index still names its sandbox.
    void randomRefreshesKeepRowsAndIndexes()
    {
        quint64 random = 20260216;
        std::vector<QString> order; // the expected row order, by id
        for (int round = 0; round < 300; ++round) {
            QList<SandboxSummary> snapshot;
            QHash<QString, SandboxSummary> byId;
            const int size = int(nextRandom(random) % 40);
            for (int i = 0; i < size; ++i) {
                const QString id = QString::number(nextRandom(random) % 60);
                const QString status = nextRandom(random) % 4 ? u"idle"_s : u"error"_s;
                snapshot << sandbox(u"github"_s, id, status);
                if (!byId.contains(id))
                    byId.insert(id, snapshot.back());
            }
            std::vector<QString> expected;
            for (const QString &id : order)
                if (byId.contains(id))
                    expected.push_back(id);
            for (const SandboxSummary &s : std::as_const(snapshot))
                if (std::find(expected.begin(), expected.end(), s.sandboxId) == expected.end())
                    expected.push_back(s.sandboxId);

            std::vector<std::pair<QPersistentModelIndex, QString>> held;
            for (int row = 0; row < m_model->rowCount(); ++row)
                held.emplace_back(
                    m_model->index(row, int(nextRandom(random) % SandboxListModel::ColumnCount)),
                    m_model->sandboxAt(row).sandboxId);

            m_model->applySnapshot(snapshot);

            QCOMPARE(m_model->rowCount(), int(expected.size()));
            for (int row = 0; row < m_model->rowCount(); ++row) {
                QCOMPARE(m_model->sandboxAt(row).sandboxId, expected[size_t(row)]);
                QCOMPARE(m_model->sandboxAt(row).status, byId.value(expected[size_t(row)]).status);
                QCOMPARE(m_model->rowOf(u"GitHub"_s, expected[size_t(row)]), row);
            }
            for (const auto &[index, id] : held) {
                QCOMPARE(index.isValid(), byId.contains(id));
                if (index.isValid())
                    QCOMPARE(index.data(SandboxListModel::SandboxIdRole).toString(), id);
            }
            order = expected;
        }
    }

    void duplicateKeysFirstWins()
    {
        ModelSignals signals_(m_model);
        m_model->applySnapshot({sandbox(u"github"_s, u"a"_s, u"idle"_s),
                                sandbox(u"GitHub"_s, u"a"_s, u"error"_s), sandbox(u"github"_s, u"b"_s)});
        QCOMPARE(signals_.take(), QStringList{u"insert 0-1"_s});
        QCOMPARE(m_model->sandboxAt(0).status, u"idle"_s);
    }

    void unknownStatusIsShownAsItCame()
    {
        m_model->applySnapshot(
            {sandbox(u"github"_s, u"a"_s, u"hibernating"_s), sandbox(u"github"_s, u"b"_s)});
        const QModelIndex status = m_model->index(0, SandboxListModel::StatusColumn);
        QCOMPARE(status.data().toString(), u"hibernating"_s);
        QCOMPARE(status.data(SandboxListModel::StatusKindRole).toInt(), int(StatusKind::Unknown));
        QCOMPARE(
            m_model->index(1, SandboxListModel::StatusColumn).data(SandboxListModel::StatusKindRole).toInt(),
            int(StatusKind::Idle));
        QVERIFY(m_model->knownStatuses().contains(u"hibernating"_s));
    }

    void serverNameCaseDriftKeepsTheRow()
    {
        m_model->applySnapshot({sandbox(u"Cal.com"_s, u"x1"_s), sandbox(u"github"_s, u"x2"_s)});
        const QPersistentModelIndex held = m_model->index(0, 0);
        AllSignals spies(m_model);
        ModelSignals signals_(m_model);
        m_model->applySnapshot({sandbox(u"cal.com"_s, u"x1"_s), sandbox(u"github"_s, u"x2"_s)});
        // Same row, no insert or remove: only the server cell changed its spelling.
        QCOMPARE(signals_.take(), QStringList{u"change 0-0 c0-0"_s});
        QCOMPARE(held.row(), 0);
        QCOMPARE(held.data().toString(), u"cal.com"_s);
        QCOMPARE(m_model->rowOf(u"CAL.COM"_s, u"x1"_s), 0);
        QCOMPARE(m_model->knownServers(), QStringList({u"cal.com"_s, u"github"_s}));
        // A drift back and forth within one snapshot is still one row.
        m_model->applySnapshot({sandbox(u"CAL.com"_s, u"x1"_s), sandbox(u"Cal.Com"_s, u"x1"_s)});
        QCOMPARE(m_model->rowCount(), 1);
        QCOMPARE(m_model->sandboxAt(0).serverName, u"CAL.com"_s);
        QVERIFY(spies.total() > 0);
    }

    void clearResets()
    {
        m_model->applySnapshot({sandbox(u"github"_s, u"a"_s)});
        ModelSignals signals_(m_model);
        m_model->clear();
        QCOMPARE(signals_.take(), QStringList{u"reset"_s});
        QCOMPARE(m_model->rowCount(), 0);
        QVERIFY(m_model->knownServers().isEmpty());
        m_model->applySnapshot({sandbox(u"github"_s, u"a"_s)});
        QCOMPARE(signals_.take(), QStringList{u"insert 0-0"_s});
    }
};

QTEST_GUILESS_MAIN(TestSandboxListModel)
#include "tst_sandboxlistmodel.moc"
