#include "json/jsonpath.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

bool isPlainName(const QString &key)
{
    if (key.isEmpty())
        return false;
    const auto plain = [](QChar c, bool first) {
        return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || c == u'_' || c == u'$' ||
               (!first && c >= u'0' && c <= u'9');
    };
    if (!plain(key.front(), true))
        return false;
    return std::all_of(key.cbegin() + 1, key.cend(), [&plain](QChar c) { return plain(c, false); });
}

bool isIndex(const QString &step)
{
    return !step.isEmpty() && step.size() <= 9 &&
           std::all_of(step.cbegin(), step.cend(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

} // namespace

QString JsonPath::member(const QString &parent, const QString &key)
{
    if (isPlainName(key))
        return parent + u'.' + key;
    const QByteArray quoted = QJsonDocument(QJsonArray{key}).toJson(QJsonDocument::Compact);
    return parent + u'[' + QString::fromUtf8(quoted.mid(1, quoted.size() - 2)) + u']';
}

QString JsonPath::index(const QString &parent, qsizetype index)
{
    return parent + u'[' + QString::number(index) + u']';
}

QString JsonPath::of(const QJsonArray &location)
{
    QString path = root();
    for (const auto &step : location)
        path = step.isDouble() ? index(path, qsizetype(step.toDouble())) : member(path, step.toString());
    return path;
}

QString JsonPath::ofSteps(const QStringList &steps)
{
    QString path = root();
    for (const QString &step : steps)
        path = isIndex(step) ? index(path, step.toLongLong()) : member(path, step);
    return path;
}
