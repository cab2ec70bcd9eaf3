#include "mainwindow/pageactions.h"

#include "allsandboxes/allsandboxespage.h"
#include "blaxel/blaxelsandboxespage.h"
#include "klavis/sandboxespage.h"
#include "local/localsandboxespage.h"
#include "session/blaxelsandboxescontroller.h"

#include <QAction>

using namespace Qt::StringLiterals;

QStringList PageActions::names(MainWindow::Page page)
{
    switch (page) {
    case MainWindow::SandboxesView:
        return {u"copyId"_s, u"copyMcpConfig"_s, {},           u"release"_s,   u"reset"_s,
                {},          u"acquire"_s,       u"refresh"_s, u"exportRows"_s};
    case MainWindow::LocalSandboxesView:
        return {
            u"copyId"_s,  u"copyMcpConfig"_s, {}, u"uploadWorkspace"_s, u"saveDump"_s, u"extractDump"_s, {},
            u"release"_s, u"reset"_s,         {}, u"acquire"_s,         u"refresh"_s,  u"exportRows"_s};
    case MainWindow::BlaxelSandboxesView:
        return {u"copyId"_s,       {}, u"uploadWorkspace"_s, u"saveDump"_s, u"extractDump"_s, {},
                u"blaxelDelete"_s, {}, u"blaxelCreate"_s,    u"refresh"_s,  u"exportRows"_s};
    case MainWindow::AllSandboxesView:
        // Each row's own verbs: Release and Reset for Klavis rows, Delete for Blaxel rows.
        return {u"copyId"_s,       {}, u"release"_s, u"reset"_s,
                u"blaxelDelete"_s, {}, u"refresh"_s, u"exportRows"_s};
    case MainWindow::RunsView: // its own actions come from the page; F5 reads the lists and the ledger again
    case MainWindow::UniversesView: // its own buttons are on the page; F5 reads the catalogue again
        return {u"refresh"_s};
    case MainWindow::TransfersView:
        break; // the Transfers page brings its own actions
    }
    return {};
}

void PageActions::update(const MainWindow *window, MainWindow::Page page)
{
    using Page = MainWindow::Page;
    const auto action = [window](const QString &name) { return window->action(name); };
    const bool onLocal = page == MainWindow::LocalSandboxesView;
    const bool onBlaxel = page == MainWindow::BlaxelSandboxesView;
    const bool onAll = page == MainWindow::AllSandboxesView;
    // Actions that do not belong to the view in front are hidden, not greyed: a grey button the user can
    // never enable here only says "not now" where the truth is "not here".
    const QStringList shown = names(page);
    for (const Page listPage : {MainWindow::SandboxesView, MainWindow::LocalSandboxesView,
                                MainWindow::BlaxelSandboxesView, MainWindow::AllSandboxesView}) {
        for (const QString &name : names(listPage)) {
            if (!name.isEmpty())
                action(name)->setVisible(shown.contains(name));
        }
    }

    const int selected = page == MainWindow::SandboxesView
                             ? int(window->sandboxesPage()->selectedKeys().size())
                         : onLocal  ? int(window->localSandboxesPage()->selectedIds().size())
                         : onBlaxel ? int(window->blaxelSandboxesPage()->selectedNames().size())
                         : onAll    ? int(window->allSandboxesPage()->selectedRows().size())
                                    : 0;
    // Idle sandboxes have nothing to release or reset: only the active ones in the selection count.
    const int active = page == MainWindow::SandboxesView
                           ? int(window->sandboxesPage()->selectedActiveKeys().size())
                       : onLocal ? int(window->localSandboxesPage()->selectedActiveIds().size())
                       : onAll   ? int(window->allSandboxesPage()
                                         ->selectedRowsFor({AllSandboxRow::Provider::Klavis,
                                                              AllSandboxRow::Provider::KlavisLocal})
                                         .size())
                                 : 0;
    action(u"release"_s)->setEnabled(active > 0);
    action(u"reset"_s)->setEnabled(active > 0);
    action(u"copyId"_s)->setEnabled(selected > 0);
    action(u"copyMcpConfig"_s)->setEnabled(selected > 0);
    for (const auto *name : {"uploadWorkspace", "saveDump", "extractDump"})
        action(QString::fromLatin1(name))->setEnabled((onLocal || onBlaxel) && selected == 1);
    action(u"release"_s)->setText(active > 1 ? tr("&Release %1").arg(active) : tr("&Release"));
    action(u"reset"_s)->setText(active > 1 ? tr("Re&set %1").arg(active) : tr("Re&set"));
    if (onBlaxel)
        action(u"copyId"_s)->setText(selected > 1 ? tr("&Copy %1 Names").arg(selected) : tr("&Copy Name"));
    else
        action(u"copyId"_s)->setText(selected > 1 ? tr("&Copy %1 IDs").arg(selected) : tr("&Copy ID"));
    // Blaxel deletes for good: only what is neither deleting nor terminated counts.
    const int deletable =
        onBlaxel ? int(window->blaxelSandboxesPage()->selectedDeletableNames().size())
        : onAll  ? int(window->allSandboxesPage()->selectedRowsFor({AllSandboxRow::Provider::Blaxel}).size())
                 : 0;
    // Release owns the Delete key where both are shown: one key, one meaning.
    action(u"blaxelDelete"_s)->setShortcut(onAll ? QKeySequence() : QKeySequence(QKeySequence::Delete));
    action(u"blaxelDelete"_s)->setEnabled(deletable > 0);
    action(u"blaxelDelete"_s)->setText(deletable > 1 ? tr("&Delete %1").arg(deletable) : tr("&Delete"));
    action(u"blaxelCreate"_s)->setEnabled(window->blaxelSandboxesController()->isConnected());
}
