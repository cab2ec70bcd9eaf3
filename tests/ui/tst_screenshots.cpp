// Writes PNGs of the main views on the demo backend, in a light and a dark palette, into
// <build>/screenshots, for the README and for looking at. It fails when a view cannot be shown or its
// picture comes out blank. One executable (CI cost) in parts (see screenshotstest.h); this main runs them in
// turn, and the suite fails when any part fails.

#include "screenshotstest.h"

#include <QApplication>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    // What QTEST_MAIN does for a widgets test.
    QApplication app(argc, argv);
    QApplication::setAttribute(Qt::AA_Use96Dpi, true);
    QTEST_SET_MAIN_SOURCE_PATH
    QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
    if (!QDir().mkpath(ScreenshotsTest::outputDir()))
        return 1;
    int failed = 0;
    for (auto make :
         {ScreenshotsTest::newViewsTest, ScreenshotsTest::newSizesTest, ScreenshotsTest::newDialogsTest}) {
        const std::unique_ptr<QObject> part = make();
        failed |= QTest::qExec(part.get(), argc, argv);
    }
    return failed;
}
