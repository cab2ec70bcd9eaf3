#include "mainwindow/pageactions.h"

#include "common/connecthint.h"
#include "mainwindow/actiontooltip.h"
#include "mainwindow/mainwindow.h"
#include "sandboxlist/sandboxlistpage.h"

#include <QAction>

using namespace Qt::StringLiterals;

void PageActions::update(const MainWindow *window)
{
    const SandboxListPage *front = window->currentListPage();
    using Verb = SandboxListPage::Verb;
    for (const Verb verb : SandboxListPage::allVerbs) {
        QAction *action = window->action(SandboxListPage::actionName(verb));
        SandboxListPage::VerbState state = front ? front->verbState(verb) : SandboxListPage::VerbState{};
        if (front && !front->isConnected()) {
            // No account behind the page: nothing it could do would reach one.
            state.enabled = false;
            state.whyNot = front->connectHint() ? front->connectHint()->title() : QString();
        }
        action->setVisible(state.offered);
        action->setEnabled(state.enabled);
        // The words the action was made with unless the page says otherwise ("&Release 3").
        action->setText(state.text.isEmpty() ? action->property("defaultText").toString() : state.text);
        ActionToolTip::show(action, state.enabled ? QString() : state.whyNot);
    }
    // Release owns the Delete key where both are shown (the All view): one key, one meaning.
    const bool releaseOffered = front && front->verbState(Verb::Release).offered;
    window->action(u"blaxelDelete"_s)
        ->setShortcut(releaseOffered ? QKeySequence() : QKeySequence(QKeySequence::Delete));
    // Lists export their rows; every view but Transfers can be refreshed.
    window->action(u"exportRows"_s)->setVisible(front != nullptr);
    window->action(u"refresh"_s)->setVisible(window->currentPage() != MainWindow::TransfersView);
}
