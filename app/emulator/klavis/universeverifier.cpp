#include "emulator/klavis/universeverifier.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

QString compact(const QJsonValue &value)
{
    if (value.isString())
        return u'"' + value.toString() + u'"';
    if (value.isUndefined())
        return u"nothing"_s;
    const QJsonDocument document =
        value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(QJsonArray{value});
    QString text = QString::fromUtf8(document.toJson(QJsonDocument::Compact));
    return value.isArray() ? text : text.mid(1, text.size() - 2);
}

QStringList texts(const QJsonValue &wanted)
{
    QStringList list;
    if (wanted.isArray()) {
        for (const auto &text : wanted.toArray())
            list.append(text.toString());
    } else {
        list.append(wanted.toString());
    }
    return list;
}

QString items(qsizetype n)
{
    return n == 1 ? u"1 item"_s : u"%1 items"_s.arg(n);
}

} // namespace

bool UniverseVerifier::conditionHolds(const QJsonValue &actual, const QJsonValue &condition)
{
    const QJsonObject operation = condition.toObject();
    if (operation.contains(u"contains"_s)) {
        if (!actual.isString())
            return false;
        const QStringList wanted = texts(operation.value(u"contains"_s));
        return std::all_of(wanted.cbegin(), wanted.cend(), [&](const QString &text) {
            return actual.toString().contains(text, Qt::CaseInsensitive);
        });
    }
    if (operation.contains(u"includes"_s))
        return actual.isArray() && actual.toArray().contains(operation.value(u"includes"_s));
    return actual == condition;
}

bool UniverseVerifier::matches(const QJsonValue &item, const QJsonObject &match)
{
    const QJsonObject object = item.toObject();
    for (auto it = match.constBegin(); it != match.constEnd(); ++it) {
        if (!conditionHolds(object.value(it.key()), it.value()))
            return false;
    }
    return true;
}

QString UniverseVerifier::describePath(const QJsonArray &path)
{
    QString text;
    for (const auto &step : path) {
        if (step.isString()) {
            text += (text.isEmpty() ? QString() : u"."_s) + step.toString();
            continue;
        }
        QStringList picks;
        const QJsonObject pick = step.toObject();
        for (auto it = pick.constBegin(); it != pick.constEnd(); ++it) {
            const QString value = it.value().isString() ? it.value().toString() : compact(it.value());
            picks.append(it.key() + u'=' + value);
        }
        text += u'[' + picks.join(u',') + u']';
    }
    return text;
}

QString UniverseVerifier::describeMatch(const QJsonObject &match)
{
    QStringList parts;
    for (auto it = match.constBegin(); it != match.constEnd(); ++it) {
        const QJsonObject operation = it.value().toObject();
        if (operation.contains(u"contains"_s)) {
            QStringList quoted;
            for (const QString &text : texts(operation.value(u"contains"_s)))
                quoted.append(u'"' + text + u'"');
            parts.append(it.key() + u" containing "_s + quoted.join(u" and "_s));
        } else if (operation.contains(u"includes"_s)) {
            parts.append(it.key() + u" including "_s + compact(operation.value(u"includes"_s)));
        } else {
            parts.append(it.key() + u" = "_s + compact(it.value()));
        }
    }
    return parts.isEmpty() ? u"any content"_s : parts.join(u", "_s);
}

QString UniverseVerifier::failure(const QJsonObject &check, const QJsonObject &data)
{
    const QString service = check.value(u"service"_s).toString();
    const QJsonArray path = check.value(u"path"_s).toArray();
    const QString where = service + u' ' + describePath(path);
    QJsonValue at = data;
    QJsonArray walked;
    for (const auto &step : path) {
        walked.append(step);
        if (step.isString()) {
            at = at.toObject().value(step.toString());
        } else {
            const QJsonArray list = at.toArray();
            const auto found = std::find_if(list.cbegin(), list.cend(), [&](const QJsonValue &item) {
                return matches(item, step.toObject());
            });
            at = found == list.cend() ? QJsonValue(QJsonValue::Undefined) : *found;
        }
        if (at.isUndefined() && walked.size() < path.size())
            return u"%1 %2 does not exist."_s.arg(service, describePath(walked));
    }
    const QString expect = check.value(u"expect"_s).toString();
    if (expect == u"equals") {
        const QJsonValue wanted = check.value(u"value"_s);
        return at == wanted ? QString()
                            : u"%1 is %2, expected %3."_s.arg(where, compact(at), compact(wanted));
    }
    const QJsonArray list = at.toArray();
    const QJsonObject match = check.value(u"match"_s).toObject();
    const qsizetype matching = std::count_if(list.cbegin(), list.cend(),
                                             [&](const QJsonValue &item) { return matches(item, match); });
    const QString what = describeMatch(match);
    if (expect == u"exists") {
        return matching > 0 ? QString()
                            : u"No item of %1 has %2 (%3 checked)."_s.arg(where, what, items(list.size()));
    }
    if (expect == u"absent") {
        return matching == 0 ? QString()
                             : u"%1 still %2 %3 with %4."_s.arg(where, matching == 1 ? u"has"_s : u"have"_s,
                                                                items(matching), what);
    }
    if (expect == u"count") {
        const qint64 wanted = check.value(u"count"_s).toInteger(-1);
        if (matching == wanted)
            return QString();
        const QString found = match.isEmpty() ? items(matching) : items(matching) + u" with "_s + what;
        return u"%1 has %2, expected %3."_s.arg(where, found).arg(wanted);
    }
    return u"The check on %1 expects \"%2\", which the verifier does not know."_s.arg(where, expect);
}

UniverseVerifier::Result UniverseVerifier::verify(const QJsonArray &checks, const DataSource &dataOf)
{
    QStringList failures;
    for (const auto &check : checks) {
        const QJsonObject object = check.toObject();
        const QString failed = failure(object, dataOf(object.value(u"service"_s).toString()));
        if (!failed.isEmpty())
            failures.append(failed);
    }
    if (checks.isEmpty())
        failures.append(u"The task has no verifier."_s);
    return Result{failures.isEmpty(), failures.join(u' ')};
}

} // namespace Emulator
