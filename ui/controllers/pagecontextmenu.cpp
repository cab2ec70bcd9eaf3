#include "controllers/pagecontextmenu.h"

#include <QAction>
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
