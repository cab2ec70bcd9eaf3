// Part of tst_sandboxdata (one executable, see tst_sandboxdata.cpp). The structural diff of two saved dumps
// in the view: a nested diff's rows, filter and copy; two big dumps diffed while the window keeps ticking;
// the kinds' colours on both palettes.

#include "common/jsondiffview.h"
#include "preferences/themeapplier.h"
#include "sandboxdatatest.h"
#include "json/jsondiff.h"

#include <QApplication>
#include <QClipboard>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;
using namespace SandboxDataTest;

namespace {

// WCAG's contrast ratio of two colours.
double contrast(const QColor &a, const QColor &b)
{
    const auto luminance = [](const QColor &colour) {
        const auto channel = [](double c) {
            return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) +
               0.0722 * channel(colour.blueF());
    };
    const double la = luminance(a) + 0.05;
    const double lb = luminance(b) + 0.05;
    return la > lb ? la / lb : lb / la;
}

} // namespace

class TestSandboxDataDiff final : public Fixture
{
    Q_OBJECT

private slots:
    void nestedDumpDiffInTheView()
    {
        const QString before = work.filePath(u"before.json"_s);
        const QString after = work.filePath(u"after.json"_s);
        QVERIFY(writeJson(before, nestedBefore()));
        // A whole dump reply is compared by its data.
        QVERIFY(writeJson(after, QJsonObject{{u"sandbox_id"_s, u"x"_s},
                                             {u"dumped_at"_s, u"2026-05-01T00:00:00Z"_s},
                                             {u"data"_s, nestedAfter()}}));
        page->setSandbox(u"github"_s, u"x"_s);
        QSignalSpy comparison(page.get(), &SandboxDataPage::comparisonShown);
        page->compareSavedDumps(before, after);
        QVERIFY(comparison.wait(10000));
        JsonDiffView *view = page->diffView();

        QHash<QString, JsonDifference::Kind> byPath;
        for (const auto &difference : view->differences())
            byPath.insert(difference.path, difference.kind);
        QCOMPARE(byPath.value(u"$.owner.login"_s), JsonDifference::Kind::TypeChanged);
        QCOMPARE(byPath.value(u"$.owner.plan"_s), JsonDifference::Kind::Removed);
        QCOMPARE(byPath.value(u"$.repos[0].issues[1].issue_title"_s), JsonDifference::Kind::Changed);
        QVERIFY2(byPath.contains(u"$.repos[0].issues[0]"_s),
                 qPrintable(QStringList(byPath.keys()).join(u' ')));
        QCOMPARE(byPath.value(u"$.repos[0].issues[0]"_s), JsonDifference::Kind::Added);
        QCOMPARE(byPath.size(), 4);
        QAbstractItemModel *rows = view->treeView()->model();
        QCOMPARE(rows->rowCount(), 4);
        QVERIFY2(view->summaryLabel()->text().contains(u"4 differences"_s),
                 qPrintable(view->summaryLabel()->text()));
        QCOMPARE(rows->headerData(JsonDiffView::BeforeColumn, Qt::Horizontal).toString(), u"before.json"_s);
        QVERIFY2(!page->statusLabel()->text().contains(u"Comparing"_s),
                 qPrintable(page->statusLabel()->text()));
        const int longestPath =
            view->treeView()->fontMetrics().horizontalAdvance(u"$.repos[0].issues[1].issue_title"_s);
        QVERIFY2(view->treeView()->columnWidth(JsonDiffView::PathColumn) > longestPath,
                 qPrintable(QString::number(view->treeView()->columnWidth(JsonDiffView::PathColumn))));

        // Rows show the values on each side, and the kind in its colour.
        bool changedSeen = false;
        for (int row = 0; row < rows->rowCount(); ++row) {
            const auto text = [&](int column) { return rows->index(row, column).data().toString(); };
            if (text(JsonDiffView::PathColumn) == u"$.repos[0].issues[1].issue_title"_s) {
                changedSeen = true;
                QCOMPARE(text(JsonDiffView::BeforeColumn), u"Crash on start"_s);
                QCOMPARE(text(JsonDiffView::AfterColumn), u"Crash at start"_s);
                QCOMPARE(text(JsonDiffView::KindColumn), u"Changed"_s);
                QCOMPARE(rows->index(row, JsonDiffView::KindColumn).data(Qt::ForegroundRole).value<QColor>(),
                         JsonDiffView::kindColour(JsonDifference::Kind::Changed, view->palette()));
            }
        }
        QVERIFY(changedSeen);

        view->setKindFilter(JsonDifference::Kind::Added);
        QCOMPARE(view->visibleRowCount(), 1);
        QCOMPARE(rows->rowCount(), 1);
        QVERIFY(view->summaryLabel()->text().contains(u"1 shown"_s));
        view->treeView()->setCurrentIndex(rows->index(0, JsonDiffView::PathColumn));
        view->copyPath();
        QCOMPARE(QApplication::clipboard()->text(), u"$.repos[0].issues[0]"_s);
        view->setKindFilter(std::nullopt);
        QCOMPARE(view->visibleRowCount(), 4);
        for (int row = 0; row < rows->rowCount(); ++row)
            if (rows->index(row, JsonDiffView::KindColumn).data().toString() == u"Removed"_s)
                view->treeView()->setCurrentIndex(rows->index(row, JsonDiffView::PathColumn));
        view->treeView()->setFocus();
        QTest::keySequence(view->treeView(), QKeySequence::Copy);
        QCOMPARE(QApplication::clipboard()->text(), u"$.owner.plan"_s);

        page->compareSavedDumps(before, before);
        QVERIFY(comparison.wait(10000));
        QVERIFY(view->differences().isEmpty());
        QVERIFY2(view->summaryLabel()->text().startsWith(u"No differences"_s),
                 qPrintable(view->summaryLabel()->text()));
    }

    // Two 50,000-issue dumps, every title changed: read, parsed and diffed on a worker thread while the
    // window keeps ticking; the view shows the first 10,000 differences and says the comparison stopped
    // early.
    void bigDumpDiffKeepsTheWindowResponsive()
    {
        QJsonArray before;
        QJsonArray after;
        for (int i = 0; i < 50000; ++i) {
            before.append(QJsonObject{
                {u"id"_s, i}, {u"issue_title"_s, u"Issue %1"_s.arg(i)}, {u"status"_s, u"open"_s}});
            after.append(QJsonObject{
                {u"id"_s, i}, {u"issue_title"_s, u"Issue %1 (edited)"_s.arg(i)}, {u"status"_s, u"open"_s}});
        }
        const QString beforePath = work.filePath(u"big-before.json"_s);
        const QString afterPath = work.filePath(u"big-after.json"_s);
        QVERIFY(writeJson(beforePath, QJsonObject{{u"issues"_s, before}}));
        QVERIFY(writeJson(afterPath, QJsonObject{{u"issues"_s, after}}));
        page->setSandbox(u"github"_s, u"x"_s);

        QElapsedTimer clock;
        QElapsedTimer sinceTick;
        qint64 longestGap = 0;
        QTimer ticker;
        ticker.setInterval(10);
        connect(&ticker, &QTimer::timeout, this,
                [&] { longestGap = std::max(longestGap, sinceTick.restart()); });
        QSignalSpy comparison(page.get(), &SandboxDataPage::comparisonShown);
        clock.start();
        sinceTick.start();
        ticker.start();
        page->compareSavedDumps(beforePath, afterPath);
        QVERIFY(comparison.wait(30000));
        const qint64 total = clock.elapsed();
        QSignalSpy tickAfterFilling(&ticker, &QTimer::timeout); // measures the gap of filling the view too
        QVERIFY(tickAfterFilling.wait(5000));
        ticker.stop();
        QCOMPARE(page->diffView()->differences().size(), JsonDiff::defaultMaxDifferences);
        QCOMPARE(page->diffView()->treeView()->model()->rowCount(), int(JsonDiff::defaultMaxDifferences));
        QVERIFY(page->diffView()->summaryLabel()->text().contains(u"stopped early"_s));
        qInfo("50,000-issue dumps (%lld KB each), 10,000 differences shown: %lld ms; longest GUI gap %lld ms",
              QFileInfo(beforePath).size() / 1024, total, longestGap);
        // About 450 ms here: the bound catches a blow-up, not speed.
        QVERIFY2(total < 8000, qPrintable(QString::number(total)));
        // Reading, parsing and diffing, the work, run on a worker thread; the view makes rows as they are
        // shown.
        QVERIFY2(longestGap < total / 2, qPrintable(QString::number(longestGap)));
    }

    // Every kind's colour reads on both palettes (WCAG 3:1 for bold text) and differs between them.
    void kindColoursReadOnLightAndDark()
    {
        for (const QPalette &palette : {ThemeApplier::lightPalette(), ThemeApplier::darkPalette()}) {
            for (const auto kind : {JsonDifference::Kind::Added, JsonDifference::Kind::Removed,
                                    JsonDifference::Kind::Changed, JsonDifference::Kind::TypeChanged}) {
                const QColor colour = JsonDiffView::kindColour(kind, palette);
                QVERIFY2(contrast(colour, palette.color(QPalette::Base)) >= 3.0, qPrintable(colour.name()));
                QVERIFY2(contrast(colour, palette.color(QPalette::AlternateBase)) >= 3.0,
                         qPrintable(colour.name()));
            }
        }
        QVERIFY(JsonDiffView::kindColour(JsonDifference::Kind::Added, ThemeApplier::lightPalette()) !=
                JsonDiffView::kindColour(JsonDifference::Kind::Added, ThemeApplier::darkPalette()));
    }
};

std::unique_ptr<QObject> SandboxDataTest::newDiffTest()
{
    return std::make_unique<TestSandboxDataDiff>();
}

#include "tst_sandboxdatadiff.moc"
