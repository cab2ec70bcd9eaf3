#pragma once

#include "json/jsondifference.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>

// A structural diff of two JSON values, for comparing two dumps of a sandbox's data. Objects are compared
// member by member; arrays of objects are matched by a stable key when every element on both sides has one
// with a distinct scalar value (tried in order: "id", "name", "key", "title"), so that an issue inserted at
// the front shows as one addition, not as every later issue changed; an element whose key was edited along
// with less than half of its other members is still followed down into; other arrays are matched by index.
//
// The work is bounded, since dumps come from a server: at most maxVisitedValues values are visited
// (default 4 million: about 1 µs each on the CI machine, so some 4 s;
// tst_jsondiff measures 100,000 issues, 600,000 values, in about 0.6 s) and at most maxDifferences are kept
// (default 10,000); past either, isTruncated() is true and what was found so far is kept. Values nested
// deeper than maxDepth (512) are compared whole, as one value.
class JsonDiff
{
public:
    static constexpr qsizetype defaultMaxDifferences = 10'000;
    static constexpr qsizetype defaultMaxVisitedValues = 4'000'000;
    static constexpr int maxDepth = 512;

    explicit JsonDiff(qsizetype maxDifferences = defaultMaxDifferences,
                      qsizetype maxVisitedValues = defaultMaxVisitedValues);

    // Replaces any earlier result; returns differences().
    const QList<JsonDifference> &compare(const QJsonValue &before, const QJsonValue &after);

    const QList<JsonDifference> &differences() const { return m_differences; }
    bool isTruncated() const { return m_truncated; }
    qsizetype visitedValues() const { return m_visited; }

    // [{"path", "kind", "old", "new"}], "old"/"new" left out where that side has no value.
    QJsonArray toJson() const { return toJson(m_differences); }
    static QJsonArray toJson(const QList<JsonDifference> &differences);

    // The key that matches the elements of both arrays, or empty when they are matched by index.
    static QString matchingKey(const QJsonArray &before, const QJsonArray &after);

private:
    // One step down from the value compared: pushed for the scope of a comparison, so that a path is
    // written out only for the few values that differ.
    struct PathStep
    {
        QString key;
        qsizetype index = -1; // an array index; -1 for an object member
    };
    class Step
    {
    public:
        Step(JsonDiff *diff, const QString &key) : m_diff(diff) { diff->m_path.append({key, -1}); }
        Step(JsonDiff *diff, qsizetype index) : m_diff(diff) { diff->m_path.append({{}, index}); }
        ~Step() { m_diff->m_path.removeLast(); }
        Q_DISABLE_COPY_MOVE(Step)

    private:
        JsonDiff *m_diff;
    };

    // Where each key value sits in either array.
    struct KeyedIndexes
    {
        QHash<QString, qsizetype> before;
        QHash<QString, qsizetype> after;
    };
    static QString findMatchingKey(const QJsonArray &before, const QJsonArray &after, KeyedIndexes *indexes);

    bool visit(); // false once the budget is spent
    QString currentPath() const;
    void add(JsonDifference::Kind kind, const QJsonValue &oldValue, const QJsonValue &newValue);
    void compareValues(const QJsonValue &before, const QJsonValue &after, int depth);
    void compareObjects(const QJsonObject &before, const QJsonObject &after, int depth);
    void compareArraysByIndex(const QJsonArray &before, const QJsonArray &after, int depth);
    void compareArraysByKey(const QJsonArray &before, const QJsonArray &after, const QString &key,
                            const KeyedIndexes &indexes, int depth);
    // Whether two elements whose keys differ are one element with its key edited.
    static bool sameElementEdited(const QJsonObject &before, const QJsonObject &after, const QString &key);
    bool stopped() const { return m_truncated; }

    qsizetype m_maxDifferences;
    qsizetype m_maxVisited;
    qsizetype m_visited = 0;
    bool m_truncated = false;
    QList<JsonDifference> m_differences;
    QList<PathStep> m_path;
};
