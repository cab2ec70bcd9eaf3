// The follow console over the demo emulator (a part of tst_executionsview, see executionsviewtest.h): two
// sandboxes' logs merged with prefixes, each kept exactly as its script wrote it, each sandbox's execution in
// the ledger, and the filter re-shown by slices with a newer filter winning.

#include "emulatorprobe.h"
#include "executions/executionconsole.h"
#include "executions/followconsole.h"
#include "executionsviewtest.h"
#include "ledger/ledgeraccess.h"
#include "ledger/runledger.h"

#include <QLabel>
#include <QPlainTextEdit>

using namespace Qt::StringLiterals;

class TestFollowConsole : public ExecutionsViewTest
{
    Q_OBJECT

private slots:
    void init() { startApp(); }
    void cleanup() { stopApp(); }

    void theFollowConsoleMergesTwoSandboxesWithPrefixes()
    {
        const QStringList ids = EmulatorProbe(app->emulator()).localSandboxIds().mid(0, 2);
        FollowConsole follow(app->controller()->session()->executionRuns());
        QSignalSpy done(&follow, &FollowConsole::allFinished);
        // A line printed in two pieces is still one line; the last one has no newline.
        follow.run(ids,
                   scriptFolder("import sys\nfor i in range(200):\n"
                                "    sys.stdout.write(f'row {i} ')\n    sys.stdout.flush()\n"
                                "    print('\\x1b[36mdone\\x1b[0m')\n"
                                "sys.stdout.write('tail without newline')\n"),
                   u"merged"_s);
        QVERIFY(done.wait(60000));
        QCOMPARE(follow.statusOf(0), u"completed"_s);
        QCOMPARE(follow.statusOf(1), u"completed"_s);
        QCOMPARE(follow.mergedLineCount(), 402);
        QVERIFY(QTest::qWaitFor([&follow] { return follow.isUpToDate(); }, 10000));
        // Each sandbox's ledger has the execution, completed, as the Executions tab lists it.
        for (const QString &id : ids) {
            QString outcome;
            QVERIFY(QTest::qWaitFor(
                [&] {
                    bool answered = false;
                    LedgerAccess(app->controller()->session()->ledger())
                        .call<QList<LedgerOperation>>(
                            [id](RunLedger &ledger) {
                                return ledger.executionsOf(LedgerProvider::KlavisLocal, id);
                            },
                            &follow,
                            [&](const LedgerResult<QList<LedgerOperation>> &result) {
                                answered = true;
                                if (result && !result.value().isEmpty() &&
                                    result.value().first().executionName == u"merged"_s)
                                    outcome = result.value().first().outcome;
                            });
                    if (!QTest::qWaitFor([&] { return answered; }, 5000))
                        return false;
                    return outcome == u"completed"_s;
                },
                10000));
        }
        const QStringList lines = follow.console()->plainText().split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 402);
        for (int source = 0; source < 2; ++source) {
            const QString prefix = follow.prefixOf(source) + u"  "_s;
            QCOMPARE(prefix.size(), 10);
            QStringList own;
            for (const QString &line : lines)
                if (line.startsWith(prefix))
                    own.append(line.mid(prefix.size()));
            QCOMPARE(own.size(), 201);
            for (int i = 0; i < 200; ++i)
                QCOMPARE(own.at(i), u"row %1 done"_s.arg(i));
            QCOMPARE(own.last(), u"tail without newline"_s);
        }
        // The filter: one sandbox's lines, then lines ending in 7, then an invalid pattern shows all.
        const auto shownAfterFilter = [&follow] {
            return QTest::qWaitFor([&follow] { return follow.isUpToDate(); }, 10000)
                       ? follow.console()->plainText().split(u'\n', Qt::SkipEmptyParts)
                       : QStringList();
        };
        QVERIFY(follow.setFilter(u"^"_s + QRegularExpression::escape(follow.prefixOf(1))));
        QStringList shown = shownAfterFilter();
        QCOMPARE(shown.size(), 201);
        for (const QString &line : shown)
            QVERIFY(line.startsWith(follow.prefixOf(1)));
        follow.filterField()->setText(u"row \\d*7 "_s);
        shown = shownAfterFilter();
        QCOMPARE(shown.size(), 40);
        QVERIFY(!follow.setFilter(u"row ("_s));
        QVERIFY(follow.filterProblem()->isVisibleTo(&follow));
        QVERIFY(follow.filterProblem()->text().contains(u"Not a regular expression"_s));
        QCOMPARE(shownAfterFilter().size(), 402);
    }

    void theFollowConsoleKeepsEachLogAsWrittenAndRefiltersBySlices()
    {
        // 3 x 20,000 lines, coloured, with a multi-byte character: kept once, as each sandbox wrote them.
        const QStringList ids = EmulatorProbe(app->emulator()).localSandboxIds().mid(0, 3);
        FollowConsole follow(app->controller()->session()->executionRuns());
        QSignalSpy done(&follow, &FollowConsole::allFinished);
        follow.run(ids,
                   scriptFolder("for i in range(20000):\n"
                                "    print(f'n\\u00e9 {i} \\x1b[3{i % 8}mcolour\\x1b[0m end')\n"),
                   u"kept"_s);
        QVERIFY(done.wait(120000));
        QVERIFY(QTest::qWaitFor([&follow] { return follow.isUpToDate(); }, 60000));
        QCOMPARE(follow.mergedLineCount(), 60'000);
        QByteArray expected;
        for (int i = 0; i < 20'000; ++i)
            expected += "n\xc3\xa9 " + QByteArray::number(i) + " \x1b[3" + QByteArray::number(i % 8) +
                        "mcolour\x1b[0m end\n";
        QList<QByteArray> perSource(3);
        for (qint64 line = 0; line < follow.mergedLineCount(); ++line)
            perSource[follow.mergedSource(line)] += follow.mergedBytes(line).toByteArray();
        for (const QByteArray &bytes : perSource)
            QVERIFY(bytes == expected);
        // Shown as parsed, once: the console's text is each line's text behind its prefix.
        QCOMPARE(follow.console()->lineCount(), 60'000);

        // A filter that shows everything is re-shown by slices: it is not done when setFilter returns;
        // a newer filter started before it finishes replaces it, and only its lines are shown.
        QVERIFY(follow.setFilter(u"colour"_s));
        QVERIFY(!follow.isUpToDate());
        QVERIFY(QTest::qWaitFor([&follow] { return follow.console()->lineCount() > 0; }, 10000));
        QVERIFY(!follow.isUpToDate());
        QVERIFY(follow.setFilter(u" 1234 "_s));
        QVERIFY(QTest::qWaitFor([&follow] { return follow.isUpToDate(); }, 60000));
        const QStringList shown = follow.console()->plainText().split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(shown.size(), 3);
        for (int source = 0; source < 3; ++source)
            QCOMPARE(shown.filter(follow.prefixOf(source) + u"  n\u00e9 1234 colour end"_s).size(), 1);
    }
};

std::unique_ptr<QObject> ExecutionsViewTest::newFollowConsoleTest()
{
    return std::make_unique<TestFollowConsole>();
}

#include "tst_followconsole.moc"
