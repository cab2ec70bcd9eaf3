#include "json/jsondiff.h"

#include "json/jsonpath.h"

#include <QHash>
#include <QJsonDocument>
#include <QSet>

#include <cstring>

using namespace Qt::StringLiterals;

namespace {

// The side of a difference that has no value (QJsonValue's default is null, which is a value).
const QJsonValue absent(QJsonValue::Undefined);

// The candidate keys, most specific first: an "id" beats a "name" that two elements may share.
const QStringList stableKeys = {u"id"_s, u"name"_s, u"key"_s, u"title"_s};

// The element's key value as text, typed so that the number 1 and the string "1" differ; empty when the
// element has no scalar value under `key`.
QString keyIdentity(const QJsonValue &element, const QString &key)
{
    if (!element.isObject())
        return {};
    const QJsonValue value = element.toObject().value(key);
    if (value.isString())
        return u's' + value.toString();
    if (value.isDouble()) {
        // The number's bits, not its text: formatting 17 digits took most of a large diff's time.
        double number = value.toDouble();
        if (number == 0)
            number = 0; // -0 and 0 are the same id
        char16_t bits[4];
        static_assert(sizeof bits == sizeof number);
        std::memcpy(bits, &number, sizeof number);
        return u'n' + QStringView(bits, 4).toString();
    }
    return {};
}

// Every element has a distinct key value: the map from that value to the element's index; else empty.
QHash<QString, qsizetype> indexByKey(const QJsonArray &array, const QString &key)
{
    QHash<QString, qsizetype> index;
    index.reserve(array.size());
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString identity = keyIdentity(array.at(i), key);
        if (identity.isEmpty() || index.contains(identity))
            return {};
        index.insert(identity, i);
    }
    return index;
}

} // namespace

JsonDiff::JsonDiff(qsizetype maxDifferences, qsizetype maxVisitedValues)
    : m_maxDifferences(maxDifferences), m_maxVisited(maxVisitedValues)
{}

const QList<JsonDifference> &JsonDiff::compare(const QJsonValue &before, const QJsonValue &after)
{
    m_differences.clear();
    m_visited = 0;
    m_truncated = false;
    m_path.clear();
    compareValues(before, after, 0);
    return m_differences;
}

QJsonArray JsonDiff::toJson(const QList<JsonDifference> &differences)
{
    QJsonArray array;
    for (const auto &difference : differences) {
        QJsonObject entry{{u"path"_s, difference.path},
                          {u"kind"_s, JsonDifference::kindName(difference.kind)}};
        if (!difference.oldValue.isUndefined())
            entry.insert(u"old"_s, difference.oldValue);
        if (!difference.newValue.isUndefined())
            entry.insert(u"new"_s, difference.newValue);
        array.append(entry);
    }
    return array;
}

QString JsonDiff::matchingKey(const QJsonArray &before, const QJsonArray &after)
{
    KeyedIndexes unused;
    return findMatchingKey(before, after, &unused);
}

QString JsonDiff::findMatchingKey(const QJsonArray &before, const QJsonArray &after, KeyedIndexes *indexes)
{
    if (before.isEmpty() && after.isEmpty())
        return {};
    // Arrays of scalars (labels, tags) are the common case: no key can fit them.
    const QJsonArray &sample = before.isEmpty() ? after : before;
    if (!sample.first().isObject())
        return {};
    for (const auto &key : stableKeys) {
        // An empty side fits any key (indexByKey() answers empty for it too, so it is checked apart).
        indexes->before = indexByKey(before, key);
        if (!before.isEmpty() && indexes->before.isEmpty())
            continue;
        indexes->after = indexByKey(after, key);
        if (!after.isEmpty() && indexes->after.isEmpty())
            continue;
        return key;
    }
    return {};
}

bool JsonDiff::visit()
{
    if (m_truncated)
        return false;
    if (++m_visited > m_maxVisited) {
        m_truncated = true;
        return false;
    }
    return true;
}

QString JsonDiff::currentPath() const
{
    QString path = JsonPath::root();
    for (const auto &step : m_path)
        path = step.index < 0 ? JsonPath::member(path, step.key) : JsonPath::index(path, step.index);
    return path;
}

void JsonDiff::add(JsonDifference::Kind kind, const QJsonValue &oldValue, const QJsonValue &newValue)
{
    if (m_truncated)
        return;
    if (m_differences.size() >= m_maxDifferences) {
        m_truncated = true;
        return;
    }
    m_differences.append({currentPath(), kind, oldValue, newValue});
}

void JsonDiff::compareValues(const QJsonValue &before, const QJsonValue &after, int depth)
{
    if (!visit())
        return;
    if (before.type() != after.type()) {
        add(JsonDifference::Kind::TypeChanged, before, after);
        return;
    }
    if (depth >= maxDepth) {
        if (before != after)
            add(JsonDifference::Kind::Changed, before, after);
        return;
    }
    if (before.isObject()) {
        compareObjects(before.toObject(), after.toObject(), depth + 1);
    } else if (before.isArray()) {
        const QJsonArray beforeArray = before.toArray();
        const QJsonArray afterArray = after.toArray();
        KeyedIndexes indexes;
        const QString key = findMatchingKey(beforeArray, afterArray, &indexes);
        if (key.isEmpty())
            compareArraysByIndex(beforeArray, afterArray, depth + 1);
        else
            compareArraysByKey(beforeArray, afterArray, key, indexes, depth + 1);
    } else if (before != after) {
        add(JsonDifference::Kind::Changed, before, after);
    }
}

void JsonDiff::compareObjects(const QJsonObject &before, const QJsonObject &after, int depth)
{
    // QJsonObject keeps its keys sorted, so walking both at once is linear and the output ordered.
    auto left = before.constBegin();
    auto right = after.constBegin();
    while (!stopped() && (left != before.constEnd() || right != after.constEnd())) {
        if (right == after.constEnd() || (left != before.constEnd() && left.key() < right.key())) {
            Step step(this, left.key());
            add(JsonDifference::Kind::Removed, left.value(), absent);
            ++left;
        } else if (left == before.constEnd() || right.key() < left.key()) {
            Step step(this, right.key());
            add(JsonDifference::Kind::Added, absent, right.value());
            ++right;
        } else {
            Step step(this, left.key());
            compareValues(left.value(), right.value(), depth);
            ++left;
            ++right;
        }
    }
}

void JsonDiff::compareArraysByIndex(const QJsonArray &before, const QJsonArray &after, int depth)
{
    const qsizetype common = std::min(before.size(), after.size());
    for (qsizetype i = 0; i < common && !stopped(); ++i) {
        Step step(this, i);
        compareValues(before.at(i), after.at(i), depth);
    }
    for (qsizetype i = common; i < before.size() && !stopped(); ++i) {
        Step step(this, i);
        add(JsonDifference::Kind::Removed, before.at(i), absent);
    }
    for (qsizetype i = common; i < after.size() && !stopped(); ++i) {
        Step step(this, i);
        add(JsonDifference::Kind::Added, absent, after.at(i));
    }
}

void JsonDiff::compareArraysByKey(const QJsonArray &before, const QJsonArray &after, const QString &key,
                                  const KeyedIndexes &indexes, int depth)
{
    // Elements are matched by their key. One whose key changed (a repository renamed, and its description
    // edited too) has no match on either side: the k-th such element of the first array and the k-th of the
    // second are the same element edited when they agree on most of their other members, and are compared
    // member by member. What is left is removed (named by its index in the first array) or added (by its
    // index in the second).
    QList<qsizetype> unmatchedBefore;
    for (qsizetype i = 0; i < before.size(); ++i)
        if (!indexes.after.contains(keyIdentity(before.at(i), key)))
            unmatchedBefore.append(i);
    QHash<qsizetype, qsizetype>
        pairedWith; // an unmatched element of the second array -> its first-array twin
    QSet<qsizetype> pairedBefore;
    qsizetype next = 0;
    for (qsizetype j = 0; j < after.size() && next < unmatchedBefore.size(); ++j) {
        if (indexes.before.contains(keyIdentity(after.at(j), key)))
            continue;
        const qsizetype i = unmatchedBefore.at(next++);
        if (sameElementEdited(before.at(i).toObject(), after.at(j).toObject(), key)) {
            pairedWith.insert(j, i);
            pairedBefore.insert(i);
        }
    }
    for (const qsizetype i : std::as_const(unmatchedBefore)) {
        if (stopped())
            return;
        if (!pairedBefore.contains(i)) {
            Step step(this, i);
            add(JsonDifference::Kind::Removed, before.at(i), absent);
        }
    }
    for (qsizetype j = 0; j < after.size() && !stopped(); ++j) {
        Step step(this, j);
        const auto match = indexes.before.constFind(keyIdentity(after.at(j), key));
        if (match != indexes.before.constEnd())
            compareValues(before.at(*match), after.at(j), depth);
        else if (const auto twin = pairedWith.constFind(j); twin != pairedWith.constEnd())
            compareValues(before.at(*twin), after.at(j), depth);
        else
            add(JsonDifference::Kind::Added, absent, after.at(j));
    }
}

bool JsonDiff::sameElementEdited(const QJsonObject &before, const QJsonObject &after, const QString &key)
{
    // More than half of the members other than the key, on either side, hold the same value on both.
    qsizetype members = 0;
    qsizetype same = 0;
    for (auto it = before.constBegin(); it != before.constEnd(); ++it) {
        if (it.key() == key)
            continue;
        ++members;
        const auto other = after.constFind(it.key());
        if (other != after.constEnd() && QJsonValue(*other) == QJsonValue(it.value()))
            ++same;
    }
    for (auto it = after.constBegin(); it != after.constEnd(); ++it)
        if (it.key() != key && !before.contains(it.key()))
            ++members;
    return members > 0 && 2 * same > members;
}
