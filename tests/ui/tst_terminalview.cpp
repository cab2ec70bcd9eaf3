// The Terminal tab of a Blaxel sandbox, driven as a person drives it against the in-process demo emulator: a
// real shell on this machine behind the sandbox's /terminal/ws, typed into with the keyboard, a dropped
// connection that says so and comes back, a selection copied, and the notice of where the shell runs.

#include "blaxelrows.h"
#include "demoapp.h"

#include "blaxel/blaxelsandboxespage.h"
#include "models/blaxelsandboxlistmodel.h"
#include "terminal/terminalconnection.h"
#include "terminal/terminalpane.h"
#include "terminal/terminalscreen.h"
#include "terminal/terminalsession.h"
#include "terminal/terminalview.h"

#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>
#include <QTabWidget>

using namespace Qt::StringLiterals;

class TestTerminalView : public QObject
{
    Q_OBJECT

    std::unique_ptr<DemoApp> app;

    BlaxelSandboxesPage *page() const { return app->window()->blaxelSandboxesPage(); }
    TerminalPane *pane() const { return page()->terminalPane(); }

    static int lineOf(const TerminalScreen *screen, const QString &text)
    {
        for (int i = 0; i < screen->scrollbackSize() + screen->rows(); ++i) {
            if (screen->lineText(i) == text)
                return i;
        }
        return -1;
    }

    void select(const QString &name)
    {
        QVERIFY2(BlaxelRows::selectOnly(page()->view(), name), qPrintable(name));
    }

    // The Terminal tab of research-notebook (DEPLOYED in the seed) with one terminal connected.
    TerminalView *openTerminal()
    {
        select(u"research-notebook"_s);
        page()->sideTabs()->setCurrentWidget(pane());
        auto *button = pane()->findChild<QPushButton *>(u"newTerminalButton"_s);
        if (!QTest::qWaitFor([button] { return button->isEnabled(); }, 10000))
            return nullptr;
        button->click();
        TerminalView *view = pane()->currentView();
        if (!view || !QTest::qWaitFor(
                         [view] {
                             return view->session()->connection()->state() ==
                                    TerminalConnection::State::Connected;
                         },
                         10000))
            return nullptr;
        return view;
    }

private Q_SLOTS:
    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        QVERIFY(app->showBlaxelSandboxes());
    }
    void cleanup() { app.reset(); }

    void typesIntoAShell()
    {
        TerminalView *view = openTerminal();
        QVERIFY(view);
        QVERIFY(pane()->noticeLabel()->text().contains(u"this machine"_s));
        QVERIFY(pane()->stateLabel()->isHidden());
        view->setFocus();
        QTRY_VERIFY_WITH_TIMEOUT(view->hasFocus(), 5000);
        QTest::keyClicks(view, u"echo hi"_s);
        QTest::keyClick(view, Qt::Key_Return);
        TerminalScreen *screen = view->session()->screen();
        QTRY_VERIFY_WITH_TIMEOUT(lineOf(screen, u"hi"_s) >= 0, 10000);
        // The grid follows the widget: the shell's size is what fits.
        QTRY_VERIFY_WITH_TIMEOUT(
            screen->cols() == view->columnsFitting() && screen->rows() == view->rowsFitting(), 5000);
        QTest::keyClicks(view, u"stty size"_s);
        QTest::keyClick(view, Qt::Key_Return);
        const QString size = u"%1 %2"_s.arg(view->rowsFitting()).arg(view->columnsFitting());
        QTRY_VERIFY_WITH_TIMEOUT(lineOf(screen, size) >= 0, 10000);
    }

    void aDroppedConnectionSaysSoAndComesBack()
    {
        TerminalView *view = openTerminal();
        QVERIFY(view);
        // Seen done before the drop: a frame still in the socket's buffer would go with it.
        QTest::keyClicks(view, u"X=kept; echo se''t"_s);
        QTest::keyClick(view, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(lineOf(view->session()->screen(), u"set"_s) >= 0, 10000);
        view->session()->connection()->reconnect();
        QCOMPARE(pane()->stateLabel()->text(), u"Disconnected — reconnecting…"_s);
        QVERIFY(pane()->stateLabel()->isVisibleTo(pane()));
        QTRY_COMPARE_WITH_TIMEOUT(view->session()->connection()->state(),
                                  TerminalConnection::State::Connected, 10000);
        QVERIFY(pane()->stateLabel()->isHidden());
        QTest::keyClicks(view, u"echo [$X]"_s);
        QTest::keyClick(view, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(lineOf(view->session()->screen(), u"[kept]"_s) >= 0, 10000);
    }

    void copiesTheSelection()
    {
        TerminalView *view = openTerminal();
        QVERIFY(view);
        QTest::keyClicks(view, u"echo sel''ected"_s);
        QTest::keyClick(view, Qt::Key_Return);
        TerminalScreen *screen = view->session()->screen();
        QTRY_VERIFY_WITH_TIMEOUT(lineOf(screen, u"selected"_s) >= 0, 10000);
        const int line = lineOf(screen, u"selected"_s) - view->verticalScrollBar()->value();
        const int cellHeight = view->viewport()->height() / view->rowsFitting();
        const int cellWidth = view->viewport()->width() / view->columnsFitting();
        const int y = line * cellHeight + cellHeight / 2;
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, QPoint(cellWidth / 2, y));
        QMouseEvent move(QEvent::MouseMove, QPointF(cellWidth * 7 + cellWidth / 2, y),
                         view->viewport()->mapToGlobal(QPointF(cellWidth * 7 + cellWidth / 2, y)),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(view->viewport(), &move);
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, QPoint(cellWidth * 7 + cellWidth / 2, y));
        QCOMPARE(view->selectedText(), u"selected"_s);
        QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(QApplication::clipboard()->text(), u"selected"_s);
    }

    // vim, less and top draw on the alternate screen: the view shows that screen, not the history above it
    // (seen: vim's first lines drawn under two lines of an earlier top, its status line cut off).
    void theAlternateScreenIsShownWholeWhateverTheHistory()
    {
        TerminalView *view = openTerminal();
        QVERIFY(view);
        TerminalScreen *screen = view->session()->screen();
        QTest::keyClicks(view, u"seq 1 300"_s);
        QTest::keyClick(view, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(screen->scrollbackSize() > 200, 10000);
        QTest::keyClicks(view, u"printf '\\033[?1049h\\033[2J\\033[HALT''-TOP\\n'"_s);
        QTest::keyClick(view, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(
            screen->isAlternateScreen() && screen->lineText(screen->scrollbackSize()) == u"ALT-TOP"_s, 10000);
        QCOMPARE(view->firstLine(), screen->scrollbackSize());
        // What a drag over the top row selects is what is drawn there.
        const int cellHeight = view->viewport()->height() / view->rowsFitting();
        const int cellWidth = view->viewport()->width() / view->columnsFitting();
        const int y = cellHeight / 2;
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, QPoint(cellWidth / 2, y));
        QMouseEvent move(QEvent::MouseMove, QPointF(cellWidth * 6 + cellWidth / 2, y),
                         view->viewport()->mapToGlobal(QPointF(cellWidth * 6 + cellWidth / 2, y)),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(view->viewport(), &move);
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, QPoint(cellWidth * 6 + cellWidth / 2, y));
        QCOMPARE(view->selectedText(), u"ALT-TOP"_s);
    }

    void closingATabEndsItsTerminal()
    {
        QVERIFY(openTerminal());
        QCOMPARE(pane()->terminalCount(), 1);
        auto *tabs = pane()->findChild<QTabWidget *>(u"terminalTabs"_s);
        emit tabs->tabCloseRequested(0);
        QCOMPARE(pane()->terminalCount(), 0);
        QVERIFY(pane()->stateLabel()->text().contains(u"New Terminal"_s));
    }
};

QTEST_MAIN(TestTerminalView)
#include "tst_terminalview.moc"
