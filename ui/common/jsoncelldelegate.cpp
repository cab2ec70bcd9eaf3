#include "common/jsoncelldelegate.h"

#include "models/displaytext.h"
#include "models/jsontreemodel.h"

#include <QAbstractItemView>
#include <QHelpEvent>
#include <QJsonValue>
#include <QTextDocument>
#include <QToolTip>

using namespace Qt::StringLiterals;

JsonCellDelegate::JsonCellDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

QString JsonCellDelegate::readable(QString shown)
{
    // The pictures DisplayText makes of CR, LF and TAB; a CR LF pair is one line break.
    constexpr QChar carriageReturn(0x240D), lineFeed(0x240A), tab(0x2409);
    constexpr QChar returnArrow(0x21B5), tabArrow(0x21E5);
    shown.replace(u"\u240D\u240A"_s, returnArrow);
    shown.replace(lineFeed, returnArrow);
    shown.replace(carriageReturn, returnArrow);
    shown.replace(tab, tabArrow);
    return shown;
}

QString JsonCellDelegate::displayText(const QVariant &value, const QLocale &locale) const
{
    return readable(QStyledItemDelegate::displayText(value, locale));
}

bool JsonCellDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view,
                                 const QStyleOptionViewItem &option, const QModelIndex &index)
{
    const QJsonValue value = index.data(JsonTreeModel::JsonValueRole).toJsonValue();
    if (event->type() != QEvent::ToolTip || index.column() != JsonTreeModel::ValueColumn || !value.isString())
        return QStyledItemDelegate::helpEvent(event, view, option, index);
    QString text = value.toString();
    if (text.size() > maximumToolTip)
        text = text.left(maximumToolTip) + u'…';
    text.replace(u"\r\n"_s, u"\n"_s).replace(u'\r', u'\n');
    // As rich text with the line breaks kept: a plain tooltip would take "<b>" in a value as markup.
    const QString tip =
        Qt::convertFromPlainText(readable(DisplayText::visibleLines(text)), Qt::WhiteSpaceNormal);
    QToolTip::showText(event->globalPos(), tip, view->viewport(), view->visualRect(index));
    return true;
}
