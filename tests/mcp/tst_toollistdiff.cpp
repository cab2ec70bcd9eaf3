// ToolListDiff and ToolListFile over the emulator's real github tool sets (no benchmark, MCP_Atlas with the
// write tools hidden, Toolathlon with them re-described), listed by the MCP client over loopback, and over
// hand-made schema changes; saved lists in every accepted shape and hostile ones.

#include "emulator/emulatorserver.h"
#include "githubtoolsets.h"
#include "mcp/mcpcall.h"
#include "mcp/mcpclient.h"
#include "mcp/toollistdiff.h"
#include "mcp/toollistfile.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

namespace {

const QString toolathlonNote = u" Toolathlon grades the task from the sandbox's dump after this call."_s;

McpTool toolFrom(const QJsonObject &raw)
{
    QString problem;
    const auto tools = ToolListFile::parse(QJsonDocument(QJsonArray{raw}).toJson(), &problem);
    if (!tools)
        qFatal("%s", qPrintable(problem));
    return tools->first();
}

McpTool *findTool(QList<McpTool> &tools, const QString &name)
{
    for (McpTool &tool : tools) {
        if (tool.name == name)
            return &tool;
    }
    return nullptr;
}

// "path kind" of each difference, for compact comparisons.
QStringList describe(const QList<JsonDifference> &differences)
{
    QStringList lines;
    for (const auto &difference : differences)
        lines << difference.path + u' ' + JsonDifference::kindName(difference.kind);
    return lines;
}

} // namespace

class TestToolListDiff final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<TestClient> m_client;
    QList<McpTool> m_plain;      // github acquired for no benchmark
    QList<McpTool> m_atlas;      // for MCP_Atlas
    QList<McpTool> m_toolathlon; // for Toolathlon
    QList<McpTool> m_plainAgain; // a second sandbox for no benchmark

    QUrl acquire(const QString &benchmark) { return GithubToolSets::acquire(*m_client, benchmark); }
    QList<McpTool> listTools(const QUrl &url) { return GithubToolSets::listTools(*m_client, url, this); }
    QStringList writeToolNames() const { return GithubToolSets::writeToolNames(m_plain); }

private Q_SLOTS:
    void initTestCase()
    {
        m_server = std::make_unique<Emulator::EmulatorServer>();
        QVERIFY(m_server->listen());
        m_client = std::make_unique<TestClient>(m_server->apiBaseUrl());
        m_plain = listTools(acquire({}));
        m_atlas = listTools(acquire(u"MCP_Atlas"_s));
        m_toolathlon = listTools(acquire(u"Toolathlon"_s));
        m_plainAgain = listTools(acquire({}));
        QVERIFY(findTool(m_plain, u"create_issue"_s));
        QVERIFY(writeToolNames().size() >= 2);
    }

    void cleanupTestCase()
    {
        m_client.reset();
        m_server.reset();
    }

    void sameBenchmarkTwoSandboxesAreTheSame()
    {
        const ToolListDiff diff = ToolListDiff::compare(m_plain, m_plainAgain);
        QVERIFY(diff.isSame());
        QCOMPARE(diff.unchangedCount(), m_plain.size());
        QVERIFY(!diff.isTruncated());
        QCOMPARE(diff.toJson()[u"same"_s].toBool(), true);
    }

    void mcpAtlasHidesTheWriteTools()
    {
        const ToolListDiff diff = ToolListDiff::compare(m_plain, m_atlas);
        QVERIFY(!diff.isSame());
        QCOMPARE(diff.removed(), writeToolNames());
        QVERIFY(diff.removed().contains(u"create_issue"_s));
        QVERIFY(diff.added().isEmpty());
        QVERIFY(diff.changed().isEmpty());
        QCOMPARE(diff.unchangedCount(), m_plain.size() - writeToolNames().size());

        // The other way round the same tools are additions.
        const ToolListDiff back = ToolListDiff::compare(m_atlas, m_plain);
        QCOMPARE(back.added(), writeToolNames());
        QVERIFY(back.removed().isEmpty());
    }

    void toolathlonRedescribesTheWriteTools()
    {
        const ToolListDiff diff = ToolListDiff::compare(m_plain, m_toolathlon);
        QVERIFY(diff.added().isEmpty());
        QVERIFY(diff.removed().isEmpty());
        QStringList changed;
        for (const auto &change : diff.changed()) {
            changed << change.name;
            QCOMPARE(change.partNames(), QStringList{u"description"_s});
            const auto &differences = change.parts.first().differences;
            QCOMPARE(describe(differences), QStringList{u"$.description changed"_s});
            QVERIFY(differences.first().newValue.toString().endsWith(toolathlonNote));
            QCOMPARE(differences.first().newValue.toString(),
                     differences.first().oldValue.toString() + toolathlonNote);
        }
        QCOMPARE(changed, writeToolNames());
        const QJsonObject json = diff.toJson();
        QCOMPARE(json[u"changed"_s][0][u"parts"_s][0][u"differences"_s][0][u"path"_s].toString(),
                 u"$.description"_s);
        QCOMPARE(json[u"changed"_s][0][u"parts"_s][0][u"part"_s].toString(), u"description"_s);
    }

    void handMadeSchemaChanges()
    {
        QList<McpTool> after = m_plain;
        McpTool *tool = findTool(after, u"create_issue"_s);
        QJsonObject raw = tool->raw;
        QJsonObject input = raw[u"inputSchema"_s].toObject();
        QJsonObject properties = input[u"properties"_s].toObject();
        QVERIFY(properties.contains(u"title"_s));
        QVERIFY(properties.contains(u"body"_s));
        QJsonObject title = properties[u"title"_s].toObject();
        title[u"type"_s] = u"integer"_s;
        properties[u"title"_s] = title;
        properties.remove(u"body"_s);
        properties.insert(u"assignee"_s, QJsonObject{{u"type"_s, u"string"_s}});
        input[u"properties"_s] = properties;
        raw[u"inputSchema"_s] = input;
        QJsonObject annotations = raw[u"annotations"_s].toObject();
        annotations[u"destructiveHint"_s] = !annotations[u"destructiveHint"_s].toBool();
        raw[u"annotations"_s] = annotations;
        raw.remove(u"outputSchema"_s);
        raw.insert(u"_meta"_s, QJsonObject{{u"version"_s, 2}});
        *tool = toolFrom(raw);

        const ToolListDiff diff = ToolListDiff::compare(m_plain, after);
        QCOMPARE(diff.changed().size(), 1);
        const auto *change = diff.change(u"create_issue"_s);
        QVERIFY(change);
        const bool hadOutput = !findTool(m_plain, u"create_issue"_s)->outputSchema.isEmpty();
        QStringList parts{u"inputSchema"_s};
        if (hadOutput)
            parts << u"outputSchema"_s;
        parts << u"annotations"_s << u"other"_s;
        QCOMPARE(change->partNames(), parts);
        QStringList inputDifferences;
        for (const auto &part : change->parts) {
            if (part.part == u"inputSchema")
                inputDifferences = describe(part.differences);
            if (part.part == u"outputSchema")
                QCOMPARE(describe(part.differences), QStringList{u"$.outputSchema removed"_s});
            if (part.part == u"annotations")
                QCOMPARE(describe(part.differences), QStringList{u"$.annotations.destructiveHint changed"_s});
            if (part.part == u"other")
                QCOMPARE(describe(part.differences), QStringList{u"$._meta added"_s});
        }
        inputDifferences.sort();
        QCOMPARE(inputDifferences, (QStringList{u"$.inputSchema.properties.assignee added"_s,
                                                u"$.inputSchema.properties.body removed"_s,
                                                u"$.inputSchema.properties.title.type changed"_s}));
    }

    // 500 tools of github's shapes, every one's description and schema changed: the diff stays well under
    // the time a person waits for a dialog (the figure is printed; the bound is loose for a loaded CI box).
    void fiveHundredToolsCompareQuickly()
    {
        QList<McpTool> before;
        QList<McpTool> after;
        for (int i = 0; i < 500; ++i) {
            QJsonObject raw = m_plain.at(i % m_plain.size()).raw;
            raw[u"name"_s] = u"tool_%1"_s.arg(i);
            before << toolFrom(raw);
            raw[u"description"_s] = QString(raw[u"description"_s].toString() + u" (v2)"_s);
            QJsonObject input = raw[u"inputSchema"_s].toObject();
            input[u"x-version"_s] = 2;
            raw[u"inputSchema"_s] = input;
            after << toolFrom(raw);
        }
        QElapsedTimer timer;
        timer.start();
        const ToolListDiff diff = ToolListDiff::compare(before, after);
        const qint64 elapsed = timer.elapsed();
        qInfo("500 tools, all changed: compared in %lld ms", elapsed);
        QCOMPARE(diff.changed().size(), 500);
        QCOMPARE(diff.changed().first().partNames(), (QStringList{u"description"_s, u"inputSchema"_s}));
        QVERIFY(elapsed < 2000);
    }

    void renameIsARemovalAndAnAddition()
    {
        QList<McpTool> after = m_plain;
        McpTool *tool = findTool(after, u"list_issues"_s);
        QVERIFY(tool);
        QJsonObject raw = tool->raw;
        raw[u"name"_s] = u"search_issues"_s;
        *tool = toolFrom(raw);
        const ToolListDiff diff = ToolListDiff::compare(m_plain, after);
        QCOMPARE(diff.removed(), QStringList{u"list_issues"_s});
        QCOMPARE(diff.added(), QStringList{u"search_issues"_s});
        QVERIFY(diff.changed().isEmpty());
    }

    void absentAndEmptyPartsDiffer()
    {
        const McpTool without = toolFrom(QJsonObject{{u"name"_s, u"t"_s}, {u"inputSchema"_s, QJsonObject()}});
        const McpTool withEmpty = toolFrom(QJsonObject{
            {u"name"_s, u"t"_s}, {u"inputSchema"_s, QJsonObject()}, {u"outputSchema"_s, QJsonObject()}});
        const ToolListDiff diff = ToolListDiff::compare({without}, {withEmpty});
        QCOMPARE(diff.changed().size(), 1);
        QCOMPARE(describe(diff.changed().first().parts.first().differences),
                 QStringList{u"$.outputSchema added"_s});
        // Built in code (no raw JSON): the decoded fields are compared.
        McpTool built;
        built.name = u"t"_s;
        built.description = u"one"_s;
        McpTool rebuilt = built;
        rebuilt.description = u"two"_s;
        QCOMPARE(
            describe(ToolListDiff::compare({built}, {rebuilt}).changed().first().parts.first().differences),
            QStringList{u"$.description changed"_s});
    }

    void duplicateNamesKeepTheFirst()
    {
        const McpTool first = toolFrom(QJsonObject{{u"name"_s, u"t"_s}, {u"description"_s, u"a"_s}});
        const McpTool second = toolFrom(QJsonObject{{u"name"_s, u"t"_s}, {u"description"_s, u"b"_s}});
        const ToolListDiff diff = ToolListDiff::compare({first, second}, {first});
        QVERIFY(diff.isSame());
        QCOMPARE(diff.duplicates(), QStringList{u"t"_s});
    }

    void savedListRoundTripsAndCompares()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(u"github.json"_s);
        QString problem;
        QVERIFY2(ToolListFile::write(path, m_toolathlon, &problem), qPrintable(problem));
        const auto read = ToolListFile::read(path, &problem);
        QVERIFY2(read, qPrintable(problem));
        QVERIFY(ToolListDiff::compare(m_toolathlon, *read).isSame());
        QCOMPARE(ToolListDiff::compare(m_plain, *read).changed().size(), writeToolNames().size());
    }

    void savedListShapes_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("mcp tools --json")
            << QByteArray("[{\"name\":\"a\"},{\"name\":\"b\",\"description\":\"x\"}]");
        QTest::newRow("tools/list result")
            << QByteArray("{\"tools\":[{\"name\":\"a\"},{\"name\":\"b\",\"description\":\"x\"}]}");
        QTest::newRow("JSON-RPC reply")
            << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[{\"name\":\"a\"},{\"name\":"
                          "\"b\",\"description\":\"x\"}]}}");
    }

    void savedListShapes()
    {
        QFETCH(QByteArray, json);
        QString problem;
        const auto tools = ToolListFile::parse(json, &problem);
        QVERIFY2(tools, qPrintable(problem));
        QCOMPARE(tools->size(), 2);
        QCOMPARE(tools->at(1).name, u"b"_s);
        QCOMPARE(tools->at(1).description, u"x"_s);
    }

    void hostileSavedLists_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("problem");
        QTest::newRow("not JSON") << QByteArray("{\"tools\": [") << u"is not JSON"_s;
        QTest::newRow("an object without tools") << QByteArray("{\"data\": {}}") << u"neither a tool list"_s;
        QTest::newRow("tools not an array") << QByteArray("{\"tools\": {\"a\": 1}}") << u"is not an array"_s;
        QTest::newRow("a tool without a name") << QByteArray("[{\"name\":\"a\"},{\"title\":\"b\"}]")
                                               << u"tool 1 (counting from 0) has no name"_s;
        QTest::newRow("a name that is a number")
            << QByteArray("[{\"name\":7}]") << u"tool 0 (counting from 0) has no name"_s;
        QTest::newRow("a tool that is a string")
            << QByteArray("[\"a\"]") << u"tool 0 (counting from 0) is not a JSON object"_s;
    }

    void hostileSavedLists()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, problem);
        QString found;
        QVERIFY(!ToolListFile::parse(json, &found));
        QVERIFY2(found.contains(problem), qPrintable(found));
    }

    void tooManyToolsAreRefused()
    {
        QByteArray json = "[";
        for (qsizetype i = 0; i <= ToolListFile::maxTools; ++i)
            json += i == 0 ? "{\"name\":\"t\"}" : ",{\"name\":\"t\"}";
        json += ']';
        QString problem;
        QVERIFY(!ToolListFile::parse(json, &problem));
        QVERIFY2(problem.contains(u"more than the 100000 accepted"_s), qPrintable(problem));
    }

    void filesThatCannotBeRead()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QString problem;
        QVERIFY(!ToolListFile::read(dir.path(), &problem));
        QVERIFY2(problem.contains(u"is a folder"_s), qPrintable(problem));
        QVERIFY(!ToolListFile::read(dir.filePath(u"missing.json"_s), &problem));
        QVERIFY2(problem.startsWith(u"cannot read "_s), qPrintable(problem));

        const QString big = dir.filePath(u"big.json"_s);
        QFile file(big);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(ToolListFile::maxFileBytes + 1)); // sparse: no 64 MiB written
        file.close();
        QVERIFY(!ToolListFile::read(big, &problem));
        QVERIFY2(problem.contains(u"larger than 64 MiB"_s), qPrintable(problem));
        QVERIFY(problem.startsWith(big));
    }
};

QTEST_GUILESS_MAIN(TestToolListDiff)
#include "tst_toollistdiff.moc"
