#include "api/fieldpath.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

QString FieldPath::of(const FieldError &field)
{
    const QStringList &location = field.location;
    if (location.isEmpty())
        return {};
    if (location.first() == u"body"_s)
        return ofBodyParts(location.mid(1));
    static const QStringList sources = {u"query"_s, u"path"_s, u"header"_s, u"cookie"_s};
    if (sources.contains(location.first()) && location.size() > 1)
        return location.first() + u": "_s + location.mid(1).join(u'.');
    return location.join(u'.');
}

QString FieldPath::ofBodyParts(const QStringList &parts)
{
    static const QRegularExpression index(u"\\A[0-9]{1,9}\\z"_s);
    static const QRegularExpression identifier(u"\\A[A-Za-z_$][A-Za-z0-9_$]*\\z"_s);
    QString path = u"$"_s;
    for (const auto &part : parts) {
        if (index.match(part).hasMatch()) {
            path += u'[' + part + u']';
        } else if (identifier.match(part).hasMatch()) {
            path += u'.' + part;
        } else {
            const QByteArray quoted = QJsonDocument(QJsonArray{part}).toJson(QJsonDocument::Compact);
            path += u'[' + QString::fromUtf8(quoted.mid(1, quoted.size() - 2)) + u']';
        }
    }
    return path;
}
