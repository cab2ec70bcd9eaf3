// The widgets of the Inspect and Data tabs: the JSON tree over a dump, the form built from a tool's input
// schema (over real tools' schemas in tests/data/mcp), and the view of a tool's result.

#include "../mcp/awkwardmcpserver.h"
#include "controllers/themeapplier.h"
#include "mcp/mcpclient.h"
#include "mcp/mcpresultdecoder.h"
#include "models/jsontreemodel.h"
#include "models/mcpexchangelogmodel.h"
#include "models/mcptoollistmodel.h"
#include "pages/inspectpage.h"
#include "widgets/errorcolour.h"
#include "widgets/jsontextedit.h"
#include "widgets/jsontreeview.h"
#include "widgets/schemafield.h"
#include "widgets/schemaform.h"
#include "widgets/schemalisteditor.h"
#include "widgets/toolresultview.h"

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

namespace {

QJsonObject readJsonFile(const QString &relative)
{
    QFile file(QStringLiteral(SANDBOXDECK_TEST_DATA_DIR) + u"/mcp/"_s + relative);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QJsonObject sampleDump()
{
    const QByteArray text = "{\"repos\": [{\"name\": \"sandbox-demo\", \"private\": false, \"stars\": 12},"
                            " {\"name\": \"notes\", \"private\": true, \"stars\": null}],"
                            " \"odd key\": {\"say \\\"hi\\\"\": \"bell\\u0007 and\\nnewline\"},"
                            " \"owner\": \"octo\"}";
    return QJsonDocument::fromJson(text).object();
}

// A dump of about `megabytes` MB: issues with nested comments, the shape of a real tracker's dump.
QByteArray bigDump(int megabytes)
{
    QByteArray text = "{\"issues\": [";
    const QByteArray body(180, 'x');
    for (int i = 0; text.size() < megabytes * 1024 * 1024; ++i) {
        if (i > 0)
            text += ',';
        text += "{\"number\": " + QByteArray::number(i) + ", \"title\": \"Issue " + QByteArray::number(i) +
                "\", \"state\": \"open\", \"labels\": [\"bug\", \"p" + QByteArray::number(i % 4) +
                "\"], \"comments\": [{\"author\": \"a" + QByteArray::number(i % 97) + "\", \"body\": \"" +
                body + "\"}, {\"author\": \"b\", \"body\": \"" + body + "\"}]}";
    }
    text += "], \"needle\": \"the-one-string\"}";
    return text;
}

QJsonObject inputSchemaOf(const QString &relative)
{
    return readJsonFile(relative).value(u"inputSchema"_s).toObject();
}

QLineEdit *lineOf(SchemaForm &form, const QString &name)
{
    SchemaField *field = form.field(name);
    return field ? qobject_cast<QLineEdit *>(field->editor()) : nullptr;
}

// Types into a field's line as a user does (the form reacts to edits, not to setText).
void typeInto(SchemaForm &form, const QString &name, const QString &text)
{
    QLineEdit *line = lineOf(form, name);
    QVERIFY2(line, qPrintable(name));
    line->selectAll();
    QTest::keyClicks(line, text);
}

QByteArray pngOf(const QSize &size, const QColor &colour)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(colour);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

// A tools/call result as a server sends it (MCP 2025-06-18 "CallToolResult"), read by the core's decoder.
McpToolResult decodedResult(bool isError)
{
    const QJsonArray content{
        QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"Created issue #7\nbell\u0007 end"_s}},
        QJsonObject{{u"type"_s, u"image"_s},
                    {u"mimeType"_s, u"image/png"_s},
                    {u"data"_s, QString::fromLatin1(pngOf(QSize(600, 400), Qt::darkCyan).toBase64())}},
        QJsonObject{{u"type"_s, u"resource"_s},
                    {u"resource"_s, QJsonObject{{u"uri"_s, u"file:///workspace/notes.md"_s},
                                                {u"mimeType"_s, u"text/markdown"_s},
                                                {u"text"_s, u"# Notes\nfirst line"_s}}}},
        QJsonObject{{u"type"_s, u"resource_link"_s},
                    {u"uri"_s, u"https://example.com/issues/7"_s},
                    {u"name"_s, u"issue-7"_s},
                    {u"mimeType"_s, u"application/json"_s}},
    };
    return McpResultDecoder::toolResult(QJsonObject{
        {u"content"_s, content},
        {u"structuredContent"_s, QJsonObject{{u"number"_s, 7}, {u"labels"_s, QJsonArray{u"bug"_s}}}},
        {u"isError"_s, isError}});
}

bool hasContent(const QImage &image)
{
    const QRgb first = image.pixel(0, 0);
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            if (image.pixel(x, y) != first)
                return true;
    return false;
}

} // namespace

class TestMcpWidgets : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
        QVERIFY(QDir().mkpath(screenshotDir()));
    }

    void cleanup() { ThemeApplier::apply(ThemeSetting::Theme::Light); }

    // ---- JsonTreeModel ----

    void treeModelIsAValidModel()
    {
        JsonTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setJson(sampleDump());
        QCOMPARE(model.rowCount(), 3);
        // Keys in the order QJsonObject keeps them (sorted), the type and the preview beside each.
        QCOMPARE(model.index(0, JsonTreeModel::KeyColumn).data().toString(), u"odd key"_s);
        QCOMPARE(model.index(2, JsonTreeModel::KeyColumn).data().toString(), u"repos"_s);
        QCOMPARE(model.index(2, JsonTreeModel::TypeColumn).data().toString(), u"array"_s);
        QCOMPARE(model.index(2, JsonTreeModel::ValueColumn).data().toString(), u"[2]"_s);
        const QModelIndex repos = model.index(2, 0);
        const QModelIndex second = model.index(1, 0, repos);
        QCOMPARE(second.data().toString(), u"[1]"_s);
        QCOMPARE(model.index(2, JsonTreeModel::ValueColumn, second).data().toString(), u"null"_s);
        QCOMPARE(model.index(2, JsonTreeModel::TypeColumn, second).data().toString(), u"null"_s);
        QCOMPARE(model.index(0, JsonTreeModel::ValueColumn, second).data().toString(), u"notes"_s);
        QCOMPARE(model.index(1, JsonTreeModel::ValueColumn, second).data().toString(), u"true"_s);
        QCOMPARE(model.parent(model.index(0, 0, second)), second);
        QCOMPARE(model.parent(second), repos);
    }

    void pathOfNamesEveryNode()
    {
        JsonTreeModel model;
        model.setJson(sampleDump());
        const QModelIndex repos = model.index(2, 0);
        const QModelIndex name = model.index(0, 0, model.index(0, 0, repos));
        QCOMPARE(model.pathOf(name), u"$.repos[0].name"_s);
        QCOMPARE(model.pathOf(repos), u"$.repos"_s);
        QCOMPARE(model.pathOf(QModelIndex()), u"$"_s);
        // Keys that are not identifiers are quoted as JSON strings, quotes inside escaped.
        const QModelIndex odd = model.index(0, 0);
        QCOMPARE(model.pathOf(odd), u"$[\"odd key\"]"_s);
        QCOMPARE(model.pathOf(model.index(0, 0, odd)), u"$[\"odd key\"][\"say \\\"hi\\\"\"]"_s);
        QCOMPARE(model.data(name, JsonTreeModel::PathRole).toString(), u"$.repos[0].name"_s);
        // A lone scalar (a tool's structured result may be one) is one row named $.
        model.setJson(QJsonValue(42));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, 0).data().toString(), u"$"_s);
        QCOMPARE(model.pathOf(model.index(0, 0)), u"$"_s);
        QCOMPARE(model.index(0, JsonTreeModel::ValueColumn).data().toString(), u"42"_s);
    }

    void previewsAreElidedAndControlCharactersVisible()
    {
        JsonTreeModel model;
        model.setJson(
            QJsonObject{{u"long"_s, QString(5000, u'a')}, {u"bidi\u202e"_s, u"bell\u0007 line\nnext"_s}});
        const QString longPreview = model.index(1, JsonTreeModel::ValueColumn).data().toString();
        QCOMPARE(longPreview.size(), JsonTreeModel::previewLength + 1);
        QVERIFY(longPreview.endsWith(u'…'));
        // As DisplayText shows them elsewhere in the app: C0 as control pictures, bidi overrides as \u.
        QCOMPARE(model.index(0, JsonTreeModel::ValueColumn).data().toString(),
                 u"bell\u2407 line\u240anext"_s);
        QCOMPARE(model.index(0, JsonTreeModel::KeyColumn).data().toString(), u"bidi\\u202E"_s);
        // The value itself stays whole for copying.
        QCOMPARE(model.valueOf(model.index(1, 0)).toString().size(), 5000);
    }

    void parseErrorsSayLineAndColumn()
    {
        QString error;
        QVERIFY(JsonTreeModel::parse("{\n  \"a\": 1,\n  \"b\" 2\n}", &error).isUndefined());
        QVERIFY2(error.startsWith(u"line 3, column "_s), qPrintable(error));
        QVERIFY(JsonTreeModel::parse("[1, 2]", &error).isArray());
        QVERIFY(error.isEmpty());
    }

    void searchFindsKeysAndValuesInDocumentOrder()
    {
        const QJsonObject dump = sampleDump();
        const QList<QList<int>> hits = JsonTreeModel::search(dump, u"NOTE"_s, 100);
        QCOMPARE(hits, (QList<QList<int>>{{2, 1, 0}}));
        // "name" is a key twice; "octo" a value once; limit stops early.
        QCOMPARE(JsonTreeModel::search(dump, u"name"_s, 100).size(), 2);
        QCOMPARE(JsonTreeModel::search(dump, u"name"_s, 1).size(), 1);
        QCOMPARE(JsonTreeModel::search(dump, u"octo"_s, 100), (QList<QList<int>>{{1}}));
        QCOMPARE(JsonTreeModel::search(dump, u"12"_s, 100), (QList<QList<int>>{{2, 0, 2}}));
        QVERIFY(JsonTreeModel::search(dump, u"absent"_s, 100).isEmpty());
        JsonTreeModel model;
        model.setJson(dump);
        QCOMPARE(model.pathOf(model.indexOfRows(hits.first())), u"$.repos[1].name"_s);
    }

    // A 60 MB dump: parsed off the GUI thread (the event loop keeps turning meanwhile), shown with a node
    // per visible row, searched to its last key without building the tree.
    void bigDumpOpensLazilyWithoutBlocking()
    {
        const QByteArray text = bigDump(60);
        JsonTreeView view;
        view.resize(900, 600);
        view.show();
        QSignalSpy loaded(&view, &JsonTreeView::loaded);
        int ticks = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, [&ticks] { ++ticks; });
        ticker.start(10);
        QElapsedTimer clock;
        clock.start();
        view.loadJson(text);
        QVERIFY(view.isBusy());
        QVERIFY(loaded.wait(60000));
        const qint64 loadMs = clock.elapsed();
        QVERIFY(loaded.first().at(0).toBool());
        // The GUI thread ran its timers while the dump was parsed.
        QVERIFY2(ticks >= 5, qPrintable(u"%1 ticks in %2 ms"_s.arg(ticks).arg(loadMs)));
        QTest::qWait(50);
        const qsizetype afterShow = view.model()->nodeCount();
        const int issues = int(view.json().toObject().value(u"issues"_s).toArray().size());
        QVERIFY(issues > 100000);
        QVERIFY2(afterShow < 200, qPrintable(QString::number(afterShow)));
        // Opening the big array makes a node per issue (QTreeView lays out every child row it expands) but
        // none of the eight or so below each issue.
        view.treeView()->expand(view.model()->index(0, 0));
        QTest::qWait(50);
        QVERIFY2(view.model()->nodeCount() < issues + 200,
                 qPrintable(QString::number(view.model()->nodeCount())));
        clock.restart();
        QSignalSpy searched(&view, &JsonTreeView::searchFinished);
        view.find(u"the-one-string"_s);
        QVERIFY(searched.wait(60000));
        const qint64 searchMs = clock.elapsed();
        QCOMPARE(searched.first().at(0).toInt(), 1);
        QCOMPARE(view.currentPath(), u"$.needle"_s);
        qInfo("60 MB dump (%d issues): parsed in %lld ms, %lld nodes after expanding; search %lld ms", issues,
              loadMs, qlonglong(view.model()->nodeCount()), searchMs);
    }

    // ---- JsonTreeView ----

    void searchExpandsToHitsAndSteps()
    {
        JsonTreeView view;
        view.setJson(sampleDump());
        view.show();
        QSignalSpy searched(&view, &JsonTreeView::searchFinished);
        // Typing searches after a pause.
        QTest::keyClicks(view.searchField(), u"name"_s);
        QVERIFY(searched.wait(5000));
        QCOMPARE(view.hitCount(), 2);
        QCOMPARE(view.currentPath(), u"$.repos[0].name"_s);
        QVERIFY(view.treeView()->isExpanded(view.model()->index(2, 0)));
        QCOMPARE(view.findChild<QLabel *>(u"jsonHits"_s)->text(), u"1 of 2"_s);
        view.nextHit();
        QCOMPARE(view.currentPath(), u"$.repos[1].name"_s);
        view.nextHit(); // wraps
        QCOMPARE(view.currentPath(), u"$.repos[0].name"_s);
        view.previousHit();
        QCOMPARE(view.currentPath(), u"$.repos[1].name"_s);
        view.find(u"no such thing"_s);
        QVERIFY(searched.wait(5000));
        QCOMPARE(view.hitCount(), 0);
        QCOMPARE(view.findChild<QLabel *>(u"jsonHits"_s)->text(), u"No match"_s);
    }

    void copiesPathAndValue()
    {
        JsonTreeView view;
        view.setJson(sampleDump());
        QSignalSpy copied(&view, &JsonTreeView::copied);
        const QModelIndex repos = view.model()->index(2, 0);
        view.treeView()->setCurrentIndex(view.model()->index(0, 0, view.model()->index(1, 0, repos)));
        view.copyPath();
        QCOMPARE(QApplication::clipboard()->text(), u"$.repos[1].name"_s);
        view.copyValue();
        QCOMPARE(QApplication::clipboard()->text(), u"notes"_s); // the string itself, unquoted
        view.treeView()->setCurrentIndex(view.model()->index(0, 0, repos));
        view.copyValue();
        QCOMPARE(QJsonDocument::fromJson(QApplication::clipboard()->text().toUtf8()).object(),
                 sampleDump().value(u"repos"_s).toArray().at(0).toObject());
        // Ctrl+C in the tree copies the value too.
        view.show();
        view.treeView()->setCurrentIndex(view.model()->index(1, 0)); // owner
        QApplication::clipboard()->clear();
        QTest::keySequence(view.treeView(), QKeySequence::Copy);
        QCOMPARE(QApplication::clipboard()->text(), u"octo"_s);
        // The signal names what was copied, never the value.
        QCOMPARE(copied.size(), 4);
        QVERIFY(!copied.last().at(0).toString().contains(u"notes"_s));
    }

    void expandAllIsBounded()
    {
        QJsonArray many;
        for (int i = 0; i < 5000; ++i)
            many.append(QJsonObject{{u"i"_s, i}});
        JsonTreeView view;
        view.setJson(QJsonObject{{u"many"_s, many}});
        QCOMPARE(view.expandAll(), JsonTreeView::maximumExpanded);
        QVERIFY(view.treeView()->isExpanded(view.model()->index(0, 0)));
        view.collapseAll();
        QVERIFY(!view.treeView()->isExpanded(view.model()->index(0, 0)));
        view.setJson(sampleDump());
        QCOMPARE(view.expandAll(), 4); // odd key, repos and its two objects: nothing more to open
    }

    void savesAsJsonAndSaysWhyNot()
    {
        QTemporaryDir dir;
        JsonTreeView view;
        view.setJson(sampleDump());
        QSignalSpy saved(&view, &JsonTreeView::saved);
        view.saveTo(dir.filePath(u"dump.json"_s));
        QVERIFY(saved.wait(5000));
        QVERIFY(saved.last().at(0).toBool());
        QFile file(dir.filePath(u"dump.json"_s));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(file.readAll()).object(), sampleDump());
        view.saveTo(dir.filePath(u"missing/folder/dump.json"_s));
        QVERIFY(saved.wait(5000));
        QVERIFY(!saved.last().at(0).toBool());
        QVERIFY(view.statusLabel()->isVisibleTo(&view));
        QVERIFY(view.statusLabel()->text().startsWith(u"Could not save"_s));
    }

    void invalidTextIsReportedNotShown()
    {
        JsonTreeView view;
        QSignalSpy loaded(&view, &JsonTreeView::loaded);
        view.loadJson("{\"a\": [1, 2,, 3]}");
        QVERIFY(loaded.wait(5000));
        QVERIFY(!loaded.first().at(0).toBool());
        QCOMPARE(view.model()->rowCount(), 0);
        QVERIFY(view.statusLabel()->text().contains(u"line 1, column"_s));
        QVERIFY(!view.searchField()->isEnabled());
    }

    void jsonTreeScreenshots_data() { sizesAndThemes(); }
    void jsonTreeScreenshots()
    {
        QFETCH(QString, theme);
        QFETCH(QSize, size);
        applyTheme(theme);
        JsonTreeView view;
        view.setJson(sampleDump());
        view.resize(size);
        view.show();
        view.expandAll();
        QSignalSpy searched(&view, &JsonTreeView::searchFinished);
        view.find(u"name"_s);
        QVERIFY(searched.wait(5000));
        save(&view, u"mcp-jsontree-%1-%2x%3"_s.arg(theme).arg(size.width()).arg(size.height()));
    }

    // ---- SchemaForm, over real tools' schemas (tests/data/mcp/README.md) ----

    void createIssueMarksRequiredAndSendsOnlyWhatIsFilled()
    {
        SchemaForm form;
        form.setSchema(inputSchemaOf(u"github/create_issue.json"_s));
        QCOMPARE(form.fields().size(), 4);
        // Required first, marked and bold; the description is the tooltip and the placeholder.
        QCOMPARE(form.fields().first()->spec().name, u"owner"_s);
        QCOMPARE(form.fields().last()->spec().name, u"body"_s);
        QCOMPARE(form.labelOf(u"title"_s)->text(), u"title *"_s);
        QVERIFY(form.labelOf(u"title"_s)->font().bold());
        QCOMPARE(form.labelOf(u"body"_s)->text(), u"body"_s);
        QCOMPARE(lineOf(form, u"repo"_s)->placeholderText(), u"Repository name"_s);
        QCOMPARE(form.field(u"repo"_s)->editor()->toolTip(), u"Repository name"_s);

        const QMap<QString, QString> empty = form.problems();
        QCOMPARE(empty.keys(), (QStringList{u"owner"_s, u"repo"_s, u"title"_s}));
        QCOMPARE(empty.value(u"owner"_s), u"required"_s);
        QVERIFY(!form.isValid());
        QVERIFY(form.arguments().isEmpty());
        // Problems show beside a field once it was touched, or all at once when asked.
        QVERIFY(!form.field(u"owner"_s)->problemLabel()->isVisibleTo(&form));
        form.revealProblems();
        QVERIFY(form.field(u"owner"_s)->problemLabel()->isVisibleTo(&form));
        QCOMPARE(form.field(u"owner"_s)->problemLabel()->text(), u"required"_s);

        typeInto(form, u"owner"_s, u"octo"_s);
        typeInto(form, u"repo"_s, u"demo"_s);
        typeInto(form, u"title"_s, u"Crash on start"_s);
        QVERIFY(!form.field(u"owner"_s)->problemLabel()->isVisibleTo(&form));
        QVERIFY(form.isValid());
        QCOMPARE(form.arguments(),
                 (QJsonObject{
                     {u"owner"_s, u"octo"_s}, {u"repo"_s, u"demo"_s}, {u"title"_s, u"Crash on start"_s}}));
        typeInto(form, u"body"_s, u"Steps: 1, 2"_s);
        QCOMPARE(form.arguments().value(u"body"_s).toString(), u"Steps: 1, 2"_s);
    }

    void numbersAreCheckedAndEnumsOffered()
    {
        SchemaForm form;
        form.setSchema(inputSchemaOf(u"github/create_pull_request_review.json"_s));
        typeInto(form, u"owner"_s, u"o"_s);
        typeInto(form, u"repo"_s, u"r"_s);
        typeInto(form, u"pullNumber"_s, u"0"_s);
        QCOMPARE(form.problems().value(u"pullNumber"_s), u"must be at least 1"_s);
        QCOMPARE(form.field(u"pullNumber"_s)->problemLabel()->text(), u"must be at least 1"_s);
        typeInto(form, u"pullNumber"_s, u"twelve"_s);
        QCOMPARE(form.problems().value(u"pullNumber"_s), u"not a number"_s);
        QVERIFY(!form.arguments().contains(u"pullNumber"_s)); // never an invalid value
        typeInto(form, u"pullNumber"_s, u"12"_s);
        QVERIFY(form.isValid());
        QCOMPARE(form.arguments().value(u"pullNumber"_s).toDouble(), 12.0);
        // No arbitrary limit: a number bigger than any spin box's.
        typeInto(form, u"pullNumber"_s, u"9007199254740991"_s);
        QCOMPARE(form.arguments().value(u"pullNumber"_s).toDouble(), 9007199254740991.0);

        auto *event = qobject_cast<QComboBox *>(form.field(u"event"_s)->editor());
        QVERIFY(event);
        QCOMPARE(event->count(), 4); // (not set) and the three values
        QCOMPARE(event->itemText(2), u"REQUEST_CHANGES"_s);
        QVERIFY(!form.arguments().contains(u"event"_s));
        event->setCurrentIndex(1);
        emit event->activated(1);
        QCOMPARE(form.arguments().value(u"event"_s).toString(), u"APPROVE"_s);
    }

    void arraysGetListsChoicesOrJson()
    {
        SchemaForm form;
        form.setSchema(inputSchemaOf(u"github/list_issues.json"_s));
        typeInto(form, u"owner"_s, u"o"_s);
        typeInto(form, u"repo"_s, u"r"_s);
        QVERIFY(form.isValid());
        QCOMPARE(form.arguments().keys(), (QStringList{u"owner"_s, u"repo"_s}));

        // An array of strings: a list editor, one line per item, blank lines left out.
        auto *labels = qobject_cast<SchemaListEditor *>(form.field(u"labels"_s)->editor());
        QVERIFY(labels);
        labels->findChild<QPushButton *>(u"schemaAddItem"_s)->click();
        QTest::keyClicks(labels->rowEdit(0), u"bug"_s);
        labels->addRow(u"p1"_s);
        labels->addRow();
        QCOMPARE(form.arguments().value(u"labels"_s).toArray(), (QJsonArray{u"bug"_s, u"p1"_s}));

        // An array of an enum: the choices to tick, in the schema's order.
        auto *fields = qobject_cast<SchemaListEditor *>(form.field(u"fields"_s)->editor());
        QVERIFY(fields && fields->choices());
        QCOMPARE(fields->choices()->count(), 11);
        fields->choices()->item(1)->setCheckState(Qt::Checked);
        fields->choices()->item(0)->setCheckState(Qt::Checked);
        QCOMPARE(form.arguments().value(u"fields"_s).toArray(), (QJsonArray{u"number"_s, u"title"_s}));

        // An array of objects: JSON, checked as typed, with where it stops being JSON.
        auto *filters = qobject_cast<JsonTextEdit *>(form.field(u"field_filters"_s)->editor());
        QVERIFY(filters);
        filters->setFocus();
        QTest::keyClicks(filters, u"[{\"field_name\": \"Priority\" \"value\": \"P1\"}]"_s);
        const QString problem = form.problems().value(u"field_filters"_s);
        QVERIFY2(problem.startsWith(u"line 1, column 29: "_s), qPrintable(problem));
        QCOMPARE(form.field(u"field_filters"_s)->problemLabel()->text(), problem);
        QVERIFY(!form.arguments().contains(u"field_filters"_s));
        filters->setPlainText(u"{\"field_name\": \"Priority\"}"_s);
        QCOMPARE(form.problems().value(u"field_filters"_s), u"must be a JSON array [ … ]"_s);
        filters->setPlainText(u"[{\"field_name\": \"Priority\", \"value\": \"P1\"}]"_s);
        QVERIFY(form.isValid());
        QCOMPARE(form.arguments().value(u"field_filters"_s).toArray().at(0).toObject().value(u"value"_s),
                 QJsonValue(u"P1"_s));

        typeInto(form, u"perPage"_s, u"101"_s);
        QCOMPARE(form.problems().value(u"perPage"_s), u"must be at most 100"_s);
    }

    void booleansDefaultsAndRestoring()
    {
        SchemaForm form;
        form.setSchema(inputSchemaOf(u"github/create_pull_request.json"_s));
        auto *draft = qobject_cast<QCheckBox *>(form.field(u"draft"_s)->editor());
        QVERIFY(draft);
        // Optional without a default: not sent until the user says yes or no.
        QCOMPARE(draft->checkState(), Qt::PartiallyChecked);
        QVERIFY(!form.arguments().contains(u"draft"_s));
        draft->click();
        QCOMPARE(form.arguments().value(u"draft"_s), QJsonValue(true));

        // A default is filled in and sent.
        SchemaForm history;
        history.setSchema(inputSchemaOf(u"slack/slack_get_channel_history.json"_s));
        QCOMPARE(lineOf(history, u"limit"_s)->text(), u"10"_s);
        typeInto(history, u"channel_id"_s, u"C024BE91L"_s);
        QCOMPARE(history.arguments(), (QJsonObject{{u"channel_id"_s, u"C024BE91L"_s}, {u"limit"_s, 10}}));

        // Arguments remembered from an earlier call come back into the same fields.
        const QJsonObject earlier{{u"owner"_s, u"o"_s},
                                  {u"repo"_s, u"r"_s},
                                  {u"title"_s, u"t"_s},
                                  {u"head"_s, u"feature"_s},
                                  {u"base"_s, u"main"_s},
                                  {u"draft"_s, false},
                                  {u"reviewers"_s, QJsonArray{u"alice"_s, u"bob"_s}}};
        form.setArguments(earlier);
        QCOMPARE(form.arguments(), earlier);
    }

    // Optional[x] as pydantic and zod write it, $defs, integers, a schema that is not an object of fields.
    void nullableRefsAndWholeJson()
    {
        const QByteArray schemaText =
            "{\"type\": \"object\", \"required\": [\"count\", \"mode\"],"
            " \"$defs\": {\"Mode\": {\"type\": \"string\", \"enum\": [\"fast\", \"safe\"]}},"
            " \"properties\": {"
            "  \"count\": {\"type\": \"integer\", \"minimum\": 0, \"exclusiveMaximum\": 10},"
            "  \"mode\": {\"$ref\": \"#/$defs/Mode\", \"description\": \"How to run\"},"
            "  \"note\": {\"anyOf\": [{\"type\": \"string\"}, {\"type\": \"null\"}], \"default\": null},"
            "  \"tags\": {\"type\": [\"array\", \"null\"], \"items\": {\"type\": \"string\"}},"
            "  \"either\": {\"anyOf\": [{\"type\": \"string\"}, {\"type\": \"integer\"}]}}}";
        SchemaForm form;
        form.setSchema(QJsonDocument::fromJson(schemaText).object());
        QCOMPARE(form.field(u"mode"_s)->spec().kind, SchemaFieldSpec::Kind::Enum);
        QCOMPARE(form.field(u"mode"_s)->editor()->toolTip(), u"How to run"_s);
        QCOMPARE(form.field(u"note"_s)->spec().kind, SchemaFieldSpec::Kind::String);
        QVERIFY(form.field(u"note"_s)->nullBox());
        QVERIFY(form.field(u"note"_s)->nullBox()->isChecked()); // its default is null
        QVERIFY(!form.field(u"note"_s)->editor()->isEnabled());
        QCOMPARE(form.field(u"tags"_s)->spec().kind, SchemaFieldSpec::Kind::Array);
        QVERIFY(form.field(u"tags"_s)->nullBox());
        QCOMPARE(form.field(u"either"_s)->spec().kind, SchemaFieldSpec::Kind::Raw);

        typeInto(form, u"count"_s, u"2.5"_s);
        QCOMPARE(form.problems().value(u"count"_s), u"not a whole number"_s);
        typeInto(form, u"count"_s, u"10"_s);
        QCOMPARE(form.problems().value(u"count"_s), u"must be less than 10"_s);
        typeInto(form, u"count"_s, u"9"_s);
        QVERIFY(form.isValid());
        QCOMPARE(form.arguments(),
                 (QJsonObject{{u"count"_s, 9}, {u"mode"_s, u"fast"_s}, {u"note"_s, QJsonValue()}}));
        QCOMPARE(QJsonDocument(form.arguments()).toJson(QJsonDocument::Compact),
                 QByteArray("{\"count\":9,\"mode\":\"fast\",\"note\":null}"));
        form.field(u"note"_s)->nullBox()->click();
        typeInto(form, u"note"_s, u"hello"_s);
        auto *either = qobject_cast<JsonTextEdit *>(form.field(u"either"_s)->editor());
        either->setPlainText(u"42"_s);
        QCOMPARE(form.arguments().value(u"note"_s).toString(), u"hello"_s);
        QCOMPARE(form.arguments().value(u"either"_s).toInt(), 42);
        either->setPlainText(u"42, 43"_s);
        QVERIFY(form.problems().value(u"either"_s).contains(u"more than one value"_s));

        // A top-level anyOf: one JSON box for the whole arguments object.
        SchemaForm whole;
        whole.setSchema(QJsonDocument::fromJson("{\"anyOf\": [{\"type\": \"object\", \"required\": [\"a\"]},"
                                                " {\"type\": \"object\", \"required\": [\"b\"]}]}")
                            .object());
        QCOMPARE(whole.fields().size(), 1);
        auto *box = qobject_cast<JsonTextEdit *>(whole.fields().first()->editor());
        QVERIFY(box);
        QCOMPARE(whole.problems().value(QString()), u"required"_s);
        box->setPlainText(u"{\"b\": 1}"_s);
        QCOMPARE(whole.arguments(), (QJsonObject{{u"b"_s, 1}}));

        // No properties at all: said, not an empty box.
        SchemaForm none;
        none.setSchema(QJsonObject{{u"type"_s, u"object"_s}});
        QVERIFY(none.fields().isEmpty());
        QVERIFY(none.findChild<QLabel *>(u"schemaNoArguments"_s)->isVisibleTo(&none));
        QVERIFY(none.isValid());
    }

    // Every real schema in tests/data/mcp: a field per property, and once the required ones are filled
    // the form is valid and sends each of them.
    void everyRealSchemaBuildsAUsableForm()
    {
        QDirIterator files(QStringLiteral(SANDBOXDECK_TEST_DATA_DIR) + u"/mcp"_s, {u"*.json"_s}, QDir::Files,
                           QDirIterator::Subdirectories);
        int schemas = 0;
        while (files.hasNext()) {
            const QString path = files.next();
            const QString relative = path.section(u"/mcp/"_s, -1);
            const QJsonObject schema = inputSchemaOf(relative);
            if (schema.isEmpty())
                continue;
            ++schemas;
            SchemaForm form;
            form.setSchema(schema);
            const QJsonObject properties = schema.value(u"properties"_s).toObject();
            QCOMPARE(form.fields().size(), properties.size());
            for (SchemaField *field : form.fields()) {
                if (!field->spec().required)
                    continue;
                using Kind = SchemaFieldSpec::Kind;
                switch (field->spec().kind) {
                case Kind::String:
                case Kind::Number:
                case Kind::Integer:
                    field->setValue(field->spec().kind == Kind::String ? QJsonValue(u"x"_s) : QJsonValue(1));
                    break;
                case Kind::Raw:
                    field->setValue(field->spec().rawType == u"array"_s ? QJsonValue(QJsonArray{})
                                                                        : QJsonValue(QJsonObject{}));
                    break;
                default:
                    break;
                }
            }
            QVERIFY2(form.isValid(), qPrintable(relative + u": "_s + form.problems().keys().join(u',')));
            for (const QJsonValue &name : schema.value(u"required"_s).toArray())
                QVERIFY2(form.arguments().contains(name.toString()), qPrintable(relative + name.toString()));
        }
        QVERIFY(schemas >= 9);
    }

    // ---- ToolResultView ----

    void resultShowsEveryKindOfBlock()
    {
        ToolResultView view;
        view.resize(800, 900);
        view.setResult(decodedResult(false));
        view.show();
        QVERIFY(!view.isError());
        QVERIFY(!view.headline()->isVisibleTo(&view));
        const QList<QWidget *> blocks = view.blockWidgets();
        QCOMPARE(blocks.size(), 4);
        // Text, with its control characters made visible as everywhere in the app.
        auto *text = qobject_cast<QPlainTextEdit *>(blocks.at(0));
        QVERIFY(text);
        QCOMPARE(text->toPlainText(), u"Created issue #7\nbell\u2407 end"_s);
        // The image decoded and fitted to the preview height, keeping its proportions.
        auto *image = qobject_cast<QLabel *>(blocks.at(1));
        QVERIFY(image);
        QCOMPARE(image->pixmap().size(), QSize(360, ToolResultView::previewHeight));
        // A click shows it at full size.
        QTest::mouseClick(image, Qt::LeftButton);
        auto *full = view.findChild<QDialog *>(u"toolResultImageWindow"_s);
        QVERIFY(full);
        QCOMPARE(full->findChild<QScrollArea *>()->widget()->size(), QSize(600, 400));
        full->close();
        // The embedded resource: its uri, type and text; the link: its uri and name.
        const auto labelTexts = [](QWidget *frame) {
            QStringList texts;
            for (const QLabel *label : frame->findChildren<QLabel *>())
                texts.append(label->text());
            return texts;
        };
        QCOMPARE(blocks.at(2)->objectName(), u"toolResultResource"_s);
        QVERIFY(labelTexts(blocks.at(2)).contains(u"file:///workspace/notes.md"_s));
        QVERIFY(labelTexts(blocks.at(2)).contains(u"text/markdown"_s));
        QCOMPARE(blocks.at(2)->findChild<QPlainTextEdit *>()->toPlainText(), u"# Notes\nfirst line"_s);
        QCOMPARE(blocks.at(3)->objectName(), u"toolResultResourceLink"_s);
        QVERIFY(labelTexts(blocks.at(3)).contains(u"https://example.com/issues/7"_s));
        QVERIFY(labelTexts(blocks.at(3)).contains(u"issue-7"_s));
        // Structured content as a JSON tree.
        QVERIFY(view.structuredView()->isVisibleTo(&view));
        QCOMPARE(view.structuredView()->json().toObject().value(u"number"_s).toInt(), 7);
        QCOMPARE(view.structuredView()->model()->rowCount(), 2);

        // A new result replaces the old one entirely.
        view.setResult(McpResultDecoder::toolResult(QJsonObject{{u"content"_s, QJsonArray{}}}));
        QVERIFY(view.blockWidgets().isEmpty());
        QVERIFY(!view.structuredView()->isVisibleTo(&view));
        QCOMPARE(view.headline()->text(), u"The tool returned nothing"_s);
    }

    void errorsLookLikeTheAppsErrors()
    {
        for (const QString &theme : {u"light"_s, u"dark"_s}) {
            applyTheme(theme);
            ToolResultView view;
            // Nothing called yet: nothing failed.
            QVERIFY(!view.findChild<QLabel *>(u"toolResultErrorIcon"_s)->isVisibleTo(&view));
            view.setResult(decodedResult(true));
            QVERIFY(view.isError());
            QVERIFY(view.headline()->isVisibleTo(&view));
            QCOMPARE(view.headline()->text(), u"The tool reported an error"_s);
            const QColor error = ErrorColour::on(view.palette());
            QCOMPARE(view.headline()->palette().color(QPalette::WindowText), error);
            QVERIFY(view.headline()->font().bold());
            QVERIFY(view.findChild<QLabel *>(u"toolResultErrorIcon"_s)->isVisibleTo(&view));
            QCOMPARE(
                qobject_cast<QPlainTextEdit *>(view.blockWidgets().at(0))->palette().color(QPalette::Text),
                error);
            // The same view showing a good result afterwards is not red.
            view.setResult(decodedResult(false));
            QVERIFY(view.headline()->palette().color(QPalette::WindowText) != error);
            QVERIFY(!view.findChild<QLabel *>(u"toolResultErrorIcon"_s)->isVisibleTo(&view));
            // A call that failed before any result (JSON-RPC error, network) in the same style.
            view.showFailure(u"Tool call failed: -32602 Invalid params"_s);
            QCOMPARE(view.headline()->palette().color(QPalette::WindowText), error);
            QVERIFY(view.blockWidgets().isEmpty());
        }
    }

    void hostileImagesAreNotDecoded()
    {
        // A PNG header claiming 100000 × 100000 pixels (40 GB decoded) and bytes that are no image.
        const QByteArray huge = QByteArray::fromBase64(
            "iVBORw0KGgoAAAANSUhEUgABhqAAAYagCAIAAAAnMJyfAAAAC0lEQVR4nGNggAEAAAoAAX+AdF4AAAAASUVORK5CYII=");
        const QJsonArray content{
            QJsonObject{{u"type"_s, u"image"_s},
                        {u"mimeType"_s, u"image/png"_s},
                        {u"data"_s, QString::fromLatin1(huge.toBase64())}},
            QJsonObject{
                {u"type"_s, u"image"_s}, {u"mimeType"_s, u"image/png"_s}, {u"data"_s, u"bm90IGFuIGltYWdl"_s}},
            QJsonObject{{u"type"_s, u"audio"_s}, {u"mimeType"_s, u"audio/wav"_s}, {u"data"_s, u"AAAA"_s}},
            QJsonObject{{u"type"_s, u"hologram"_s}, {u"beam"_s, u"x\u001b[2J"_s}},
        };
        ToolResultView view;
        view.setResult(McpResultDecoder::toolResult(QJsonObject{{u"content"_s, content}}));
        const QList<QWidget *> blocks = view.blockWidgets();
        QCOMPARE(blocks.size(), 4);
        for (int i = 0; i < 2; ++i) {
            auto *note = qobject_cast<QLabel *>(blocks.at(i));
            QVERIFY(note && note->pixmap().isNull());
            QVERIFY2(note->text().endsWith(u"could not be shown"_s), qPrintable(note->text()));
            QVERIFY(!view.openImage(i));
        }
        QVERIFY(qobject_cast<QLabel *>(blocks.at(2))->text().startsWith(u"Audio (audio/wav"_s));
        const QString unknown = qobject_cast<QLabel *>(blocks.at(3))->text();
        QVERIFY(unknown.contains(u"hologram"_s));
        // Shown as its JSON, where the escape character stays escaped.
        QVERIFY2(!unknown.contains(QChar(0x1b)) && unknown.contains(u"\\u001b"_s), qPrintable(unknown));
    }

    void toolResultScreenshots_data() { sizesAndThemes(); }
    void toolResultScreenshots()
    {
        QFETCH(QString, theme);
        QFETCH(QSize, size);
        applyTheme(theme);
        for (const bool isError : {false, true}) {
            QScrollArea area;
            area.setWidgetResizable(true);
            auto *view = new ToolResultView;
            view->setResult(decodedResult(isError));
            area.setWidget(view);
            area.resize(size);
            area.show();
            save(&area, u"mcp-toolresult-%1%2-%3x%4"_s.arg(isError ? u"error-"_s : QString(), theme)
                            .arg(size.width())
                            .arg(size.height()));
        }
    }

    // ---- InspectPage, against a real MCP server on loopback (tests/mcp/awkwardmcpserver.h) ----

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
        InspectPage page(&network);
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
        QTest::qWait(100);
        QVERIFY(server.requests(u"tools/call"_s).isEmpty());
        QCOMPARE(text->problemLabel()->text(), u"required"_s);
        QTest::keyClicks(qobject_cast<QLineEdit *>(text->editor()), u"hello sandbox"_s);
        QSignalSpy called(&page, &InspectPage::callFinished);
        page.callButton()->click();
        QVERIFY(called.wait(10000));
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
        InspectPage page(&network);
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
        InspectPage page(&network);
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

    void schemaFormScreenshots_data() { sizesAndThemes(); }
    void schemaFormScreenshots()
    {
        QFETCH(QString, theme);
        QFETCH(QSize, size);
        applyTheme(theme);
        QScrollArea area;
        area.setWidgetResizable(true);
        auto *form = new SchemaForm;
        form->setSchema(inputSchemaOf(u"github/list_issues.json"_s));
        area.setWidget(form);
        area.resize(size);
        area.show();
        typeInto(*form, u"owner"_s, u"octo"_s);
        typeInto(*form, u"perPage"_s, u"500"_s);
        form->revealProblems();
        qobject_cast<SchemaListEditor *>(form->field(u"labels"_s)->editor())->addRow(u"bug"_s);
        save(&area, u"mcp-schemaform-%1-%2x%3"_s.arg(theme).arg(size.width()).arg(size.height()));
    }

private:
    static QJsonObject echoTool()
    {
        return QJsonObject{
            {u"name"_s, u"echo"_s},
            {u"description"_s, u"Says the text back."_s},
            {u"inputSchema"_s,
             QJsonObject{{u"type"_s, u"object"_s},
                         {u"properties"_s, QJsonObject{{u"text"_s, QJsonObject{{u"type"_s, u"string"_s}}}}},
                         {u"required"_s, QJsonArray{u"text"_s}}}},
            {u"annotations"_s, QJsonObject{{u"readOnlyHint"_s, true}, {u"openWorldHint"_s, false}}}};
    }

    static QString screenshotDir() { return QDir::currentPath() + u"/screenshots"_s; }

    static void sizesAndThemes()
    {
        QTest::addColumn<QString>("theme");
        QTest::addColumn<QSize>("size");
        for (const QString &theme : {u"light"_s, u"dark"_s})
            for (const QSize &size : {QSize(800, 500), QSize(1280, 780)})
                QTest::addRow("%s-%dx%d", qPrintable(theme), size.width(), size.height()) << theme << size;
    }

    static void applyTheme(const QString &theme)
    {
        ThemeApplier::apply(theme == u"dark"_s ? ThemeSetting::Theme::Dark : ThemeSetting::Theme::Light);
    }

    static void save(QWidget *widget, const QString &name)
    {
        QTest::qWait(50);
        const QImage image = widget->grab().toImage();
        QVERIFY2(hasContent(image), qPrintable(name + u" is blank"_s));
        const QString path = screenshotDir() + u'/' + name + u".png"_s;
        QVERIFY2(image.save(path), qPrintable(path));
    }
};

QTEST_MAIN(TestMcpWidgets)
#include "tst_mcpwidgets.moc"
