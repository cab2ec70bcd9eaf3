#include "cli/jsondifferencetext.h"

#include "cli/terminaltext.h"
#include "json/jsontypename.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {

constexpr qsizetype maxValueChars = 120;

QString shortValue(const QJsonValue &value)
{
    QByteArray json;
    if (value.isObject())
        json = QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    else if (value.isArray())
        json = QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    else {
        // QJsonDocument holds only objects and arrays, so a scalar is written in an array.
        const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        json = wrapped.mid(1, wrapped.size() - 2);
    }
    QString text = QString::fromUtf8(json);
    if (text.size() > maxValueChars)
        text = text.left(maxValueChars - 1) + u'…';
    return TerminalText::escape(text);
}

QString typeName(const QJsonValue &value)
{
    const QString name = JsonTypeName::of(value);
    return name.isEmpty() ? u"nothing"_s : name;
}

} // namespace

QString JsonDifferenceText::line(const JsonDifference &difference)
{
    const QString path = TerminalText::escape(difference.path);
    switch (difference.kind) {
    case JsonDifference::Kind::Added:
        return u"+ %1: %2"_s.arg(path, shortValue(difference.newValue));
    case JsonDifference::Kind::Removed:
        return u"- %1: %2"_s.arg(path, shortValue(difference.oldValue));
    case JsonDifference::Kind::Changed:
        return u"~ %1: %2 -> %3"_s.arg(path, shortValue(difference.oldValue),
                                       shortValue(difference.newValue));
    case JsonDifference::Kind::TypeChanged:
        return u"! %1: %2 (%3) -> %4 (%5)"_s.arg(
            path, shortValue(difference.oldValue), typeName(difference.oldValue),
            shortValue(difference.newValue), typeName(difference.newValue));
    }
    return {};
}
