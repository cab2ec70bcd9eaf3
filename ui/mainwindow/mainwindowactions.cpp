#include "mainwindow/mainwindowactions.h"

#include "local/localsandboxespage.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/refreshintervalchoice.h"
#include "runsview/runcoordinator.h"
#include "sandboxlist/sandboxlistpage.h"

#include <QAction>
#include <QApplication>
#include <QMenuBar>
#include <QMessageBox>

using namespace Qt::StringLiterals;

// The texts keep MainWindow's translation context (MainWindow::tr): they are the window's menus, moved here
// only to keep mainwindow.cpp one thing.

MainWindowActions::MainWindowActions(MainWindow *window, const QStringList &pageTitles)
    : QObject(window), m_window(window)
{
    auto add = [this](const QString &name, const QString &text, const QString &icon,
                      const QKeySequence &shortcut, auto slot) {
        // Owned by the window, whose menus and toolbar carry them: their shortcuts are the window's.
        auto *action = new QAction(icon.isEmpty() ? QIcon() : QIcon(icon), text, m_window);
        action->setObjectName(name);
        action->setProperty("defaultText",
                            text); // PageActions puts it back when a page has no words of its own
        if (!shortcut.isEmpty())
            action->setShortcut(shortcut);
        connect(action, &QAction::triggered, m_window, slot);
        m_actions.insert(name, action);
        return action;
    };
    using Verb = SandboxListPage::Verb;
    // A list verb goes to the page in front, which says what it means there.
    const auto onList = [this](Verb verb) {
        return [this, verb] {
            if (SandboxListPage *page = m_window->currentListPage())
                page->trigger(verb);
        };
    };
    // The workspace verbs work where the page in front offers them; from anywhere else they lead to the
    // Local view.
    const auto onWorkspace = [this](Verb verb) {
        return [this, verb] {
            SandboxListPage *page = m_window->currentListPage();
            if (!page || !page->verbState(verb).offered) {
                m_window->showPage(MainWindow::LocalSandboxesView);
                page = m_window->currentListPage();
            }
            page->trigger(verb);
        };
    };
    add(u"acquire"_s, MainWindow::tr("&Acquire…"), u":/icons/acquire.svg"_s, QKeySequence::New,
        onList(Verb::Acquire))
        ->setToolTip(MainWindow::tr("Acquire a sandbox (Ctrl+N)"));
    add(u"newRun"_s, MainWindow::tr("New R&un…"), u":/icons/runs.svg"_s, QKeySequence(u"Ctrl+Shift+N"_s),
        [this] { m_window->runCoordinator()->openNewRunWizard(); })
        ->setToolTip(
            MainWindow::tr("Provision a benchmark run: many sandboxes under one tag (Ctrl+Shift+N)"));
    add(u"release"_s, MainWindow::tr("&Release"), u":/icons/release.svg"_s, QKeySequence::Delete,
        onList(Verb::Release))
        ->setToolTip(MainWindow::tr("Release the selected sandboxes back to the pool (Delete)"));
    add(u"reset"_s, MainWindow::tr("Re&set"), u":/icons/reset.svg"_s, QKeySequence(u"Ctrl+R"_s),
        onList(Verb::Reset))
        ->setToolTip(MainWindow::tr("Reset the selected sandboxes to their initial data (Ctrl+R)"));
    add(u"refresh"_s, MainWindow::tr("Re&fresh"), u":/icons/refresh.svg"_s, QKeySequence::Refresh, [this] {
        m_window->refreshCurrent();
    })->setToolTip(MainWindow::tr("Refresh now (F5)"));
    add(u"copyId"_s, MainWindow::tr("&Copy ID"), u":/icons/copy.svg"_s, QKeySequence::Copy,
        onList(Verb::CopyIds))
        ->setToolTip(MainWindow::tr("Copy the ids of the selected sandboxes, one per line (Ctrl+C)"));
    add(u"exportRows"_s, MainWindow::tr("&Export Visible Rows…"), u":/icons/download.svg"_s,
        QKeySequence(u"Ctrl+E"_s), [this] { m_window->chooseExportFile(); })
        ->setToolTip(
            MainWindow::tr("Save the rows the list shows as CSV or JSON; secrets are left out (Ctrl+E)"));
    add(u"copyMcpConfig"_s, MainWindow::tr("Copy &MCP Client Config"), u":/icons/json.svg"_s,
        QKeySequence(u"Ctrl+Shift+C"_s), onList(Verb::CopyMcpConfig))
        ->setToolTip(
            MainWindow::tr("Copy an mcpServers JSON for the selection, ready to paste into an MCP client"));
    add(u"uploadWorkspace"_s, MainWindow::tr("&Upload Workspace…"), u":/icons/upload.svg"_s,
        QKeySequence(u"Ctrl+U"_s), onWorkspace(Verb::UploadWorkspace))
        ->setToolTip(MainWindow::tr(
            "Upload a folder as the workspace of the selected sandbox (Ctrl+U); or drop files on it"));
    add(u"saveDump"_s, MainWindow::tr("Save &Dump As…"), u":/icons/download.svg"_s, QKeySequence::Save,
        onWorkspace(Verb::SaveDump))
        ->setToolTip(MainWindow::tr("Download the workspace of the selected sandbox as a .tar.gz (Ctrl+S)"));
    add(u"extractDump"_s, MainWindow::tr("E&xtract Dump To…"), u":/icons/folder.svg"_s,
        QKeySequence(u"Ctrl+Shift+S"_s), onWorkspace(Verb::ExtractDump))
        ->setToolTip(
            MainWindow::tr("Download the workspace of the selected sandbox into a folder (Ctrl+Shift+S)"));
    add(u"runScriptInSelected"_s, MainWindow::tr("Run Scr&ipt in Selected…"), QString(), QKeySequence(),
        [this] {
            m_window->showPage(MainWindow::LocalSandboxesView);
            m_window->localSandboxesPage()->runScriptInSelected();
        })
        ->setToolTip(
            MainWindow::tr("Run a folder's main.py in every selected local sandbox and follow their logs "
                           "together"));
    // Blaxel's verbs: it deletes for good where Klavis releases. Shown on the views that offer them, so that
    // they share Ctrl+N and Delete with Acquire and Release (a hidden action's shortcut is off).
    add(u"blaxelCreate"_s, MainWindow::tr("&Create…"), u":/icons/acquire.svg"_s, QKeySequence::New,
        onList(Verb::Create))
        ->setToolTip(MainWindow::tr("Create a Blaxel sandbox (Ctrl+N)"));
    add(u"blaxelDelete"_s, MainWindow::tr("&Delete"), u":/icons/delete.svg"_s, QKeySequence::Delete,
        onList(Verb::Delete))
        ->setToolTip(MainWindow::tr("Delete the selected Blaxel sandboxes for good (Delete)"));
    add(u"blaxelEdit"_s, MainWindow::tr("&Edit Labels and TTL…"), QString(), QKeySequence(Qt::Key_F2),
        onList(Verb::Edit))
        ->setToolTip(MainWindow::tr("Change the selected Blaxel sandbox's display name, labels or TTL (F2)"));
    add(u"find"_s, MainWindow::tr("&Find…"), u":/icons/search.svg"_s, QKeySequence::Find,
        [this] { m_window->focusSearch(); });
    add(u"settings"_s, MainWindow::tr("&Settings…"), u":/icons/settings.svg"_s, QKeySequence::Preferences,
        [this] { emit m_window->settingsRequested(); });
    add(u"quit"_s, MainWindow::tr("&Quit"), QString(), QKeySequence::Quit, [this] { m_window->close(); });
    add(u"about"_s, MainWindow::tr("&About SandboxDeck"), QString(), QKeySequence(), [this] {
        QMessageBox::about(
            m_window, MainWindow::tr("About SandboxDeck"),
            MainWindow::tr(
                "<h3>SandboxDeck %1</h3><p>Browse and manage AI-agent sandboxes: Klavis MCP sandboxes "
                "and local sandboxes.</p>")
                .arg(QApplication::applicationVersion()));
    });
    const std::initializer_list<std::pair<MainWindow::Page, const char *>> pages = {
        {MainWindow::SandboxesView, "Ctrl+1"},       {MainWindow::LocalSandboxesView, "Ctrl+2"},
        {MainWindow::BlaxelSandboxesView, "Ctrl+3"}, {MainWindow::AllSandboxesView, "Ctrl+4"},
        {MainWindow::TransfersView, "Ctrl+5"},       {MainWindow::RunsView, "Ctrl+6"},
        {MainWindow::UniversesView, "Ctrl+7"}};
    for (const auto &[page, keys] : pages) {
        const QString name = u"page%1"_s.arg(int(page));
        m_pageActionNames << name;
        add(name, pageTitles.value(page), QString(), QKeySequence(QString::fromLatin1(keys)),
            // An init-capture: clang 14 cannot capture a structured binding.
            [this, page = page] { m_window->showPage(page); });
    }
}

void MainWindowActions::fillMenuBar(QMenuBar *bar, RefreshIntervalChoice *interval) const
{
    auto *file = bar->addMenu(MainWindow::tr("&File"));
    file->addAction(action(u"exportRows"_s));
    file->addSeparator();
    file->addAction(action(u"settings"_s));
    file->addSeparator();
    file->addAction(action(u"quit"_s));
    auto *edit = bar->addMenu(MainWindow::tr("&Edit"));
    edit->addAction(action(u"copyId"_s));
    edit->addAction(action(u"copyMcpConfig"_s));
    edit->addSeparator();
    edit->addAction(action(u"find"_s));
    auto *view = bar->addMenu(MainWindow::tr("&View"));
    for (const QString &name : std::as_const(m_pageActionNames))
        view->addAction(action(name));
    view->addSeparator();
    view->addAction(action(u"refresh"_s));
    interval->addMenu(view);
    auto *sandbox = bar->addMenu(MainWindow::tr("&Sandbox"));
    // A greyed entry says why on hover (Edit Tags and TTL on a Klavis view: Klavis cannot change them).
    sandbox->setToolTipsVisible(true);
    sandbox->addAction(action(u"acquire"_s));
    sandbox->addAction(action(u"release"_s));
    sandbox->addAction(action(u"reset"_s));
    sandbox->addAction(action(u"blaxelCreate"_s));
    sandbox->addAction(action(u"blaxelDelete"_s));
    sandbox->addAction(action(u"blaxelEdit"_s));
    sandbox->addSection(MainWindow::tr("Runs"));
    sandbox->addAction(action(u"newRun"_s));
    sandbox->addSection(MainWindow::tr("Workspace"));
    sandbox->addAction(action(u"uploadWorkspace"_s));
    sandbox->addAction(action(u"saveDump"_s));
    sandbox->addAction(action(u"extractDump"_s));
    sandbox->addAction(action(u"runScriptInSelected"_s));
    auto *help = bar->addMenu(MainWindow::tr("&Help"));
    help->addAction(action(u"about"_s));
}

QAction *MainWindowActions::action(const QString &name) const
{
    return m_actions.value(name);
}
