#include "common/jsontextedit.h"

#include "models/jsontreemodel.h"

#include <QFontDatabase>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

JsonTextEdit::JsonTextEdit(QWidget *parent) : QPlainTextEdit(parent)
{
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setTabChangesFocus(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void JsonTextEdit::setJson(const QJsonValue &value)
{
    if (value.isObject())
        setPlainText(
            QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented)).trimmed());
    else if (value.isArray())
        setPlainText(
            QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented)).trimmed());
    else if (value.isUndefined())
        clear();
    else
        setPlainText(QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact))
                         .mid(1)
                         .chopped(1));
}

bool JsonTextEdit::isEmpty() const
{
    return toPlainText().trimmed().isEmpty();
}

QJsonValue JsonTextEdit::value() const
{
    if (!problem().isEmpty())
        return QJsonValue(QJsonValue::Undefined);
    return JsonTreeModel::parse(toPlainText().toUtf8(), nullptr);
}

QString JsonTextEdit::problem() const
{
    if (isEmpty())
        return {};
    QString error;
    const QJsonValue parsed = JsonTreeModel::parse(toPlainText().toUtf8(), &error);
    if (!error.isEmpty())
        return error;
    if (m_expectedType == u"object"_s && !parsed.isObject())
        return tr("must be a JSON object { … }");
    if (m_expectedType == u"array"_s && !parsed.isArray())
        return tr("must be a JSON array [ … ]");
    return {};
}

QSize JsonTextEdit::sizeHint() const
{
    // Five lines: room for a small object without making every raw field a page long.
    const int lines = 5;
    return {QPlainTextEdit::sizeHint().width(),
            fontMetrics().lineSpacing() * lines + 2 * (frameWidth() + int(document()->documentMargin()))};
}
