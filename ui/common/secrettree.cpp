#include "common/secrettree.h"

#include "api/remotetext.h"

#include <QClipboard>
#include <QContextMenuEvent>
#include <QGuiApplication>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QKeyEvent>
#include <QMenu>
#include <QTreeWidgetItemIterator>

using namespace Qt::StringLiterals;

namespace {

QString scalarText(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return value.toString();
    case QJsonValue::Bool:
        return value.toBool() ? u"true"_s : u"false"_s;
    case QJsonValue::Double:
        // Through a document so that integers print without an exponent or ".0".
        return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact))
            .mid(1)
            .chopped(1);
    case QJsonValue::Null:
        return u"null"_s;
    default:
        return {};
    }
}

QJsonValue maskAll(const QJsonValue &value)
{
    if (value.isObject()) {
        QJsonObject out;
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            out.insert(it.key(), maskAll(it.value()));
        return out;
    }
    if (value.isArray()) {
        QJsonArray out;
        for (const auto &item : value.toArray())
            out.append(maskAll(item));
        return out;
    }
    // null stays null: it hides nothing, and "no credentials" is worth seeing.
    return value.isNull() ? value : QJsonValue(SecretTree::maskText());
}

} // namespace

SecretTree::SecretTree(QWidget *parent) : QTreeWidget(parent)
{
    setColumnCount(2);
    setHeaderLabels({tr("Key"), tr("Value")});
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    header()->setStretchLastSection(true);
    setUniformRowHeights(true);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setAlternatingRowColors(true);
    // Grow with the content inside a scrolling details pane instead of adding a second scroll bar.
    setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
}

QString SecretTree::maskText()
{
    return RemoteText::mask();
}

QJsonValue SecretTree::masked(const QJsonValue &value)
{
    if (value.isObject()) {
        QJsonObject out;
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            const bool secret = it.key() == u"auth_data"_s || it.key() == u"metadata"_s;
            out.insert(it.key(), secret ? maskAll(it.value()) : masked(it.value()));
        }
        return out;
    }
    if (value.isArray()) {
        QJsonArray out;
        for (const auto &item : value.toArray())
            out.append(masked(item));
        return out;
    }
    return value;
}

void SecretTree::setObject(const QJsonObject &object)
{
    m_object = object;
    clear();
    for (auto it = object.begin(); it != object.end(); ++it) {
        auto *item = new QTreeWidgetItem(this, {it.key()});
        addValue(item, it.value());
    }
    expandAll();
    updateMasking();
    updateGeometry();
}

void SecretTree::addValue(QTreeWidgetItem *item, const QJsonValue &value)
{
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        item->setData(1, ValueRole, QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)));
        item->setText(1, tr("{%n key(s)}", nullptr, int(object.size())));
        for (auto it = object.begin(); it != object.end(); ++it)
            addValue(new QTreeWidgetItem(item, {it.key()}), it.value());
        return;
    }
    if (value.isArray()) {
        const QJsonArray array = value.toArray();
        item->setData(1, ValueRole, QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact)));
        item->setText(1, tr("[%n item(s)]", nullptr, int(array.size())));
        for (qsizetype i = 0; i < array.size(); ++i)
            addValue(new QTreeWidgetItem(item, {u"[%1]"_s.arg(i)}), array.at(i));
        return;
    }
    item->setData(1, ValueRole, scalarText(value));
    item->setData(1, LeafRole, true);
}

void SecretTree::setRevealed(bool revealed)
{
    if (m_revealed == revealed)
        return;
    m_revealed = revealed;
    updateMasking();
}

void SecretTree::updateMasking()
{
    for (QTreeWidgetItemIterator it(this); *it; ++it) {
        QTreeWidgetItem *item = *it;
        if (item->data(1, LeafRole).toBool())
            item->setText(1, m_revealed ? item->data(1, ValueRole).toString() : maskText());
    }
}

QString SecretTree::valueText(const QTreeWidgetItem *item)
{
    return item ? item->data(1, ValueRole).toString() : QString();
}

QSize SecretTree::sizeHint() const
{
    // AdjustToContents sizes the viewport to every row; cap it so that a huge metadata blob scrolls
    // inside its own tree rather than pushing the rest of the pane away.
    QSize hint = QTreeWidget::sizeHint();
    const int rowHeight = qMax(sizeHintForRow(0), fontMetrics().height() + 4);
    const int frame = 2 * frameWidth() + header()->sizeHint().height();
    hint.setHeight(qMin(hint.height(), frame + 12 * rowHeight));
    return hint;
}

void SecretTree::copyCurrentValue()
{
    const QTreeWidgetItem *item = currentItem();
    if (!item)
        return;
    QGuiApplication::clipboard()->setText(valueText(item));
    emit copied(tr("value of “%1”").arg(item->text(0)));
}

void SecretTree::contextMenuEvent(QContextMenuEvent *event)
{
    QTreeWidgetItem *item = itemAt(viewport()->mapFromGlobal(event->globalPos()));
    if (!item)
        return;
    setCurrentItem(item);
    QMenu menu(this);
    menu.addAction(QIcon(u":/icons/copy.svg"_s), tr("Copy value"), this, &SecretTree::copyCurrentValue);
    menu.addAction(tr("Copy key"), this, [this, item] {
        QGuiApplication::clipboard()->setText(item->text(0));
        emit copied(tr("key"));
    });
    menu.exec(event->globalPos());
}

void SecretTree::keyPressEvent(QKeyEvent *event)
{
    // Ctrl+C copies the real value, like the context menu: copying the mask would be useless.
    if (event->matches(QKeySequence::Copy)) {
        copyCurrentValue();
        return;
    }
    QTreeWidget::keyPressEvent(event);
}
