#include "models/relativetime.h"
#include "models/sandboxfilterproxy.h"
#include "models/sandboxlistmodel.h"
#include "models/statuskind.h"
#include "modelsignals.h"
#include "seededrandom.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;

namespace {

const QDateTime now(QDate(2026, 2, 16), QTime(12, 0), Qt::UTC);

SandboxSummary sandbox(const QString &server, const QString &id, const QString &status = u"idle"_s,
                       const QString &benchmark = {}, const QStringList &tags = {},
                       const QDateTime &updated = {})
{
    SandboxSummary s;
    s.serverName = server;
    s.sandboxId = id;
    s.status = status;
    s.benchmark = benchmark;
    s.tags = tags;
    s.updatedAt = updated;
    s.updatedAtText = updated.isValid() ? updated.toString(Qt::ISODate) : QString();
    return s;
}

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

QStringList ids(const QAbstractItemModel &model)
{
    QStringList result;
    for (int row = 0; row < model.rowCount(); ++row)
        result << model.index(row, SandboxListModel::SandboxIdColumn).data().toString();
    return result;
}

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

class TestSandboxListModel : public QObject
{
    Q_OBJECT

private:
    SandboxListModel *m_model = nullptr;
    std::unique_ptr<QAbstractItemModelTester> m_tester;

private slots:
    void init()
    {
        m_model = new SandboxListModel(this);
        m_model->setReferenceTime(now);
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    }

    void cleanup()
    {
        m_tester.reset();
        delete m_model;
    }

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
        QTest::qWait(10);
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
        QTest::qWait(20);
        QCOMPARE(contents(*m_model), contents(expected));
        QCOMPARE(applied.count(), 0);

        m_model->applySnapshotInSteps(churnedSnapshot(5000, 2));
        m_model->clear();
        QVERIFY(!m_model->isApplying());
        QCOMPARE(m_model->rowCount(), 0);
        QTest::qWait(20);
        QCOMPARE(m_model->rowCount(), 0);
        QCOMPARE(applied.count(), 0);
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
