// BlaxelFileTreeModel under QAbstractItemModelTester: folders first and by name, names that are not one path
// segment dropped, a folder listed again updated in place (what stays keeps its open children), and a big
// first listing inserted a chunk per turn of the event loop, listed only once the last chunk is in.

#include "models/blaxelfiletreemodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

BlaxelDirectory::Entry file(const QString &name, qint64 size = 1)
{
    return {name, {}, size, u"-rw-r--r--"_s, false};
}

BlaxelDirectory::Entry folder(const QString &name)
{
    return {name, {}, -1, u"drwxr-xr-x"_s, true};
}

BlaxelDirectory listing(const QList<BlaxelDirectory::Entry> &entries)
{
    BlaxelDirectory directory;
    directory.entries = entries;
    return directory;
}

QStringList names(const BlaxelFileTreeModel &model, const QModelIndex &parent = {})
{
    QStringList result;
    for (int row = 0; row < model.rowCount(parent); ++row)
        result.append(model.index(row, 0, parent).data().toString());
    return result;
}

} // namespace

class TestBlaxelFileTreeModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void foldersComeFirstAndHostileNamesAreDropped()
    {
        BlaxelFileTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy wanted(&model, &BlaxelFileTreeModel::listingWanted);
        model.setRootPath(u"/blaxel/"_s);
        QCOMPARE(model.rootPath(), u"/blaxel"_s);
        // The tester may have opened the root already; asked again, it is not asked twice.
        model.fetchMore({});
        model.fetchMore({});
        QVERIFY(!model.canFetchMore({}));
        QCOMPARE(wanted.count(), 1);
        QCOMPARE(wanted.at(0).at(0).toString(), u"/blaxel"_s);
        model.setListing(u"/blaxel"_s,
                         listing({file(u"b.txt"_s), folder(u"src"_s), file(u"A.md"_s), file(u"../up"_s),
                                  file(u"."_s), file({}), file(u"b.txt"_s), folder(u"Data"_s)}));
        QCOMPARE(names(model), (QStringList{u"Data"_s, u"src"_s, u"A.md"_s, u"b.txt"_s}));
        QCOMPARE(model.pathOf(model.index(1, 0)), u"/blaxel/src"_s);
        QVERIFY(model.isListed(u"/blaxel"_s));
        QVERIFY(model.hasChildren(model.index(0, 0)));
        QVERIFY(!model.hasChildren(model.index(2, 0)));
    }

    void aListingAgainUpdatesInPlace()
    {
        BlaxelFileTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRootPath(u"/"_s);
        model.setListing(u"/"_s, listing({folder(u"keep"_s), file(u"gone.txt"_s), file(u"stays.txt"_s, 5)}));
        model.setListing(u"/keep"_s, listing({file(u"inside.txt"_s)}));
        const QPersistentModelIndex kept = model.indexOfPath(u"/keep/inside.txt"_s);
        QVERIFY(kept.isValid());
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setListing(u"/"_s, listing({folder(u"keep"_s), file(u"new.txt"_s), file(u"stays.txt"_s, 9)}));
        QCOMPARE(names(model), (QStringList{u"keep"_s, u"new.txt"_s, u"stays.txt"_s}));
        QCOMPARE(removed.count(), 1);
        QVERIFY(!changed.isEmpty());
        // The open folder below was not listed again, and its rows are where they were.
        QVERIFY(kept.isValid());
        QCOMPARE(kept.data().toString(), u"inside.txt"_s);
        QCOMPARE(model.sizeOf(model.indexOfPath(u"/stays.txt"_s)), 9);
    }

    void aBigFolderArrivesInChunks()
    {
        BlaxelFileTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRootPath(u"/big"_s);
        const int count = BlaxelFileTreeModel::rowsPerChunk * 3 + 7;
        QList<BlaxelDirectory::Entry> entries;
        for (int i = count - 1; i >= 0; --i)
            entries.append(file(u"file-%1"_s.arg(i, 6, 10, QLatin1Char('0'))));
        model.setListing(u"/big"_s, listing(entries));
        // The first rows at once, and the folder not listed until the rest are in.
        QCOMPARE(model.rowCount(), BlaxelFileTreeModel::rowsPerChunk);
        QVERIFY(!model.isListed(u"/big"_s));
        QTRY_VERIFY(model.isListed(u"/big"_s));
        QCOMPARE(model.rowCount(), count);
        QCOMPARE(model.index(0, 0).data().toString(), u"file-000000"_s);
        QCOMPARE(model.index(count - 1, 0).data().toString(),
                 u"file-%1"_s.arg(count - 1, 6, 10, QLatin1Char('0')));
    }

    void aNewRootDropsWhatWasStillGoingIn()
    {
        BlaxelFileTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRootPath(u"/big"_s);
        QList<BlaxelDirectory::Entry> entries;
        for (int i = 0; i < BlaxelFileTreeModel::rowsPerChunk * 2; ++i)
            entries.append(file(u"f%1"_s.arg(i)));
        model.setListing(u"/big"_s, listing(entries));
        model.setRootPath(u"/other"_s);
        model.setListing(u"/other"_s, listing({file(u"only.txt"_s)}));
        // The chunks of /big that were still due change nothing now.
        QTest::qWait(0);
        QCoreApplication::processEvents();
        QCOMPARE(names(model), QStringList{u"only.txt"_s});
    }
};

QTEST_MAIN(TestBlaxelFileTreeModel)
#include "tst_blaxelfiletreemodel.moc"
