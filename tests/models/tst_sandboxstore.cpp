// The session's store of what the server last listed: one index per snapshot, the first of a key listed
// twice kept, and a sandbox listed again sharing the texts that did not change with its last listing.
#include "store/sandboxstore.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

// Every text made anew, as a decoder makes them: equal to another list's, never shared with it.
SandboxSummary sandbox(int number, const QString &status)
{
    SandboxSummary s;
    s.serverName = u"git"_s + u"hub"_s;
    s.sandboxId = u"sb-"_s + QString::number(number);
    s.status = QString(status.constData(), status.size());
    s.benchmark = u"MCP_"_s + u"Atlas"_s;
    s.tags = {u"night"_s + u"ly"_s};
    s.updatedAtText = u"2026-12-0"_s + QString::number(1 + number % 9) + u"T10:00:00Z"_s;
    return s;
}

QList<SandboxSummary> list(int count, const QString &status)
{
    QList<SandboxSummary> sandboxes;
    for (int i = 0; i < count; ++i)
        sandboxes.append(sandbox(i, status));
    return sandboxes;
}

bool sameText(const QString &a, const QString &b)
{
    return a == b && a.constData() == b.constData();
}

} // namespace

class TestSandboxStore : public QObject
{
    Q_OBJECT

private slots:
    void aSandboxListedAgainSharesWhatDidNotChange()
    {
        KlavisSandboxStore store;
        store.publishNow(list(3, u"occupied"_s));
        const KlavisSandboxStore::SnapshotPointer first = store.snapshot();

        QList<SandboxSummary> again = list(4, u"occupied"_s);
        again[1].status = u"idle"_s;
        again[2].tags = {u"other"_s};
        QSignalSpy published(&store, &SandboxStoreSignals::published);
        store.publish(again);
        again = {};
        QVERIFY(published.wait(5000));
        const KlavisSandboxStore::SnapshotPointer second = store.snapshot();
        QCOMPARE(second->items.size(), 4);

        for (int i = 0; i < 3; ++i) {
            const SandboxSummary &last = first->items.at(i);
            const SandboxSummary &now = second->items.at(i);
            QVERIFY(sameText(now.sandboxId, last.sandboxId));
            QVERIFY(sameText(now.serverName, last.serverName));
            QVERIFY(sameText(now.benchmark, last.benchmark));
            QVERIFY(sameText(now.updatedAtText, last.updatedAtText));
        }
        QVERIFY(sameText(second->items.at(0).status, first->items.at(0).status));
        // What changed is the new list's own.
        QCOMPARE(second->items.at(1).status, u"idle"_s);
        QCOMPARE(first->items.at(1).status, u"occupied"_s);
        QCOMPARE(second->items.at(2).tags, QStringList{u"other"_s});
        QCOMPARE(first->items.at(2).tags, QStringList{u"nightly"_s});
        QVERIFY(second->items.at(0).tags.constData() == first->items.at(0).tags.constData());
        // A sandbox new to the list shares nothing with another one's texts by mistake.
        QCOMPARE(second->items.at(3).sandboxId, u"sb-3"_s);
        QVERIFY(second->find({u"github"_s, u"sb-3"_s}));
        // The last snapshot is as it was: readers holding it see no change.
        QCOMPARE(first->items.size(), 3);
    }

    void aListTheStoreAloneHoldsIsNotCopied()
    {
        KlavisSandboxStore store;
        store.publishNow(list(3, u"occupied"_s));
        QList<SandboxSummary> again = list(3, u"occupied"_s);
        const SandboxSummary *array = again.constData();
        store.publishNow(std::move(again));
        QCOMPARE(store.snapshot()->items.constData(), array);
    }

    void aKeyListedTwiceKeepsItsFirstEntry()
    {
        KlavisSandboxStore store;
        QList<SandboxSummary> sandboxes = list(2, u"occupied"_s);
        SandboxSummary twice = sandboxes.at(0);
        twice.status = u"idle"_s;
        sandboxes.append(twice);
        store.publishNow(sandboxes);
        QCOMPARE(store.find({u"github"_s, u"sb-0"_s})->status, u"occupied"_s);
        // Listed again the other way round, the first is still the one.
        std::swap(sandboxes[0], sandboxes[2]);
        store.publishNow(sandboxes);
        QCOMPARE(store.find({u"github"_s, u"sb-0"_s})->status, u"idle"_s);
    }
};

QTEST_GUILESS_MAIN(TestSandboxStore)
#include "tst_sandboxstore.moc"
