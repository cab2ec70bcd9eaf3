// The side tabs of the Blaxel sandboxes page: the Terminal, Files, Processes and Previews panes are made when
// their tab is first shown, not at start-up, and then show the sandbox selected before they were made; the
// tab a user picked stays current while its pane takes the stand-in's place, and is announced once.

#include "blaxelrows.h"
#include "demoapp.h"

#include "blaxel/blaxelsandboxespage.h"
#include "blaxel/blaxelsandboxtabs.h"
#include "files/filespane.h"
#include "processes/processespane.h"
#include "session/processmonitor.h"

#include <QSignalSpy>

using namespace Qt::StringLiterals;

class TestBlaxelSideTabs : public QObject
{
    Q_OBJECT

    std::unique_ptr<DemoApp> app;

    BlaxelSandboxesPage *page() const { return app->window()->blaxelSandboxesPage(); }
    BlaxelSandboxTabs *tabs() const { return page()->sideTabs(); }

private Q_SLOTS:
    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        QVERIFY(app->showBlaxelSandboxes());
    }
    void cleanup() { app.reset(); }

    void aPaneIsMadeWhenItsTabIsFirstShown()
    {
        QCOMPARE(tabs()->count(), 5);
        const QStringList titles{u"Details"_s, u"Terminal"_s, u"Files"_s, u"Processes"_s, u"Previews"_s};
        for (int i = 0; i < tabs()->count(); ++i) {
            QCOMPARE(tabs()->tabText(i), titles.at(i));
            QCOMPARE(tabs()->isMade(i), i == 0);
        }
        QVERIFY2(BlaxelRows::selectOnly(page()->view(), u"research-notebook"_s), "research-notebook");

        QSignalSpy changed(tabs(), &QTabWidget::currentChanged);
        tabs()->setCurrentIndex(3);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.constFirst().at(0).toInt(), 3);
        QCOMPARE(tabs()->currentIndex(), 3);
        QVERIFY(tabs()->isMade(3));
        QVERIFY(!tabs()->isMade(1) && !tabs()->isMade(2) && !tabs()->isMade(4));
        // The pane in the tab, shown, following the sandbox selected before it was made.
        QCOMPARE(tabs()->currentWidget(), page()->processesPane());
        QVERIFY(page()->processesPane()->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(
            page()->processesPane()->monitor() && page()->processesPane()->monitor()->isActive(), 10000);
        QCOMPARE(page()->processesPane()->monitor()->sandbox(), u"research-notebook"_s);

        // Asked for, a pane is made without changing the tab shown.
        FilesPane *files = page()->filesPane();
        QVERIFY(files);
        QVERIFY(tabs()->isMade(2));
        QCOMPARE(tabs()->indexOf(files), 2);
        QCOMPARE(tabs()->currentIndex(), 3);
        QCOMPARE(changed.count(), 1);
        QVERIFY(!files->isVisible());
        QCOMPARE(files->sandboxName(), u"research-notebook"_s);

        // Another sandbox: the panes made follow it.
        QVERIFY2(BlaxelRows::selectOnly(page()->view(), u"agent-runner-01"_s), "agent-runner-01");
        QTRY_COMPARE_WITH_TIMEOUT(files->sandboxName(), u"agent-runner-01"_s, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(page()->processesPane()->monitor() &&
                                     page()->processesPane()->monitor()->sandbox() == u"agent-runner-01"_s,
                                 5000);
    }
};

QTEST_MAIN(TestBlaxelSideTabs)
#include "tst_blaxelsidetabs.moc"
