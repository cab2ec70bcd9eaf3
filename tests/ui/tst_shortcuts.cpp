// No key of the window is ambiguous anywhere. In every view of the demo window, with each tab of every tab
// widget in front in turn, every widget that takes the focus gets it, and every key sequence that two of the
// window's actions or shortcuts share is pressed there; Qt's "Ambiguous shortcut overload" warning (Qt then
// runs neither) fails the test and names the view and the widget. Ctrl+F with the focus in the Executions
// console opens the console's search; in a list it goes to the filter.

#include "blaxel/blaxelsandboxespage.h"
#include "blaxelrows.h"
#include "demoapp.h"
#include "emulatorprobe.h"
#include "executions/executionconsole.h"
#include "executions/executionstab.h"
#include "inspector/sandboxworktabs.h"
#include "local/localsandboxespage.h"
#include "models/localsandboxtreemodel.h"
#include "sandboxlist/sandboxfilterbar.h"
#include "sandboxlist/sandboxlistpage.h"
#include "terminal/terminalpane.h"
#include "terminal/terminalview.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QShortcut>
#include <QShortcutEvent>
#include <QTabWidget>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

QStringList ambiguities;
QString where;
QtMessageHandler previousHandler = nullptr;

void recordAmbiguity(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (message.contains("Ambiguous shortcut"_L1))
        ambiguities << where + u": "_s + message;
    previousHandler(type, context, message);
}

// Qt sends an ambiguous key to one of its holders with the flag set (a QAction then warns, a QShortcut emits
// activatedAmbiguously, and neither does its work); whichever gets it, it passes through here.
class AmbiguityWatch : public QObject
{
public:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Shortcut) {
            const auto *shortcut = static_cast<QShortcutEvent *>(event);
            if (shortcut->isAmbiguous())
                ambiguities << where + u": "_s + shortcut->key().toString() + u" is ambiguous (sent to "_s +
                                   QString::fromLatin1(watched->metaObject()->className()) + u')';
        }
        return false;
    }
};

bool takesFocus(const QWidget *widget)
{
    return widget->isVisible() && widget->isEnabled() && widget->focusPolicy() != Qt::NoFocus;
}

} // namespace

class TestShortcuts : public QObject
{
    Q_OBJECT

    std::unique_ptr<DemoApp> app;
    int m_focused = 0;
    AmbiguityWatch m_watch;

    // Every key sequence that more than one action or shortcut of the window holds, and Find, which a widget
    // may claim for itself (the console's search) without a shortcut of its own.
    QList<QKeySequence> sharedSequences() const
    {
        QHash<QString, int> holders;
        QHash<QString, QKeySequence> sequences;
        const auto count = [&](const QList<QKeySequence> &keys) {
            for (const QKeySequence &key : keys)
                if (!key.isEmpty()) {
                    ++holders[key.toString()];
                    sequences.insert(key.toString(), key);
                }
        };
        for (const QAction *action : app->window()->findChildren<QAction *>())
            count(action->shortcuts());
        for (const QShortcut *shortcut : app->window()->findChildren<QShortcut *>())
            count(shortcut->keys());
        QList<QKeySequence> shared{QKeySequence(QKeySequence::Find)};
        for (auto it = holders.cbegin(); it != holders.cend(); ++it)
            if (it.value() > 1 && sequences.value(it.key()) != shared.first())
                shared << sequences.value(it.key());
        return shared;
    }

    void pressEverywhere(const QString &view, const QList<QKeySequence> &keys)
    {
        const QList<QWidget *> widgets = app->window()->findChildren<QWidget *>();
        for (QWidget *widget : widgets) {
            if (!takesFocus(widget))
                continue;
            // A key that opened a dialog (closed at once) left another window active for a moment.
            if (QApplication::activeWindow() != app->window()) {
                app->window()->activateWindow();
                QVERIFY(QTest::qWaitForWindowActive(app->window()));
            }
            widget->setFocus(Qt::OtherFocusReason);
            if (QApplication::focusWidget() != widget)
                continue;
            where = view + u", focus on "_s + DemoApp::describe(widget);
            ++m_focused;
            for (const QKeySequence &key : keys)
                QTest::keySequence(widget, key);
        }
    }

private slots:
    void initTestCase()
    {
        previousHandler = qInstallMessageHandler(recordAmbiguity);
        qApp->installEventFilter(&m_watch);
    }
    void cleanupTestCase()
    {
        qApp->removeEventFilter(&m_watch);
        qInstallMessageHandler(previousHandler);
    }

    void init()
    {
        ambiguities.clear();
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        QVERIFY(app->showActiveWithSandboxes());
    }

    void cleanup() { app.reset(); }

    void noSharedKeyIsAmbiguousInAnyView()
    {
        // A key pressed where it is not ambiguous does its work; a dialog it opens is closed at once.
        QTimer closeDialogs;
        connect(&closeDialogs, &QTimer::timeout, this, [] {
            if (QWidget *modal = QApplication::activeModalWidget())
                modal->close();
        });
        closeDialogs.start(10);

        {
            // The watch itself: two shortcuts of one key in one window are found.
            const QKeySequence planted(Qt::CTRL | Qt::ALT | Qt::SHIFT | Qt::Key_F12);
            QShortcut first(planted, app->window());
            QShortcut second(planted, app->window());
            where = u"planted"_s;
            QTest::keySequence(app->window(), planted);
            QVERIFY2(ambiguities.size() == 1, qPrintable(ambiguities.join(u'\n')));
            ambiguities.clear();
        }

        const QList<QKeySequence> keys = sharedSequences();
        QStringList names;
        for (const QKeySequence &key : keys)
            names << key.toString();
        qInfo("Key sequences held by more than one action or shortcut: %s", qPrintable(names.join(u", "_s)));

        const QList<std::pair<MainWindow::Page, QString>> pages = {
            {MainWindow::SandboxesView, u"Sandboxes"_s},    {MainWindow::LocalSandboxesView, u"Local"_s},
            {MainWindow::BlaxelSandboxesView, u"Blaxel"_s}, {MainWindow::AllSandboxesView, u"All"_s},
            {MainWindow::TransfersView, u"Transfers"_s},    {MainWindow::RunsView, u"Runs"_s},
            {MainWindow::UniversesView, u"Universes"_s}};
        int places = 0;
        for (const auto &[page, view] : pages) {
            app->window()->showPage(page);
            // A row chosen, so that the details and the work tabs show what they show for a sandbox.
            if (SandboxListPage *list = app->window()->currentListPage()) {
                QAbstractItemView *rows = list->itemView();
                QTRY_VERIFY(rows->model()->rowCount() > 0);
                rows->setCurrentIndex(rows->model()->index(0, 0));
            }
            pressEverywhere(view, keys);
            ++places;
            for (QTabWidget *tabs : app->window()->findChildren<QTabWidget *>()) {
                if (!tabs->isVisible())
                    continue;
                for (int tab = 0; tab < tabs->count(); ++tab) {
                    if (!tabs->isTabEnabled(tab))
                        continue;
                    tabs->setCurrentIndex(tab);
                    pressEverywhere(view + u", tab "_s + tabs->tabText(tab).remove(u'&'), keys);
                    ++places;
                }
            }
        }
        qInfo("%d views and tabs walked, the keys pressed with the focus in %d places", places, m_focused);
        QVERIFY2(places > pages.size(), "the walk found no tab widget");
        QVERIFY2(ambiguities.isEmpty(), qPrintable(ambiguities.join(u'\n')));
    }

    void ctrlPageDownAndUpWalkTheSideTabsWithTheFocusIn()
    {
        app->window()->showPage(MainWindow::BlaxelSandboxesView);
        BlaxelSandboxesPage *page = app->window()->blaxelSandboxesPage();
        QAbstractItemView *rows = page->view();
        QTRY_VERIFY(rows->model()->rowCount() > 0);
        QVERIFY(BlaxelRows::selectOnly(page->view(), u"research-notebook"_s));
        QTabWidget *tabs = page->sideTabs();
        // A terminal open in its tab: the view that takes every key for the shell.
        tabs->setCurrentWidget(page->terminalPane());
        page->terminalPane()->openTerminal();
        QTRY_VERIFY_WITH_TIMEOUT(page->terminalPane()->currentView(), 10000);
        tabs->setCurrentIndex(0);
        app->window()->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(app->window()));
        rows->setFocus(Qt::OtherFocusReason);
        QVERIFY(rows->hasFocus());
        const auto press = [this](Qt::Key key) {
            QTest::keyClick(app->window()->windowHandle(), key, Qt::ControlModifier);
        };
        const auto focusInShownTab = [tabs] {
            return QApplication::focusWidget() &&
                   tabs->currentWidget()->isAncestorOf(QApplication::focusWidget());
        };
        // From the list: the next tab, with the focus in it.
        press(Qt::Key_PageDown);
        QCOMPARE(tabs->currentIndex(), 1);
        QVERIFY2(focusInShownTab(), qPrintable(DemoApp::describe(QApplication::focusWidget())));
        // Out of the terminal, which takes every other key for the shell.
        page->terminalPane()->currentView()->setFocus(Qt::OtherFocusReason);
        QVERIFY(page->terminalPane()->currentView()->hasFocus());
        press(Qt::Key_PageDown);
        QCOMPARE(tabs->currentIndex(), 2);
        QVERIFY(focusInShownTab());
        // Back into the terminal, where the focus was.
        press(Qt::Key_PageUp);
        QCOMPARE(tabs->currentIndex(), 1);
        QVERIFY(page->terminalPane()->currentView()->hasFocus());
        press(Qt::Key_PageDown);
        // Back, and around the end.
        press(Qt::Key_PageUp);
        press(Qt::Key_PageUp);
        QCOMPARE(tabs->currentIndex(), 0);
        press(Qt::Key_PageUp);
        QCOMPARE(tabs->currentIndex(), tabs->count() - 1);
        QVERIFY(focusInShownTab());
        press(Qt::Key_PageDown);
        QCOMPARE(tabs->currentIndex(), 0);
        QVERIFY(ambiguities.isEmpty());
    }

    void ctrlFInTheConsoleSearchesTheLogAndInAListTheFilter()
    {
        app->window()->showPage(MainWindow::LocalSandboxesView);
        auto *page = app->localPage();
        QVERIFY(QTest::qWaitFor([page] { return page->view()->model()->rowCount() > 0; }, 10000));
        page->view()->setCurrentIndex(page->view()->model()->index(0, 0));
        page->workTabs()->setCurrentIndex(page->workTabs()->executionsIndex());
        ExecutionConsole *console = page->executionsTab()->console();
        QTRY_VERIFY(console->isVisible());

        console->setFocus(Qt::OtherFocusReason);
        QWidget *inConsole = QApplication::focusWidget();
        QVERIFY(inConsole && console->isAncestorOf(inConsole));
        QVERIFY(!console->searchField()->isVisible());
        QTest::keySequence(inConsole, QKeySequence::Find);
        QVERIFY(console->searchField()->isVisible());
        QCOMPARE(QApplication::focusWidget(), console->searchField());

        page->view()->setFocus(Qt::OtherFocusReason);
        QTest::keySequence(page->view(), QKeySequence::Find);
        QCOMPARE(QApplication::focusWidget(), page->filterBar()->searchField());
        QVERIFY2(ambiguities.isEmpty(), qPrintable(ambiguities.join(u'\n')));
    }
};

QTEST_MAIN(TestShortcuts)
#include "tst_shortcuts.moc"
