// The keyboard alone can go round every view. In each view of the demo window, with a row chosen and the
// focus in its list: Tab leaves the list at once (it does not walk the cells, and the chosen row stays),
// reaches the details side, and comes back round to the list; Shift+Tab walks the same way backwards. No
// widget on the way keeps the Tab key for itself.

#include "demoapp.h"
#include "runsview/runspage.h"
#include "sandboxlist/sandboxlistpage.h"
#include "transfers/transferspage.h"
#include "universes/universespage.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QSplitter>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

QString describeChain(const QList<QWidget *> &chain)
{
    QStringList names;
    for (const QWidget *widget : chain)
        names << DemoApp::describe(widget);
    return names.join(u" -> "_s);
}

// The side of the splitter the list is not on: the details pane and the work tabs.
QWidget *detailsSide(QAbstractItemView *view)
{
    QWidget *child = view;
    for (QWidget *parent = view->parentWidget(); parent; child = parent, parent = parent->parentWidget()) {
        if (auto *splitter = qobject_cast<QSplitter *>(parent))
            return splitter->widget(splitter->indexOf(child) == 0 ? 1 : 0);
    }
    return nullptr;
}

} // namespace

class TestFocusChain : public QObject
{
    Q_OBJECT

    std::unique_ptr<DemoApp> app;

    // Presses the key until the focus moves to another widget: a label with links takes one press per link
    // before it lets go. A list lets go at the first press (it does not walk its cells). Null when the
    // widget keeps the key.
    static QWidget *press(Qt::Key key)
    {
        QWidget *before = QApplication::focusWidget();
        const int presses = qobject_cast<QAbstractItemView *>(before) ? 1 : 20;
        for (int press = 0; press < presses; ++press) {
            QTest::keyClick(QApplication::focusWidget(), key);
            if (QApplication::focusWidget() != before)
                return QApplication::focusWidget();
        }
        return nullptr;
    }

private slots:
    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        QVERIFY(app->showActiveWithSandboxes());
    }

    void cleanup() { app.reset(); }

    void tabGoesRoundEachView_data()
    {
        QTest::addColumn<int>("page");
        QTest::newRow("Sandboxes") << int(MainWindow::SandboxesView);
        QTest::newRow("Local") << int(MainWindow::LocalSandboxesView);
        QTest::newRow("Blaxel") << int(MainWindow::BlaxelSandboxesView);
        QTest::newRow("All") << int(MainWindow::AllSandboxesView);
        QTest::newRow("Transfers") << int(MainWindow::TransfersView);
        QTest::newRow("Runs") << int(MainWindow::RunsView);
        QTest::newRow("Universes") << int(MainWindow::UniversesView);
    }

    // The list a view is about, where the keyboard starts in it.
    QAbstractItemView *mainList(MainWindow::Page page) const
    {
        switch (page) {
        case MainWindow::TransfersView:
            return app->window()->transfersPage()->findChild<QAbstractItemView *>(u"transfersView"_s);
        case MainWindow::RunsView:
            return app->window()->runsPage()->findChild<QAbstractItemView *>(u"runsView"_s);
        case MainWindow::UniversesView:
            return app->window()->universesPage()->findChild<QAbstractItemView *>(u"universeList"_s);
        default:
            return app->window()->currentListPage()->itemView();
        }
    }

    void tabGoesRoundEachView()
    {
        QFETCH(int, page);
        app->window()->showPage(MainWindow::Page(page));
        QAbstractItemView *view = mainList(MainWindow::Page(page));
        QVERIFY(view);
        // The demo has no transfers yet; every other view has rows to choose from.
        if (page != int(MainWindow::TransfersView)) {
            QTRY_VERIFY(view->model()->rowCount() > 0);
            view->setCurrentIndex(view->model()->index(0, 0));
        }
        view->setFocus(Qt::OtherFocusReason);
        QTRY_VERIFY2(QApplication::focusWidget() == view,
                     qPrintable(DemoApp::describe(view) + u" did not take the focus; it is on "_s +
                                DemoApp::describe(QApplication::focusWidget())));
        const QPersistentModelIndex chosen = view->currentIndex();
        // The All and Transfers views have no details side.
        QWidget *details = detailsSide(view);
        QCOMPARE(details != nullptr,
                 page != int(MainWindow::AllSandboxesView) && page != int(MainWindow::TransfersView));

        QList<QWidget *> chain;
        bool reachedDetails = false;
        bool backToTheList = false;
        for (int stop = 0; stop < 80 && !backToTheList; ++stop) {
            QWidget *now = press(Qt::Key_Tab);
            QVERIFY2(now, qPrintable(u"Tab was kept by "_s + DemoApp::describe(QApplication::focusWidget()) +
                                     u" after "_s + describeChain(chain)));
            if (now == view) {
                backToTheList = true;
                break;
            }
            chain << now;
            reachedDetails |= details && details->isAncestorOf(now);
        }
        QCOMPARE(QModelIndex(chosen), view->currentIndex());
        QVERIFY(!chain.isEmpty());
        QVERIFY2(!view->isAncestorOf(chain.first()), qPrintable(describeChain(chain)));
        QVERIFY2(reachedDetails || !details,
                 qPrintable(u"the details side was never reached: "_s + describeChain(chain)));
        QVERIFY2(backToTheList, qPrintable(u"Tab never came back to the list: "_s + describeChain(chain)));

        // Shift+Tab from the list walks the same widgets, last first.
        for (auto it = chain.crbegin(); it != chain.crend(); ++it) {
            QVERIFY2(press(Qt::Key_Backtab) == *it,
                     qPrintable(u"Shift+Tab went to "_s + DemoApp::describe(QApplication::focusWidget()) +
                                u", expected "_s + DemoApp::describe(*it)));
        }
        QCOMPARE(press(Qt::Key_Backtab), view);
        QCOMPARE(QModelIndex(chosen), view->currentIndex());
    }
};

QTEST_MAIN(TestFocusChain)
#include "tst_focuschain.moc"
