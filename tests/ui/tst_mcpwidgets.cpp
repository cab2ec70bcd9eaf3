// The widgets of the Inspect and Data tabs: the JSON tree over a dump, the form built from a tool's input
// schema (over real tools' schemas in tests/data/mcp), and the view of a tool's result, and the Inspect
// page over a real MCP server. One executable (CI cost), its test classes in one file per widget:
// tst_jsontree.cpp, tst_schemaform.cpp, tst_toolresultview.cpp, tst_inspectpage.cpp. This main runs them
// in turn; the suite fails when any part fails.

#include "mcpwidgetstest.h"

#include <QApplication>
#include <QStyleFactory>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    // What QTEST_MAIN does for a widgets test.
    QApplication app(argc, argv);
    QApplication::setAttribute(Qt::AA_Use96Dpi, true);
    QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
    QTEST_SET_MAIN_SOURCE_PATH
    int failed = 0;
    for (auto make : {McpWidgetsTest::newJsonTreeTest, McpWidgetsTest::newSchemaFormTest,
                      McpWidgetsTest::newToolResultViewTest, McpWidgetsTest::newInspectPageTest}) {
        const std::unique_ptr<QObject> part = make();
        failed |= QTest::qExec(part.get(), argc, argv);
    }
    return failed;
}
