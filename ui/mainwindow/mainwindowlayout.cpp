#include "mainwindow/mainwindowlayout.h"

#include "common/highlightedicon.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/refreshintervalchoice.h"
#include "mainwindow/statusbarpanel.h"
#include "mainwindow/toolbarchevron.h"
#include "sandboxlist/pagecontextmenu.h"

#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QListWidget>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>

using namespace Qt::StringLiterals;

void MainWindowLayout::fillNavigation(QListWidget *navigation)
{
    navigation->setObjectName(u"navigation"_s);
    navigation->setIconSize(QSize(22, 22));
    navigation->setFrameShape(QFrame::NoFrame);
    navigation->setAccessibleName(MainWindow::tr("Views"));
    // The titles stay in MainWindow's translation context, where they have always been.
    const std::initializer_list<std::pair<QString, QString>> entries = {
        {MainWindow::tr("Sandboxes"), u":/icons/sandboxes.svg"_s},
        {MainWindow::tr("Local sandboxes"), u":/icons/local.svg"_s},
        {MainWindow::tr("Blaxel sandboxes"), u":/icons/blaxel.svg"_s},
        {MainWindow::tr("All sandboxes"), u":/icons/all.svg"_s},
        {MainWindow::tr("Transfers"), u":/icons/transfers.svg"_s},
        {MainWindow::tr("Runs"), u":/icons/runs.svg"_s},
        {MainWindow::tr("Universes"), u":/icons/universes.svg"_s}};
    for (const auto &[text, icon] : entries)
        new QListWidgetItem(
            HighlightedIcon::withSelectedColour(
                QIcon(icon), navigation->palette().color(QPalette::HighlightedText), navigation->iconSize()),
            text, navigation);
    navigation->setFixedWidth(navigation->sizeHintForColumn(0) + 24);
    navigation->setSpacing(2);
}

void MainWindowLayout::placePages(MainWindow *window, QListWidget *navigation, QStackedWidget *stack,
                                  const QList<QWidget *> &pages, StatusBarPanel *statusPanel)
{
    for (QWidget *page : pages)
        stack->addWidget(page);
    auto *central = new QWidget(window);
    auto *layout = new QHBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(navigation);
    layout->addWidget(stack, 1);
    window->setCentralWidget(central);
    window->statusBar()->addPermanentWidget(statusPanel);
}

MainWindowLayout::ToolBarItems MainWindowLayout::createToolBar(MainWindow *window,
                                                               RefreshIntervalChoice *interval,
                                                               const QList<QAction *> &transferActions,
                                                               const QList<QAction *> &runActions)
{
    ToolBarItems items;
    auto *bar = window->addToolBar(MainWindow::tr("Main"));
    bar->setObjectName(u"mainToolBar"_s);
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    new ToolBarChevron(bar);
    for (const auto *name : {"acquire", "release", "reset", "blaxelCreate", "blaxelDelete"})
        bar->addAction(window->action(QString::fromLatin1(name)));
    items.listOnly << bar->addSeparator();
    for (const auto *name : {"copyMcpConfig", "uploadWorkspace", "saveDump", "extractDump"})
        bar->addAction(window->action(QString::fromLatin1(name)));
    items.transferActions = transferActions;
    bar->addActions(transferActions);
    // New Run is on the menu and its shortcut works in every view; on the toolbar only in the Runs view. A
    // button of its own, so that hiding it there leaves the action itself alone.
    auto *newRun = new QToolButton(bar);
    newRun->setDefaultAction(window->action(u"newRun"_s));
    newRun->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    items.newRun = bar->addWidget(newRun);
    items.runActions = runActions;
    bar->addActions(runActions);
    items.listOnly << bar->addSeparator();
    bar->addAction(window->action(u"refresh"_s));
    items.listOnly << bar->addWidget(interval->createComboBox(bar));
    auto *spacer = new QWidget(bar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    bar->addWidget(spacer);
    bar->addAction(window->action(u"settings"_s));
    return items;
}

void MainWindowLayout::connectContextMenus(MainWindow *window, const QList<QAbstractItemView *> &views)
{
    for (QAbstractItemView *view : views) {
        view->setContextMenuPolicy(Qt::CustomContextMenu);
        QObject::connect(view, &QWidget::customContextMenuRequested, window,
                         [window, view](const QPoint &position) {
                             PageContextMenu::popup(view, position, window->contextMenuActions(), window);
                         });
    }
}
