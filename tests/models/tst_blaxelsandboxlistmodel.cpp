// The Blaxel list model and its filter proxy: diff refresh, the live countdown, the DELETING overlay and
// hostile text, each under QAbstractItemModelTester.

#include "api/blaxelstatus.h"
#include "models/blaxelsandboxfilterproxy.h"
#include "models/blaxelsandboxlistmodel.h"
#include "modelsignals.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QDateTime start(QDate(2026, 4, 28), QTime(12, 0), Qt::UTC);

BlaxelSandbox sandbox(const QString &name, const QString &status = u"DEPLOYED"_s)
{
    BlaxelSandbox s;
    s.name = name;
    s.displayName = name.toUpper();
    s.status = status;
    s.state = u"RUNNING"_s;
    s.region = u"us-pdx-1"_s;
    s.image = u"blaxel/base-image:latest"_s;
    s.memoryMb = 4096;
    s.labels = {{u"team"_s, u"research"_s}};
    s.createdAt = start.addSecs(-3600);
    s.lastUsedAt = start.addSecs(-120);
    return s;
}

QString cell(const QAbstractItemModel &model, int row, int column)
{
    return model.index(row, column).data().toString();
}

} // namespace

class TestBlaxelSandboxListModel : public QObject
{
    Q_OBJECT

private slots:
    void diffRefreshLeavesUnchangedRowsAlone()
    {
        BlaxelSandboxListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setReferenceTime(start);
        model.applySnapshot({sandbox(u"a"_s), sandbox(u"b"_s), sandbox(u"c"_s), sandbox(u"d"_s)});
        QCOMPARE(model.rowCount(), 4);

        ModelSignals signals_(&model);
        QSignalSpy refreshed(&model, &BlaxelSandboxListModel::rowsRefreshed);
        model.applySnapshot({sandbox(u"a"_s), sandbox(u"b"_s), sandbox(u"c"_s), sandbox(u"d"_s)});
        QCOMPARE(signals_.take(), QStringList());
        QCOMPARE(refreshed.count(), 0);

        // b leaves, c changes status only, e is new: nothing is reset, a and d are not touched.
        const QPersistentModelIndex d = model.index(3, 0);
        model.applySnapshot(
            {sandbox(u"a"_s), sandbox(u"c"_s, u"FAILED"_s), sandbox(u"d"_s), sandbox(u"e"_s)});
        QCOMPARE(signals_.take(), (QStringList{u"remove 1-1"_s, u"change 1-1 c2-2"_s, u"insert 3-3"_s}));
        QCOMPARE(refreshed.count(), 1);
        QCOMPARE(refreshed.first().first().toStringList(), (QStringList{u"c"_s, u"e"_s}));
        QCOMPARE(d.row(), 2);
        QCOMPARE(cell(model, 1, BlaxelSandboxListModel::StatusColumn), u"FAILED"_s);
        QCOMPARE(model.rowOf(u"e"_s), 3);
        QCOMPARE(model.rowOf(u"b"_s), -1);

        // A name listed twice: the first entry wins, one row.
        model.applySnapshot({sandbox(u"a"_s), sandbox(u"a"_s, u"FAILED"_s)});
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::StatusColumn), u"DEPLOYED"_s);
    }

    void columnsShowEveryField()
    {
        BlaxelSandboxListModel model;
        model.setReferenceTime(start);
        BlaxelSandbox s = sandbox(u"notebook"_s);
        s.memoryMb = 8192;
        s.labels = {{u"project"_s, u"eval"_s}, {u"team"_s, u"research"_s}};
        model.applySnapshot({s});
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::NameColumn), u"notebook"_s);
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::DisplayNameColumn), u"NOTEBOOK"_s);
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::StateColumn), u"RUNNING"_s);
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::RegionColumn), u"us-pdx-1"_s);
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::ImageColumn), u"blaxel/base-image:latest"_s);
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::MemoryColumn), u"8 GB"_s);
        QCOMPARE(model.index(0, BlaxelSandboxListModel::LabelsColumn)
                     .data(BlaxelSandboxListModel::LabelsRole)
                     .toStringList(),
                 (QStringList{u"project=eval"_s, u"team=research"_s}));
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::CreatedColumn), u"1 h ago"_s);
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::LastUsedColumn), u"2 min ago"_s);
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::ExpiresInColumn), QString());
        QCOMPARE(model.headerData(BlaxelSandboxListModel::ExpiresInColumn, Qt::Horizontal).toString(),
                 u"Expires in"_s);
    }

    void countdownIsLive()
    {
        BlaxelSandboxListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setReferenceTime(start);
        BlaxelSandbox s = sandbox(u"ttl"_s);
        s.expiresInSeconds = 2 * 3600 + 5 * 60;
        model.applySnapshot({s});
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::ExpiresInColumn), u"2 h 05 min"_s);

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setReferenceTime(start.addSecs(2 * 3600 + 4 * 60 + 15));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().at(1).toModelIndex().column(), int(BlaxelSandboxListModel::ExpiresInColumn));
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::ExpiresInColumn), u"45 s"_s);
        model.setReferenceTime(start.addSecs(3 * 3600));
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::ExpiresInColumn), u"due now"_s);

        // The server's own count, a refresh later, agrees within a few seconds: no change, the shown
        // countdown keeps its pace; a real extension moves it.
        model.setReferenceTime(start.addSecs(600));
        ModelSignals signals_(&model);
        s.expiresInSeconds = *s.expiresInSeconds - 600 + 2;
        model.applySnapshot({s});
        QCOMPARE(signals_.take(), QStringList());
        s.expiresInSeconds = 24 * 3600;
        model.applySnapshot({s});
        QCOMPARE(signals_.take(), QStringList{u"change 0-0 c10-10"_s});
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::ExpiresInColumn), u"1 d 0 h"_s);

        // The older shape's absolute date.
        BlaxelSandbox dated = sandbox(u"dated"_s);
        dated.expires = start.addSecs(600 + 90).toString(Qt::ISODate);
        model.applySnapshot({s, dated});
        QCOMPARE(cell(model, 1, BlaxelSandboxListModel::ExpiresInColumn), u"1 min 30 s"_s);
    }

    void deletingOverlayHoldsUntilGone()
    {
        BlaxelSandboxListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.applySnapshot({sandbox(u"a"_s), sandbox(u"b"_s)});
        model.setDeleting(u"a"_s, true);
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::StatusColumn), u"DELETING"_s);
        QCOMPARE(model.index(0, 0).data(BlaxelSandboxListModel::StatusKindRole).toInt(),
                 int(BlaxelStatus::Transitional));
        // A refresh that raced the DELETE still lists it DEPLOYED: the row keeps saying DELETING.
        model.applySnapshot({sandbox(u"a"_s), sandbox(u"b"_s)});
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::StatusColumn), u"DELETING"_s);
        model.updateSandbox(sandbox(u"a"_s, u"TERMINATED"_s));
        QCOMPARE(cell(model, 0, BlaxelSandboxListModel::StatusColumn), u"TERMINATED"_s);
        model.setDeleting(u"a"_s, false);
        QVERIFY(!model.isDeleting(u"a"_s));
    }

    void proxyFiltersSearchStatusAndTerminated()
    {
        BlaxelSandboxListModel model;
        BlaxelSandboxFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        BlaxelSandbox labelled = sandbox(u"alpha"_s);
        labelled.labels = {{u"project"_s, u"Needle"_s}};
        model.applySnapshot(
            {labelled, sandbox(u"beta"_s, u"FAILED"_s), sandbox(u"gamma"_s, u"TERMINATED"_s)});
        QCOMPARE(proxy.rowCount(), 2); // terminated hidden by default
        proxy.setShowTerminated(true);
        QCOMPARE(proxy.rowCount(), 3);
        proxy.setShowTerminated(false);

        QSignalSpy counts(&proxy, &BlaxelSandboxFilterProxy::countsChanged);
        proxy.setSearchText(u"  needle "_s);
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(counts.last(), (QList<QVariant>{1, 3}));
        proxy.setSearchText(u"BET"_s); // the display name too
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.index(0, 0).data(BlaxelSandboxListModel::NameRole).toString(), u"beta"_s);
        proxy.setSearchText({});
        proxy.setStatusFilter(u"failed"_s);
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setStatusFilter(u"TERMINATED"_s); // asked for by name: shown
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setStatusFilter({});

        // A row whose deletion ends leaves the view by itself.
        model.updateSandbox(sandbox(u"alpha"_s, u"TERMINATED"_s));
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(counts.last(), (QList<QVariant>{1, 3}));

        // Sorting by memory sorts numbers, not text.
        BlaxelSandbox small = sandbox(u"small"_s);
        small.memoryMb = 512;
        BlaxelSandbox big = sandbox(u"big"_s);
        big.memoryMb = 16384;
        model.applySnapshot({big, small});
        proxy.sort(BlaxelSandboxListModel::MemoryColumn, Qt::AscendingOrder);
        QCOMPARE(proxy.index(0, 0).data(BlaxelSandboxListModel::NameRole).toString(), u"small"_s);
    }

    void hostileTextIsMadeVisible()
    {
        BlaxelSandboxListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        BlaxelSandbox s = sandbox(u"evil\u001b[2Jname"_s, u"DEPLOYED\u202e"_s);
        s.displayName = u"line\nbreak\u0000nul"_s;
        s.labels = {{u"k\u0007"_s, u"v\u202e"_s}};
        s.image = u"img\u200fx"_s;
        model.applySnapshot({s});
        for (int column = 0; column < BlaxelSandboxListModel::ColumnCount; ++column) {
            const QString text = cell(model, 0, column);
            for (const QChar c : text)
                QVERIFY2(c.category() != QChar::Other_Control && c.category() != QChar::Other_Format,
                         qPrintable(u"column %1: U+%2"_s.arg(column).arg(c.unicode(), 4, 16, QChar(u'0'))));
        }
        for (const QString &label :
             model.index(0, 0).data(BlaxelSandboxListModel::LabelsRole).toStringList()) {
            for (const QChar c : label)
                QVERIFY(c.category() != QChar::Other_Control && c.category() != QChar::Other_Format);
        }
        // The row's key stays what the server sent, so that calls name the same sandbox.
        QCOMPARE(model.index(0, 0).data(BlaxelSandboxListModel::NameRole).toString(), s.name);
        // A status word nobody knows is shown as sent (made visible) and offered as a filter.
        QVERIFY(model.knownStatuses().size() == 1);
        QCOMPARE(model.index(0, 0).data(BlaxelSandboxListModel::StatusKindRole).toInt(),
                 int(BlaxelStatus::Unknown));
    }
};

QTEST_GUILESS_MAIN(TestBlaxelSandboxListModel)
#include "tst_blaxelsandboxlistmodel.moc"
