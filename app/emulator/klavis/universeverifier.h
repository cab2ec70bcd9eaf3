#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <functional>

namespace Emulator {

// Runs a task's declarative verifier, a list of checks that must all hold, against an instance's data:
//   {"service": "slack", "path": ["channels", {"name": "releases"}, "messages"],
//    "expect": "exists" | "absent" | "count" | "equals", "match": {field: condition}, "count": n, "value": v}
// A path step is a field name, or an object that picks the first element of an array whose fields match it.
// exists: some element of the collection matches; absent: none does; count: exactly `count` do (an empty
// match counts them all); equals: the value at the path is `value`. A condition is a plain value (equal),
// {"contains": text or [texts]} (a string field holding every text, case-insensitive) or {"includes": v}
// (an array field with v among its elements).
class UniverseVerifier
{
public:
    struct Result
    {
        bool passed = false;
        QString failureReason; // empty when passed: what was missing or different, one sentence per check
    };
    // `dataOf` answers a service's current data for the instance.
    using DataSource = std::function<QJsonObject(const QString &service)>;

    static Result verify(const QJsonArray &checks, const DataSource &dataOf);
    // A check's failure, or an empty string when it holds.
    static QString failure(const QJsonObject &check, const QJsonObject &data);

private:
    static bool conditionHolds(const QJsonValue &actual, const QJsonValue &condition);
    static bool matches(const QJsonValue &item, const QJsonObject &match);
    static QString describePath(const QJsonArray &path);
    static QString describeMatch(const QJsonObject &match);
};

} // namespace Emulator
