#include "mainwindow/actiontooltip.h"

#include <QAction>
#include <QString>

namespace {

constexpr const char *ownToolTip = "ownToolTip";

} // namespace

void ActionToolTip::show(QAction *action, const QString &whyNot)
{
    if (!action->property(ownToolTip).isValid())
        action->setProperty(ownToolTip, action->toolTip());
    action->setToolTip(whyNot.isEmpty() ? action->property(ownToolTip).toString() : whyNot);
}
