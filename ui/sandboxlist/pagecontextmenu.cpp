#include "sandboxlist/pagecontextmenu.h"

#include <QAbstractItemView>
#include <QAction>
#include <QItemSelectionModel>
#include <QMenu>

QMenu *PageContextMenu::build(const QList<QAction *> &actions, QWidget *parent)
{
    auto *menu = new QMenu(parent);
    menu->setObjectName(QStringLiteral("rowContextMenu"));
    bool separatorDue = false;
    for (QAction *action : actions) {
        if (!action) {
            separatorDue = !menu->actions().isEmpty();
            continue;
        }
        if (!action->isVisible())
            continue;
        if (separatorDue)
            menu->addSeparator();
        separatorDue = false;
        menu->addAction(action);
    }
    return menu;
}

void PageContextMenu::popup(QAbstractItemView *view, const QPoint &position, const QList<QAction *> &actions,
                            QWidget *parent)
{
    const QModelIndex index = view->indexAt(position);
    if (index.isValid() && !view->selectionModel()->isRowSelected(index.row(), index.parent()))
        view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                           QItemSelectionModel::Rows);
    QMenu *menu = build(actions, parent);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    if (menu->isEmpty()) {
        delete menu;
        return;
    }
    menu->popup(view->viewport()->mapToGlobal(position));
}
