#pragma once

class QAction;
class QString;

// An action's tooltip says why it is disabled while there is a reason, and what it does otherwise. The
// words it was made with are remembered the first time they are replaced, so that they come back.
class ActionToolTip
{
public:
    // `whyNot` empty: the action's own tooltip.
    static void show(QAction *action, const QString &whyNot);
};
