#include "json/jsondiff.h"
#include "json/jsonpath.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

// JSON written with single quotes, so that the tests read like the data they compare.
QJsonValue json(const char *text)
{
    QByteArray bytes(text);
    bytes.replace('\'', '"');
    QJsonParseError error;
    const auto document = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad test JSON: %s", text);
    return document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array());
}

QStringList describe(const QList<JsonDifference> &differences)
{
    QStringList lines;
    for (const auto &difference : differences)
        lines << JsonDifference::kindName(difference.kind) + u' ' + difference.path;
    return lines;
}

QJsonArray issues(int count, int firstId)
{
    QJsonArray array;
    for (int i = 0; i < count; ++i)
        array.append(QJsonObject{{u"id"_s, firstId + i},
                                 {u"title"_s, u"Issue %1"_s.arg(firstId + i)},
                                 {u"labels"_s, QJsonArray{u"bug"_s, u"p%1"_s.arg(i % 3)}}});
    return array;
}

} // namespace

class TestJsonDiff : public QObject
{
    Q_OBJECT

private slots:
    void identicalNestedDataHasNoDifference()
    {
        const auto data = json("{'repos':[{'name':'a','issues':[{'id':1,'title':'x','labels':['bug']}]}]}");
        JsonDiff diff;
        QVERIFY(diff.compare(data, data).isEmpty());
        QVERIFY(!diff.isTruncated());
        QVERIFY(diff.visitedValues() > 5);
    }

    void aRetitledElementIsFollowedDownWhenItsOtherMembersStay()
    {
        const auto before =
            json("{'repos':[{'issues':[{'title':'a'},{'title':'b'},{'title':'c','state':'open'}]}]}");
        const auto after =
            json("{'repos':[{'issues':[{'title':'a'},{'title':'b'},{'title':'C','state':'open'}]}]}");
        JsonDiff diff;
        // The title is the only key the issues have; the third one's changed, but its state stayed: the same
        // issue, retitled.
        QCOMPARE(describe(diff.compare(before, after)),
                 QStringList({u"changed $.repos[0].issues[2].title"_s}));
    }

    void twoEditsInsideOneElementAreTwoChangesEvenWhenOneIsItsKey()
    {
        const auto before = json("{'repos':[{'name':'storefront-api','description':'old','private':false,"
                                 "'stars':3,'issues':[{'id':1,'status':'open'}]},{'name':'web','stars':1}]}");
        const auto after = json("{'repos':[{'name':'storefront','description':'new','private':false,"
                                "'stars':3,'issues':[{'id':1,'status':'open'}]},{'name':'web','stars':1}]}");
        JsonDiff diff;
        QCOMPARE(describe(diff.compare(before, after)),
                 QStringList({u"changed $.repos[0].description"_s, u"changed $.repos[0].name"_s}));
    }

    void anElementReplacedByAnotherIsARemovalAndAnAddition()
    {
        // Keys differ and most other members too: not the same element edited.
        const auto before = json("[{'name':'a','description':'x','stars':1},{'name':'keep','stars':0}]");
        const auto after = json("[{'name':'b','description':'y','stars':2},{'name':'keep','stars':0}]");
        JsonDiff diff;
        QCOMPARE(describe(diff.compare(before, after)), QStringList({u"removed $[0]"_s, u"added $[0]"_s}));
        // Elements that are nothing but their key have nothing else to agree on.
        QCOMPARE(describe(diff.compare(json("[{'id':1}]"), json("[{'id':2}]"))),
                 QStringList({u"removed $[0]"_s, u"added $[0]"_s}));
    }

    void elementsWithoutKeysAreMatchedByIndex()
    {
        const auto before = json("{'repos':[{'issues':[{'body':'a'},{'body':'b'},{'body':'c'}]}]}");
        const auto after = json("{'repos':[{'issues':[{'body':'a'},{'body':'b'},{'body':'C'}]}]}");
        JsonDiff diff;
        QCOMPARE(describe(diff.compare(before, after)), QStringList{u"changed $.repos[0].issues[2].body"_s});
    }

    void changedValueOfAMatchedElement()
    {
        const auto before = json("{'repos':[{'issues':[{'id':1,'title':'a'},{'id':2,'title':'b'},"
                                 "{'id':3,'title':'c'}]}]}");
        const auto after = json("{'repos':[{'issues':[{'id':1,'title':'a'},{'id':2,'title':'b'},"
                                "{'id':3,'title':'C'}]}]}");
        JsonDiff diff;
        const auto differences = diff.compare(before, after);
        QCOMPARE(describe(differences), QStringList{u"changed $.repos[0].issues[2].title"_s});
        QCOMPARE(differences[0].oldValue, QJsonValue(u"c"_s));
        QCOMPARE(differences[0].newValue, QJsonValue(u"C"_s));
    }

    void membersAddedRemovedAndTypeChanged()
    {
        const auto before = json("{'a':1,'b':{'c':'text','d':[1,2]},'gone':true}");
        const auto after = json("{'a':1,'b':{'c':null,'d':[1,2,3],'e':{}},'new':'x'}");
        JsonDiff diff;
        QCOMPARE(describe(diff.compare(before, after)),
                 QStringList({u"type-changed $.b.c"_s, u"added $.b.d[2]"_s, u"added $.b.e"_s,
                              u"removed $.gone"_s, u"added $.new"_s}));
        const auto &typeChange = diff.differences()[0];
        QCOMPARE(typeChange.oldValue, QJsonValue(u"text"_s));
        QVERIFY(typeChange.newValue.isNull());
        QCOMPARE(diff.differences()[3].oldValue, QJsonValue(true));
        QVERIFY(diff.differences()[3].newValue.isUndefined());
    }

    void topLevelValuesOfDifferentType()
    {
        JsonDiff diff;
        QCOMPARE(describe(diff.compare(json("{'a':1}"), json("[1]"))), QStringList{u"type-changed $"_s});
        // An integer and a fraction are both JSON numbers: a change, not a type change.
        QCOMPARE(describe(diff.compare(json("[1]"), json("[1.5]"))), QStringList{u"changed $[0]"_s});
    }

    void keysThatAreNoIdentifiersAreQuoted()
    {
        QCOMPARE(JsonPath::member(u"$"_s, u"title"_s), u"$.title"_s);
        QCOMPARE(JsonPath::member(u"$"_s, u"_x$1"_s), u"$._x$1"_s);
        QCOMPARE(JsonPath::member(u"$"_s, u"odd key"_s), u"$[\"odd key\"]"_s);
        QCOMPARE(JsonPath::member(u"$"_s, u"a.b"_s), u"$[\"a.b\"]"_s);
        QCOMPARE(JsonPath::member(u"$"_s, u"1st"_s), u"$[\"1st\"]"_s);
        QCOMPARE(JsonPath::member(u"$"_s, u""_s), u"$[\"\"]"_s);
        QCOMPARE(JsonPath::member(u"$.x"_s, u"say \"hi\"\\"_s), u"$.x[\"say \\\"hi\\\"\\\\\"]"_s);
        QCOMPARE(JsonPath::member(u"$"_s, u"line\nbreak"_s), u"$[\"line\\nbreak\"]"_s);
        QCOMPARE(JsonPath::index(u"$.a"_s, 12), u"$.a[12]"_s);

        JsonDiff diff;
        QCOMPARE(describe(diff.compare(json("{'a b':{'c-d':1}}"), json("{'a b':{'c-d':2}}"))),
                 QStringList{u"changed $[\"a b\"][\"c-d\"]"_s});
    }

    void insertionAtTheFrontIsOneAdditionWhenElementsHaveIds()
    {
        QJsonArray before = issues(5, 10);
        QJsonArray after = issues(5, 10);
        after.prepend(QJsonObject{{u"id"_s, 99}, {u"title"_s, u"New"_s}});
        QJsonObject changed = after[3].toObject();
        changed.insert(u"title"_s, u"Renamed"_s);
        after[3] = changed;
        JsonDiff diff;
        const auto differences =
            diff.compare(QJsonObject{{u"issues"_s, before}}, QJsonObject{{u"issues"_s, after}});
        // By index, every issue would have changed; by id, one is new and one renamed (at its new index).
        QCOMPARE(describe(differences),
                 QStringList({u"added $.issues[0]"_s, u"changed $.issues[3].title"_s}));
        QCOMPARE(differences[1].oldValue, QJsonValue(u"Issue 12"_s));
        QCOMPARE(differences[0].newValue.toObject().value(u"id"_s).toInt(), 99);
    }

    void removedElementIsNamedByItsIndexInTheFirstArray()
    {
        JsonDiff diff;
        QCOMPARE(describe(diff.compare(json("[{'id':'a'},{'id':'b'},{'id':'c'}]"),
                                       json("[{'id':'a'},{'id':'c'}]"))),
                 QStringList{u"removed $[1]"_s});
    }

    void keyIsChosenInOrderAndMustBeDistinct()
    {
        QCOMPARE(JsonDiff::matchingKey(json("[{'id':1,'name':'a'}]").toArray(),
                                       json("[{'id':2,'name':'a'}]").toArray()),
                 u"id"_s);
        // No id anywhere: the next key in the list that every element has.
        QCOMPARE(JsonDiff::matchingKey(json("[{'key':'K','title':'t'}]").toArray(),
                                       json("[{'key':'L','title':'t'}]").toArray()),
                 u"key"_s);
        // Two elements share an id: the ids do not identify them, names do.
        QCOMPARE(JsonDiff::matchingKey(json("[{'id':1,'name':'a'},{'id':1,'name':'b'}]").toArray(),
                                       json("[{'id':1,'name':'a'}]").toArray()),
                 u"name"_s);
        // One element lacks every key: by index.
        QVERIFY(
            JsonDiff::matchingKey(json("[{'id':1},{'other':2}]").toArray(), json("[]").toArray()).isEmpty());
        // Scalars and objects-valued ids cannot match.
        QVERIFY(JsonDiff::matchingKey(json("[1,2]").toArray(), json("[2,1]").toArray()).isEmpty());
        QVERIFY(
            JsonDiff::matchingKey(json("[{'id':{}}]").toArray(), json("[{'id':{}}]").toArray()).isEmpty());
        QVERIFY(JsonDiff::matchingKey(json("[]").toArray(), json("[]").toArray()).isEmpty());
        // One empty side: the other's key still matches (everything there is added).
        QCOMPARE(JsonDiff::matchingKey(json("[]").toArray(), json("[{'id':3}]").toArray()), u"id"_s);
    }

    void numberAndStringIdsDoNotMatch()
    {
        JsonDiff diff;
        // Not one identity; the rest of the element agrees, so it is the element with its id's type changed.
        QCOMPARE(describe(diff.compare(json("[{'id':1,'v':0}]"), json("[{'id':'1','v':0}]"))),
                 QStringList({u"type-changed $[0].id"_s}));
        QCOMPARE(describe(diff.compare(json("[{'id':1,'v':0}]"), json("[{'id':'1','v':1}]"))),
                 QStringList({u"removed $[0]"_s, u"added $[0]"_s}));
    }

    void scalarArraysAreComparedByIndex()
    {
        JsonDiff diff;
        QCOMPARE(describe(diff.compare(json("['a','b','c']"), json("['a','x']"))),
                 QStringList({u"changed $[1]"_s, u"removed $[2]"_s}));
    }

    void toJsonLeavesOutTheMissingSide()
    {
        JsonDiff diff;
        diff.compare(json("{'a':1,'b':2}"), json("{'b':3,'c':4}"));
        const QJsonArray expected = json("[{'path':'$.a','kind':'removed','old':1},"
                                         "{'path':'$.b','kind':'changed','old':2,'new':3},"
                                         "{'path':'$.c','kind':'added','new':4}]")
                                        .toArray();
        QCOMPARE(diff.toJson(), expected);
    }

    void differencesAreCapped()
    {
        QJsonArray before;
        QJsonArray after;
        for (int i = 0; i < 100; ++i) {
            before.append(i);
            after.append(i + 1000);
        }
        JsonDiff diff(5);
        QCOMPARE(diff.compare(before, after).size(), 5);
        QVERIFY(diff.isTruncated());
        JsonDiff unbounded;
        QCOMPARE(unbounded.compare(before, after).size(), 100);
        QVERIFY(!unbounded.isTruncated());
    }

    void visitsAreCapped()
    {
        const QJsonArray big = issues(1000, 0);
        JsonDiff diff(JsonDiff::defaultMaxDifferences, 50);
        QVERIFY(diff.compare(big, big).isEmpty());
        QVERIFY(diff.isTruncated());
        QCOMPARE(diff.visitedValues(), 51);
        // compare() starts again from nothing.
        JsonDiff roomy;
        roomy.compare(big, big);
        QVERIFY(!roomy.isTruncated());
        QVERIFY(roomy.visitedValues() > 4000);
    }

    void deepNestingIsComparedWholeBelowTheLimit()
    {
        QJsonValue before = 1;
        QJsonValue after = 2;
        for (int i = 0; i < JsonDiff::maxDepth + 100; ++i) {
            before = QJsonArray{before};
            after = QJsonArray{after};
        }
        JsonDiff diff;
        const auto differences = diff.compare(before, after);
        QCOMPARE(differences.size(), 1);
        QCOMPARE(differences[0].kind, JsonDifference::Kind::Changed);
        QCOMPARE(differences[0].path.count(u'['), JsonDiff::maxDepth);
        QVERIFY(differences[0].oldValue.isArray());
    }

    // The figure of the bound: two dumps of 100,000 issues each, one changed, one added.
    void largeDumpsAreComparedQuickly()
    {
        const QJsonArray before = issues(100'000, 0);
        QJsonArray after = before;
        after.append(QJsonObject{{u"id"_s, -1}, {u"title"_s, u"late"_s}});
        QJsonObject changed = after[50'000].toObject();
        changed.insert(u"title"_s, u"edited"_s);
        after[50'000] = changed;
        QElapsedTimer timer;
        timer.start();
        JsonDiff diff;
        const auto differences =
            diff.compare(QJsonObject{{u"issues"_s, before}}, QJsonObject{{u"issues"_s, after}});
        const qint64 elapsedMs = timer.elapsed();
        qInfo("100,000 issues: %lld values visited in %lld ms", static_cast<long long>(diff.visitedValues()),
              static_cast<long long>(elapsedMs));
        // About 350 ms here: the bound catches a blow-up (a walk gone quadratic takes minutes), not speed.
        QVERIFY2(elapsedMs < 5000, qPrintable(QString::number(elapsedMs)));
        QCOMPARE(describe(differences),
                 QStringList({u"changed $.issues[50000].title"_s, u"added $.issues[100000]"_s}));
    }
};

QTEST_GUILESS_MAIN(TestJsonDiff)
#include "tst_jsondiff.moc"
