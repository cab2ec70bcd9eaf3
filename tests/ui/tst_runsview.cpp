// The Runs view on the demo emulator, with the ledger in a file of the test's ($SANDBOXDECK_LEDGER). One
// executable (CI cost), its test classes in one file per subject, each on a window and a ledger of its own:
// tst_runsviewpage.cpp (what the view shows, the manifest, the dumps), tst_runsviewrelease.cpp (releasing
// a run, a tag-only run and the leaks through the window's RunCoordinator), tst_runsviewcoordinator.cpp
// (the New run wizard from the window's action, the reconcile offer). The fixture is runsviewtest.h. This
// main runs them in turn; the suite fails when any part fails.

#include "runsviewtest.h"

#include <QApplication>

int main(int argc, char *argv[])
{
    // What QTEST_MAIN does for a widgets test.
    QApplication app(argc, argv);
    QApplication::setAttribute(Qt::AA_Use96Dpi, true);
    QTEST_SET_MAIN_SOURCE_PATH
    int failed = 0;
    for (auto make :
         {RunsViewTest::newPageTest, RunsViewTest::newReleaseTest, RunsViewTest::newCoordinatorTest}) {
        const std::unique_ptr<QObject> part = make();
        failed |= QTest::qExec(part.get(), argc, argv);
    }
    return failed;
}
