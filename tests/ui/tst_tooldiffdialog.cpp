// ToolDiffDialog over the emulator's real github tool sets: two sandboxes acquired for different benchmarks,
// the Inspect tab's "list from before" against a sandbox, a saved list file, and a file that cannot be read;
// screenshots at 800x500 and 1280x780.

#include "../mcp/githubtoolsets.h"
#include "common/jsondiffview.h"
#include "emulator/emulatorserver.h"
#include "inspector/tooldiffdialog.h"
#include "mcp/mcpcall.h"
#include "mcp/mcpclient.h"
#include "mcp/toollistfile.h"
#include "session/mcpinspector.h"

#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <memory>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

class TestToolDiffDialog final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<TestClient> m_client;
    std::unique_ptr<McpInspector> m_inspector;
    QUrl m_plain;
    QUrl m_atlas;
    QUrl m_toolathlon;
    QList<McpTool> m_plainTools;

    QUrl acquire(const QString &benchmark) { return GithubToolSets::acquire(*m_client, benchmark); }
    QList<McpTool> listTools(const QUrl &url) { return GithubToolSets::listTools(*m_client, url, this); }
    QStringList writeToolNames() const { return GithubToolSets::writeToolNames(m_plainTools); }

    std::unique_ptr<ToolDiffDialog> makeDialog()
    {
        if (!m_inspector)
            m_inspector = std::make_unique<McpInspector>(&m_client->nam());
        auto dialog = std::make_unique<ToolDiffDialog>(m_inspector.get());
        dialog->addSandbox(u"github (no benchmark)"_s, m_plain);
        dialog->addSandbox(u"github (MCP_Atlas)"_s, m_atlas);
        dialog->addSandbox(u"github (Toolathlon)"_s, m_toolathlon);
        return dialog;
    }

    static bool compareAndWait(ToolDiffDialog &dialog)
    {
        QSignalSpy compared(&dialog, &ToolDiffDialog::compared);
        QSignalSpy failed(&dialog, &ToolDiffDialog::failed);
        QTest::mouseClick(dialog.compareButton(), Qt::LeftButton);
        return QTest::qWaitFor([&] { return !compared.isEmpty() || !failed.isEmpty(); }, 15000) &&
               !compared.isEmpty();
    }

    static QStringList rows(const QTreeWidget *tree)
    {
        QStringList lines;
        for (int i = 0; i < tree->topLevelItemCount(); ++i)
            lines << tree->topLevelItem(i)->text(0) + u" | "_s + tree->topLevelItem(i)->text(1);
        return lines;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_server = std::make_unique<Emulator::EmulatorServer>();
        QVERIFY(m_server->listen());
        m_client = std::make_unique<TestClient>(m_server->apiBaseUrl());
        m_plain = acquire({});
        m_atlas = acquire(u"MCP_Atlas"_s);
        m_toolathlon = acquire(u"Toolathlon"_s);
        m_plainTools = listTools(m_plain);
        QVERIFY(writeToolNames().contains(u"create_issue"_s));
    }

    void cleanupTestCase()
    {
        m_inspector.reset();
        m_client.reset();
        m_server.reset();
    }

    void twoSandboxesForDifferentBenchmarks()
    {
        auto dialog = makeDialog();
        dialog->setSandbox(ToolDiffDialog::Side::A, 0);
        dialog->setSandbox(ToolDiffDialog::Side::B, 1);
        dialog->show();
        QVERIFY(compareAndWait(*dialog));
        QCOMPARE(dialog->result()->removed(), writeToolNames());
        QStringList expected;
        for (const QString &name : writeToolNames())
            expected << name + u" | only in A"_s;
        QCOMPARE(rows(dialog->toolTree()), expected);
        QVERIFY2(dialog->summaryText().contains(u"%1 tool"_s.arg(writeToolNames().size())) &&
                     dialog->summaryText().contains(u"only in A"_s),
                 qPrintable(dialog->summaryText()));
        dialog->selectTool(u"create_issue"_s);
        // A tool only in A is shown member by member, as removed.
        QStringList paths;
        for (const auto &difference : dialog->detailView()->differences()) {
            QCOMPARE(difference.kind, JsonDifference::Kind::Removed);
            paths << difference.path;
        }
        QVERIFY2(paths.contains(u"$.name"_s) && paths.contains(u"$.inputSchema"_s) &&
                     paths.contains(u"$.description"_s),
                 qPrintable(paths.join(u' ')));
        QVERIFY(dialog->compareButton()->isEnabled());
    }

    void listFromBeforeAgainstASandbox()
    {
        auto dialog = makeDialog();
        dialog->setGivenList(ToolDiffDialog::Side::A, u"Before reset"_s, m_plainTools);
        dialog->setSandbox(ToolDiffDialog::Side::B, 2);
        dialog->show();
        QVERIFY(compareAndWait(*dialog));
        QCOMPARE(dialog->toolTree()->topLevelItemCount(), writeToolNames().size());
        for (int i = 0; i < dialog->toolTree()->topLevelItemCount(); ++i)
            QCOMPARE(dialog->toolTree()->topLevelItem(i)->text(1), u"changed: description"_s);
        dialog->selectTool(u"create_issue"_s);
        const auto &details = dialog->detailView()->differences();
        QCOMPARE(details.size(), 1);
        QCOMPARE(details.first().path, u"$.description"_s);
        QVERIFY(details.first().newValue.toString().contains(u"Toolathlon grades"_s));
        QCOMPARE(dialog->detailView()->visibleRowCount(), 1);

        // B's list saved reads back as the list the sandbox serves.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(u"toolathlon.json"_s);
        QVERIFY(dialog->saveButton(ToolDiffDialog::Side::B)->isEnabled());
        QSignalSpy saved(dialog.get(), &ToolDiffDialog::saved);
        dialog->saveList(ToolDiffDialog::Side::B, path);
        QVERIFY(saved.wait(10000));
        QString problem;
        const auto read = ToolListFile::read(path, &problem);
        QVERIFY2(read, qPrintable(problem));
        QVERIFY(ToolListDiff::compare(*read, listTools(m_toolathlon)).isSame());
        QVERIFY(!ToolListDiff::compare(*read, m_plainTools).isSame());
    }

    void savedFileAgainstItsSandbox()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(u"tools.json"_s);
        QString problem;
        QVERIFY2(ToolListFile::write(path, m_plainTools, &problem), qPrintable(problem));
        auto dialog = makeDialog();
        dialog->setFile(ToolDiffDialog::Side::A, path);
        dialog->setSandbox(ToolDiffDialog::Side::B, 0);
        QVERIFY(compareAndWait(*dialog));
        QVERIFY(dialog->result()->isSame());
        // Untranslated, %n reads "tool(s)"; the English translation makes it "tools".
        QVERIFY2(dialog->summaryText().startsWith(
                     u"The tool lists are the same (%1 tool"_s.arg(m_plainTools.size())),
                 qPrintable(dialog->summaryText()));
        QCOMPARE(dialog->toolTree()->topLevelItemCount(), 0);
    }

    void aFileThatCannotBeReadIsSaid()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto dialog = makeDialog();
        dialog->setFile(ToolDiffDialog::Side::A, dir.filePath(u"missing.json"_s));
        dialog->setSandbox(ToolDiffDialog::Side::B, 0);
        QSignalSpy failed(dialog.get(), &ToolDiffDialog::failed);
        QVERIFY(!compareAndWait(*dialog));
        QCOMPARE(failed.size(), 1);
        QVERIFY2(dialog->statusLabel()->text().startsWith(u"cannot read "_s),
                 qPrintable(dialog->statusLabel()->text()));
        QVERIFY(dialog->compareButton()->isEnabled());
        QVERIFY(!dialog->result());
        QVERIFY(!dialog->saveButton(ToolDiffDialog::Side::A)->isEnabled());
        // No sandbox chosen is said before anything is sent.
        McpInspector inspector(&m_client->nam());
        ToolDiffDialog empty(&inspector);
        QVERIFY(!compareAndWait(empty));
        QVERIFY2(empty.statusLabel()->text().contains(u"Choose a sandbox"_s),
                 qPrintable(empty.statusLabel()->text()));
    }

    void screenshots_data()
    {
        QTest::addColumn<int>("sandbox");
        QTest::addColumn<QString>("name");
        QTest::newRow("removed") << 1 << u"tooldiff-removed"_s;
        QTest::newRow("changed") << 2 << u"tooldiff-changed"_s;
    }

    void screenshots()
    {
        QFETCH(int, sandbox);
        QFETCH(QString, name);
        QDir().mkpath(QStringLiteral(SANDBOXDECK_SCREENSHOT_DIR));
        auto dialog = makeDialog();
        dialog->setGivenList(ToolDiffDialog::Side::A, u"Before reset"_s, m_plainTools);
        dialog->setSandbox(ToolDiffDialog::Side::B, sandbox);
        dialog->show();
        QVERIFY(compareAndWait(*dialog));
        for (const QSize size : {QSize(800, 500), QSize(1280, 780)}) {
            dialog->resize(size);
            QCoreApplication::processEvents();
            QVERIFY(dialog->toolTree()->height() >= 3 * dialog->toolTree()->sizeHintForRow(0));
            for (const QPushButton *button :
                 {dialog->compareButton(), dialog->saveButton(ToolDiffDialog::Side::A),
                  dialog->saveButton(ToolDiffDialog::Side::B)})
                QVERIFY(button->width() >= button->sizeHint().width());
            QVERIFY(dialog->grab().toImage().save(QStringLiteral(SANDBOXDECK_SCREENSHOT_DIR) + u'/' + name +
                                                  u'-' + QString::number(size.width()) + u'x' +
                                                  QString::number(size.height()) + u".png"_s));
        }
    }
};

QTEST_MAIN(TestToolDiffDialog)
#include "tst_tooldiffdialog.moc"
