// Part of tst_mcpwidgets (one executable, see tst_mcpwidgets.cpp). JsonTreeModel and JsonTreeView over a
// dump: a valid model, paths, previews, search, a big dump opened lazily, copy, save.

#include "../mcp/awkwardmcpserver.h"
#include "../postedevents.h"
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
#include <QHeaderView>
#include <QHelpEvent>
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
#include <QStyledItemDelegate>
#include <QStyleFactory>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QTreeView>

using namespace Qt::StringLiterals;
using namespace McpWidgetsTest;

class TestJsonTreeWidgets final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(QDir().mkpath(screenshotDir())); }
    void cleanup() { ThemeApplier::apply(ThemeSetting::Theme::Light); }

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
        // What a frame on screen asks of the model: the view laid out and painted.
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(PostedEvents::layoutsSettled());
        (void)view.treeView()->viewport()->grab();
        const qsizetype afterShow = view.model()->nodeCount();
        const int issues = int(view.json().toObject().value(u"issues"_s).toArray().size());
        QVERIFY(issues > 100000);
        QVERIFY2(afterShow < 200, qPrintable(QString::number(afterShow)));
        // Opening the big array makes a node per issue (QTreeView lays out every child row it expands) but
        // none of the eight or so below each issue.
        view.treeView()->expand(view.model()->index(0, 0));
        QVERIFY(PostedEvents::layoutsSettled());
        (void)view.treeView()->viewport()->grab();
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
        // About 1.5 s and 0.5 s here: the bounds catch a blow-up (a parse or a search gone quadratic), not
        // speed.
        QVERIFY2(loadMs < 20000, qPrintable(QString::number(loadMs)));
        QVERIFY2(searchMs < 8000, qPrintable(QString::number(searchMs)));
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
        // A server's data may hold tokens: the file is the user's alone.
        QCOMPARE(file.permissions() & ~(QFileDevice::ReadUser | QFileDevice::WriteUser),
                 QFileDevice::ReadOwner | QFileDevice::WriteOwner);
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

    // Issue 26, item 15: deep keys ended in "…" in a column of fourteen M, and a value's line breaks drew
    // as boxes (no font here has the U+240A picture). The Key column fits the keys shown, within bounds; a
    // line break is a visible arrow on the one line, and the tooltip gives the text on its lines.
    void keysFitAndLineBreaksShowOnOneLine()
    {
        JsonTreeView view;
        const QString text = u"first line\nsecond line\r\nthird"_s;
        view.setJson(
            QJsonObject{{u"configuration"_s,
                         QJsonObject{{u"repositories_by_owner"_s,
                                      QJsonObject{{u"a_rather_long_nested_key"_s,
                                                   QJsonObject{{u"description_with_newlines"_s, text}}}}}}}});
        view.resize(900, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.expandAll();
        QVERIFY(PostedEvents::layoutsSettled());
        QTreeView *tree = view.treeView();
        const QFontMetrics metrics(tree->font());
        int needed = 0;
        QModelIndex deepest;
        for (QModelIndex index = view.model()->index(0, 0); index.isValid();
             index = view.model()->index(0, 0, index)) {
            int depth = 0;
            for (QModelIndex up = index.parent(); up.isValid(); up = up.parent())
                ++depth;
            needed = std::max(needed, tree->indentation() * (depth + 1) +
                                          metrics.horizontalAdvance(index.data().toString()));
            deepest = index;
        }
        const int key = tree->header()->sectionSize(JsonTreeModel::KeyColumn);
        QVERIFY2(key >= needed, qPrintable(u"Key column %1 < %2"_s.arg(key).arg(needed)));
        // The value keeps room of its own: the key column stops at about half the tree.
        QVERIFY(key <= tree->viewport()->width() * 6 / 10);
        const QModelIndex value = deepest.siblingAtColumn(JsonTreeModel::ValueColumn);
        auto *delegate = qobject_cast<QStyledItemDelegate *>(tree->itemDelegateForIndex(value));
        QVERIFY(delegate);
        const QString shown = delegate->displayText(value.data(), QLocale());
        QVERIFY2(shown.contains(u"first line\u21B5second line"_s), qPrintable(shown));
        QVERIFY2(!shown.contains(u'\n') && !shown.contains(QChar(0x240A)) && !shown.contains(QChar(0x240D)),
                 qPrintable(shown));
        // The tooltip has the text on its lines.
        const QRect cell = tree->visualRect(value);
        QHelpEvent help(QEvent::ToolTip, cell.center(), tree->viewport()->mapToGlobal(cell.center()));
        QApplication::sendEvent(tree->viewport(), &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QString tip = QTextDocumentFragment::fromHtml(QToolTip::text()).toPlainText();
        tip.replace(QChar::LineSeparator, u'\n').replace(QChar::ParagraphSeparator, u'\n');
        QToolTip::hideText();
        QVERIFY2(tip.contains(u"first line\nsecond line\nthird"_s), qPrintable(tip));
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
};

std::unique_ptr<QObject> McpWidgetsTest::newJsonTreeTest()
{
    return std::make_unique<TestJsonTreeWidgets>();
}

#include "tst_jsontree.moc"
