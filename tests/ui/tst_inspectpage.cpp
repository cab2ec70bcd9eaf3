// Part of tst_mcpwidgets (one executable, see tst_mcpwidgets.cpp). InspectPage against a real MCP server on
// loopback (tests/mcp/awkwardmcpserver.h): connect, list, call, the protocol log.

#include "../mcp/awkwardmcpserver.h"
#include "common/errorcolour.h"
#include "common/jsontextedit.h"
#include "common/jsontreeview.h"
#include "inspector/inspectpage.h"
#include "inspector/schemafield.h"
#include "inspector/schemaform.h"
#include "inspector/schemalisteditor.h"
#include "inspector/toolresultview.h"
#include "mcp/mcpclient.h"
#include "mcp/mcpresultdecoder.h"
#include "mcpwidgetstest.h"
#include "models/jsontreemodel.h"
#include "models/mcpexchangelogmodel.h"
#include "models/mcptoollistmodel.h"
#include "preferences/themeapplier.h"
#include "session/mcpinspector.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QBuffer>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStyleFactory>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>

using namespace Qt::StringLiterals;
using namespace McpWidgetsTest;

class TestInspectPage final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(QDir().mkpath(screenshotDir())); }
    void cleanup() { ThemeApplier::apply(ThemeSetting::Theme::Light); }

    // Connect lists 500 tools with the window responsive; search, hints, the form, a call and its result;
    // the arguments remembered per tool; the protocol log and copy as curl without secrets unless asked.
    void inspectConnectsListsAndCalls()
    {
        AwkwardMcpServer server;
        server.tools = AwkwardMcpServer::sampleTools(500);
        server.tools.append(echoTool());
        server.tools.append(
            QJsonObject{{u"name"_s, u"fail"_s}, {u"inputSchema"_s, QJsonObject{{u"type"_s, u"object"_s}}}});
        server.pageSize = 100;
        QNetworkAccessManager network;
        McpInspector inspector(&network);
        InspectPage page(&inspector);
        page.resize(1280, 780);
        page.show();
        QUrl url = server.url();
        url.setQuery(u"instance=secret-instance"_s);
        page.setServer(url, u"sekrit-token"_s);
        QSignalSpy listed(&page, &InspectPage::toolsListed);
        int ticks = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, [&ticks] { ++ticks; });
        ticker.start(10);
        QElapsedTimer clock;
        clock.start();
        page.connectButton()->click();
        QVERIFY(listed.wait(20000));
        const qint64 listMs = clock.elapsed();
        QCOMPARE(listed.first().at(0).toInt(), 502);
        QCOMPARE(page.toolModel()->rowCount(), 502);
        QVERIFY(page.serverLabel()->text().contains(u"Awkward server 1.2.3 · protocol 2025-11-25"_s));
        // The instructions are there, folded away until asked for.
        QCOMPARE(page.instructionsLabel()->text(), u"Be patient."_s);
        QVERIFY(!page.instructionsLabel()->isVisibleTo(&page));
        auto *toggle = page.findChild<QToolButton *>(u"inspectInstructionsToggle"_s);
        QVERIFY(toggle && toggle->isVisibleTo(&page));
        toggle->click();
        QVERIFY(page.instructionsLabel()->isVisibleTo(&page));
        qInfo("Connect to 502 tools listed (6 pages): %lld ms, %d timer ticks meanwhile", listMs, ticks);
        // About 40 ms here: the bound catches a blow-up (a page asked for twice, a wait between pages), not
        // speed.
        QVERIFY2(listMs < 2000, qPrintable(QString::number(listMs)));

        // Search and the hints.
        QTest::keyClicks(page.toolSearch(), u"delete_"_s);
        QVERIFY(page.toolProxy()->rowCount() > 0 && page.toolProxy()->rowCount() < 502);
        QCOMPARE(page.toolProxy()
                     ->index(0, McpToolListModel::AnnotationsColumn)
                     .data(McpToolListModel::AnnotationsRole)
                     .toStringList(),
                 QStringList{u"destructive"_s});
        page.toolSearch()->clear();

        // The form refuses to send a missing required argument and says where.
        QVERIFY(page.selectTool(u"echo"_s));
        SchemaField *text = page.form()->field(u"text"_s);
        QVERIFY(text);
        page.callButton()->click();
        QCOMPARE(text->problemLabel()->text(), u"required"_s);
        QTest::keyClicks(qobject_cast<QLineEdit *>(text->editor()), u"hello sandbox"_s);
        QSignalSpy called(&page, &InspectPage::callFinished);
        page.callButton()->click();
        QVERIFY(called.wait(10000));
        // One call reached the server, the one with its argument: the refused one, sent before, never went
        // out.
        QCOMPARE(server.requests(u"tools/call"_s).size(), 1);
        QCOMPARE(server.requests(u"tools/call"_s).first().json.value(u"params"_s)[u"arguments"_s].toObject(),
                 (QJsonObject{{u"text"_s, u"hello sandbox"_s}}));
        QCOMPARE(qobject_cast<QPlainTextEdit *>(page.resultView()->blockWidgets().at(0))->toPlainText(),
                 u"hello sandbox"_s);
        QVERIFY(page.resultView()->structuredView()->isVisibleTo(&page));

        // Another tool and back: what was typed and what came back are still there.
        QVERIFY(page.selectTool(u"fail"_s));
        QVERIFY(page.form()->fields().isEmpty());
        page.callButton()->click();
        QVERIFY(called.wait(10000));
        QVERIFY(page.resultView()->isError());
        QVERIFY(page.selectTool(u"echo"_s));
        QCOMPARE(qobject_cast<QLineEdit *>(page.form()->field(u"text"_s)->editor())->text(),
                 u"hello sandbox"_s);

        // The log: every request with its status and time; a click shows both bodies.
        QStringList methods;
        for (int row = 0; row < page.logModel()->rowCount(); ++row)
            methods.append(page.logModel()->index(row, McpExchangeLogModel::MethodColumn).data().toString());
        QCOMPARE(methods.mid(0, 3),
                 (QStringList{u"initialize"_s, u"notifications/initialized"_s, u"tools/list"_s}));
        QCOMPARE(methods.count(u"tools/list"_s), 6);
        QCOMPARE(methods.count(u"tools/call"_s), 2);
        const int last = page.logModel()->rowCount() - 1;
        QCOMPARE(page.logModel()->index(last, McpExchangeLogModel::StatusColumn).data().toInt(), 200);
        QVERIFY(page.logModel()
                    ->index(last, McpExchangeLogModel::TimeColumn)
                    .data()
                    .toString()
                    .endsWith(u" ms"_s));
        page.logView()->setCurrentIndex(page.logModel()->index(last, 0));
        const QString details = page.logDetails()->toPlainText();
        QVERIFY(details.contains(u"\"name\": \"fail\""_s));
        QVERIFY(details.contains(u"HTTP 200"_s));
        QVERIFY(details.contains(u"\"isError\": true"_s));
        // Secrets stay out of the log and of a plain copy.
        QVERIFY(!details.contains(u"sekrit-token"_s) && !details.contains(u"secret-instance"_s));
        const QString curl = page.curlForSelected(false);
        QVERIFY2(curl.startsWith(u"curl "_s), qPrintable(curl));
        QVERIFY(curl.contains(u"$MCP_TOKEN"_s));
        QVERIFY(!curl.contains(u"sekrit-token"_s) && !curl.contains(u"secret-instance"_s));
        const QString full = page.curlForSelected(true);
        QVERIFY(full.contains(u"sekrit-token"_s) && full.contains(u"secret-instance"_s));

        // A call the server answers with a JSON-RPC error shows as a failure.
        server.tools.append(QJsonObject{{u"name"_s, u"rpcerror"_s}, {u"inputSchema"_s, QJsonObject{}}});
        page.connectButton()->click();
        QVERIFY(listed.wait(20000));
        QVERIFY(page.selectTool(u"rpcerror"_s));
        page.callButton()->click();
        QVERIFY(called.wait(10000));
        QVERIFY(page.resultView()->isError());
        QVERIFY(page.resultView()->headline()->text().contains(u"Unknown tool: rpcerror"_s));
    }

    void inspectSaysWhyItCannotConnect()
    {
        QNetworkAccessManager network;
        McpInspector inspector(&network);
        InspectPage page(&inspector);
        QSignalSpy listed(&page, &InspectPage::toolsListed);
        // Plain http to a host that is not loopback: refused before anything is sent.
        page.setServer(QUrl(u"http://example.com/mcp"_s));
        page.connectButton()->click();
        QVERIFY(QTest::qWaitFor([&page] { return page.connectButton()->isEnabled(); }, 10000));
        QVERIFY2(page.statusLabel()->text().startsWith(u"Could not connect"_s),
                 qPrintable(page.statusLabel()->text()));
        QCOMPARE(page.statusLabel()->palette().color(QPalette::WindowText), ErrorColour::on(page.palette()));
        QVERIFY(listed.isEmpty());
    }

    void inspectScreenshots_data() { sizesAndThemes(); }
    void inspectScreenshots()
    {
        QFETCH(QString, theme);
        QFETCH(QSize, size);
        applyTheme(theme);
        AwkwardMcpServer server;
        server.tools = AwkwardMcpServer::sampleTools(40);
        server.tools.prepend(echoTool());
        QNetworkAccessManager network;
        McpInspector inspector(&network);
        InspectPage page(&inspector);
        page.resize(size);
        page.show();
        page.setServer(server.url());
        QSignalSpy listed(&page, &InspectPage::toolsListed);
        page.connectButton()->click();
        QVERIFY(listed.wait(20000));
        QVERIFY(page.selectTool(u"echo"_s));
        QTest::keyClicks(qobject_cast<QLineEdit *>(page.form()->field(u"text"_s)->editor()), u"hello"_s);
        QSignalSpy called(&page, &InspectPage::callFinished);
        page.callButton()->click();
        QVERIFY(called.wait(10000));
        page.logView()->setCurrentIndex(page.logModel()->index(page.logModel()->rowCount() - 1, 0));
        save(&page, u"mcp-inspect-%1-%2x%3"_s.arg(theme).arg(size.width()).arg(size.height()));
    }
};

std::unique_ptr<QObject> McpWidgetsTest::newInspectPageTest()
{
    return std::make_unique<TestInspectPage>();
}

#include "tst_inspectpage.moc"
