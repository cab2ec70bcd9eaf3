// The Data tab over the in-process emulator through real HTTP: dump, initialize (checked before sending, and
// the server's 422), an MCP tool call that the dump then shows, reset, and the structural diff of dumps. One
// executable (CI cost), its test classes in one file per subject: tst_sandboxdatachecks.cpp,
// tst_sandboxdatadump.cpp, tst_sandboxdatadiff.cpp; the fixture is sandboxdatatest.h. This main runs them in
// turn (the dump's screenshots last, as they leave the theme set); the suite fails when any part fails.

#include "sandboxdatatest.h"

#include <QApplication>

int main(int argc, char *argv[])
{
    // What QTEST_MAIN does for a widgets test.
    QApplication app(argc, argv);
    QApplication::setAttribute(Qt::AA_Use96Dpi, true);
    QTEST_SET_MAIN_SOURCE_PATH
    int failed = 0;
    for (auto make :
         {SandboxDataTest::newChecksTest, SandboxDataTest::newDiffTest, SandboxDataTest::newDumpTest}) {
        const std::unique_ptr<QObject> part = make();
        failed |= QTest::qExec(part.get(), argc, argv);
    }
    return failed;
}
