// The Executions tab over the in-process demo emulator through real HTTP: a script folder dropped and run,
// its log in the console (ANSI colours rendered, the plain text equal to the script's output), a failing
// script's traceback, 100,000 lines whole across a 429 and a reply cut halfway, the ledger's list of earlier
// executions and a log read again from it, artifacts into an empty folder (a non-empty one refused).
// Screenshots of the tab and the follow console, light and dark, go to SANDBOXDECK_SCREENSHOT_DIR. The
// follow console's own tests are the second part (tst_followconsole.cpp); the ANSI parser's are in
// tests/models/tst_ansitextparser.

#include "../postedevents.h"
#include "emulatorprobe.h"
#include "executions/consolecolours.h"
#include "executions/executionconsole.h"
#include "executions/executionstab.h"
#include "executions/followconsole.h"
#include "executionsviewtest.h"
#include "filedrop.h"
#include "inspector/sandboxworktabs.h"
#include "ledger/ledgeraccess.h"
#include "ledger/runledger.h"
#include "models/ansitextparser.h"
#include "models/localsandboxtreemodel.h"
#include "preferences/themeapplier.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QToolButton>
#include <QTreeWidget>

using namespace Qt::StringLiterals;

namespace {

QByteArray hundredThousandLines()
{
    QByteArray text;
    for (int i = 0; i < 100'000; ++i)
        text += "line " + QByteArray::number(i) + " of a script that prints at full speed\n";
    return text;
}

} // namespace

class TestExecutionsView : public ExecutionsViewTest
{
    Q_OBJECT

private slots:
    void init() { startApp(); }
    void cleanup() { stopApp(); }

    void coloursReadOnBothBackgrounds()
    {
        // Yellow on white and blue on black are the classic unreadable ones.
        const QColor yellowOnLight = ConsoleColours::of(AnsiStyle::indexed(3), false);
        const QColor blueOnDark = ConsoleColours::of(AnsiStyle::indexed(4), true);
        QVERIFY(yellowOnLight.lightness() < 110);
        QVERIFY(blueOnDark.lightness() > 140);
        QVERIFY(!ConsoleColours::of(AnsiStyle(), false).isValid());
    }

    void theTabIsThereForOneLocalSandbox()
    {
        auto *tabs = app->localPage()->workTabs();
        QVERIFY(tabs->executionsIndex() >= 0);
        QVERIFY(!tabs->isTabEnabled(tabs->executionsIndex()));
        showFirstSandbox();
        QVERIFY(tabs->isTabEnabled(tabs->executionsIndex()));
        QCOMPARE(tab()->sandboxId(), EmulatorProbe(app->emulator()).localSandboxIds().at(0));
    }

    void aFolderWithoutMainPyAndABadNameAreRefused()
    {
        showFirstSandbox();
        const QString empty = work->filePath(u"empty"_s);
        QDir().mkpath(empty);
        QVERIFY(!tab()->setFolder(empty));
        QVERIFY(tab()->messageLabel()->isVisibleTo(tab()));
        QVERIFY2(tab()->messageLabel()->text().contains(u"has no main.py"_s),
                 qPrintable(tab()->messageLabel()->text()));
        QVERIFY(!tab()->runButton()->isEnabled());
        QVERIFY(tab()->setFolder(scriptFolder("print('x')\n")));
        QVERIFY(tab()->runButton()->isEnabled());
        tab()->nameField()->setText(u"has space"_s);
        QVERIFY(!tab()->runButton()->isEnabled());
        tab()->nameField()->setText(QString(65, u'a').left(64));
        QVERIFY(tab()->runButton()->isEnabled());
        QVERIFY(!ExecutionsTab::isValidName(QString(65, u'a')));
        QVERIFY(!ExecutionsTab::isValidName(QString()));
        QVERIFY(ExecutionsTab::isValidName(u"a.b-c_9"_s));
        QVERIFY(ExecutionsTab::isValidName(ExecutionsTab::defaultName()));
    }

    void aDroppedFolderRunsAndItsColouredLogIsShown()
    {
        showFirstSandbox();
        const QString folder = scriptFolder("print('\\x1b[32mgreen\\x1b[0m plain')\n"
                                            "print('\\x1b[1;31mbold red\\x1b[0m')\n"
                                            "for i in range(3):\n    print('line', i)\n");
        FileDrop::dropFiles(tab(), {folder}, tab()->rect().center());
        QCOMPARE(tab()->folder(), QFileInfo(folder).absoluteFilePath());
        tab()->nameField()->setText(u"coloured"_s);
        QSignalSpy finished(tab(), &ExecutionsTab::executionFinished);
        tab()->runButton()->click();
        QVERIFY(finished.wait(30000));
        ExecutionConsole *console = tab()->console();
        QCOMPARE(console->plainText(), u"green plain\nbold red\nline 0\nline 1\nline 2\n"_s);
        QCOMPARE(console->status(), u"completed"_s);
        QCOMPARE(console->lineCount(), 5);
        // The colours: the first word green, "bold red" bold.
        QTextCursor cursor(console->textView()->document()->firstBlock());
        cursor.movePosition(QTextCursor::Right);
        const QColor green = cursor.charFormat().foreground().color();
        QCOMPARE(green,
                 ConsoleColours::of(AnsiStyle::indexed(2), ConsoleColours::isDark(console->palette())));
        cursor.movePosition(QTextCursor::NextBlock);
        cursor.movePosition(QTextCursor::Right);
        QCOMPARE(cursor.charFormat().fontWeight(), int(QFont::Bold));
        // Save writes the raw log, escapes and all.
        const QString saved = work->filePath(u"saved.log"_s);
        QSignalSpy savedSpy(console, &ExecutionConsole::saved);
        console->saveTo(saved);
        QVERIFY(savedSpy.wait(10000));
        QCOMPARE(savedSpy.first().at(1).toString(), QString());
        QFile file(saved);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().startsWith("\x1b[32mgreen\x1b[0m plain\n"));
        // Search finds and selects, and stops following.
        QVERIFY(console->find(u"line 1"_s));
        QCOMPARE(console->textView()->textCursor().selectedText(), u"line 1"_s);
        QVERIFY(!console->isFollowing());
        QVERIFY(!console->find(u"absent"_s));
        console->followButton()->click();
        QVERIFY(console->isFollowing());
        QCOMPARE(tab()->nameField()->text().startsWith(u"exec-"_s), true); // a fresh name for the next run
    }

    // A console shows one sandbox's log: another sandbox selected shows its own (empty) console, and the
    // run's comes back with the run's sandbox.
    void theConsoleFollowsTheSelectedSandbox()
    {
        const QString first = showFirstSandbox();
        QVERIFY(runAndWait(scriptFolder("print('only in the first sandbox')\n"), u"first-only"_s));
        QVERIFY(tab()->console()->plainText().contains(u"only in the first sandbox"_s));
        // Read again from the list: the earlier-log console says "completed" with the run's time.
        QSignalSpy reread(tab(), &ExecutionsTab::logReread);
        tab()->showEarlier(u"first-only"_s);
        QVERIFY(reread.wait(30000));
        QCOMPARE(tab()->console()->status(), u"completed"_s);
        const QString second = EmulatorProbe(app->emulator()).localSandboxIds().at(1);
        select(second);
        QTRY_COMPARE(tab()->sandboxId(), second);
        QCOMPARE(tab()->console()->plainText(), QString());
        QCOMPARE(tab()->console()->lineCount(), 0);
        // Nothing of the other sandbox's log stays in its header: no status, no clock.
        QCOMPARE(tab()->console()->status(), QString());
        QCOMPARE(tab()->console()->elapsedText(), QString());
        select(first);
        QTRY_COMPARE(tab()->sandboxId(), first);
        QVERIFY(tab()->console()->plainText().contains(u"only in the first sandbox"_s));
    }

    void aFailingScriptShowsFailedAndItsTraceback()
    {
        showFirstSandbox();
        QVERIFY(runAndWait(scriptFolder("print('before the error')\nraise ValueError('deliberate')\n"),
                           u"failing"_s));
        const QString text = tab()->console()->plainText();
        QCOMPARE(tab()->console()->status(), u"failed"_s);
        QVERIFY2(text.startsWith(u"before the error\n"_s), qPrintable(text));
        QVERIFY2(text.contains(u"Traceback"_s), qPrintable(text));
        QVERIFY2(text.contains(u"ValueError: deliberate"_s), qPrintable(text));
    }

    void hundredThousandLinesArriveWholeAndTheListReadsThemAgain()
    {
        const QString id = showFirstSandbox();
        QVERIFY(tab()->setFolder(
            scriptFolder("for i in range(100000):\n"
                         "    print(f\"line {i} of a script that prints at full speed\")\n")));
        tab()->nameField()->setText(u"lines"_s);
        QSignalSpy finished(tab(), &ExecutionsTab::executionFinished);
        tab()->runButton()->click();
        // Once the first lines are in, the next log polls meet a 429 and then a reply cut halfway through
        // its body: the console must still get every byte once, in order.
        QVERIFY(QTest::qWaitFor([this] { return tab()->console()->byteCount() > 0; }, 30000));
        QVERIFY(tab()->console()->byteCount() < hundredThousandLines().size() / 2);
        Emulator::FaultSettings faults = EmulatorProbe(app->emulator()).faults();
        faults.onlyPath = u"/execution-logs"_s;
        faults.rateLimitNextRequests = 1;
        faults.retryAfterSeconds = 0;
        faults.dropNextReplies = 1;
        app->emulator()->setFaults(faults);
        QVERIFY(finished.wait(60000));
        QCOMPARE(EmulatorProbe(app->emulator()).faults().rateLimitNextRequests, 0);
        QCOMPARE(EmulatorProbe(app->emulator()).faults().dropNextReplies, 0);
        // The demo's own rate limiter may answer a poll 429 too, more often on a slow machine: only the armed
        // one is counted.
        int injected = 0;
        for (const Emulator::RecordedRequest &request : EmulatorProbe(app->emulator()).apiRequests())
            injected += request.path.endsWith(u"/execution-logs"_s) &&
                                request.fault == Emulator::HttpReply::Fault::InjectedRateLimit
                            ? 1
                            : 0;
        QCOMPARE(injected, 1);

        const QString expected = QString::fromLatin1(hundredThousandLines());
        QCOMPARE(tab()->console()->status(), u"completed"_s);
        QCOMPARE(tab()->console()->lineCount(), 100'000);
        const QString shown = tab()->console()->plainText();
        QCOMPARE(shown.size(), expected.size());
        QVERIFY(shown == expected);
        QCOMPARE(tab()->console()->rawText(), hundredThousandLines());

        // The ledger lists it (newest first) as completed; choosing it reads the same log from byte 0.
        QTreeWidget *history = tab()->history();
        QVERIFY(QTest::qWaitFor(
            [history] {
                return history->topLevelItemCount() > 0 &&
                       history->topLevelItem(0)->text(2) == u"completed"_s;
            },
            10000));
        QCOMPARE(history->topLevelItem(0)->text(0), u"lines"_s);
        tab()->console()->clear();
        QSignalSpy reread(tab(), &ExecutionsTab::logReread);
        history->setCurrentItem(history->topLevelItem(0));
        tab()->showEarlier(u"lines"_s);
        QVERIFY(reread.wait(60000));
        QVERIFY(tab()->console()->plainText() == expected);
        QCOMPARE(tab()->console()->status(), u"completed"_s);

        // Another sandbox has none; back, and the list is there again.
        QSignalSpy loaded(tab(), &ExecutionsTab::historyLoaded);
        select(EmulatorProbe(app->emulator()).localSandboxIds().at(1));
        QVERIFY(tab()->sandboxId() != id);
        QVERIFY(QTest::qWaitFor([&loaded] { return loaded.size() == 1; }, 5000));
        QCOMPARE(history->topLevelItemCount(), 0);
        select(id);
        QVERIFY(QTest::qWaitFor([&loaded] { return loaded.size() == 2; }, 5000));
        QCOMPARE(history->topLevelItemCount(), 1);
    }

    void artifactsGoIntoAnEmptyFolderOnly()
    {
        showFirstSandbox();
        QVERIFY(runAndWait(scriptFolder("import os\nos.makedirs('out', exist_ok=True)\n"
                                        "open('out/result.txt', 'w').write('forty-two\\n')\n"),
                           u"artifacts"_s));
        const QString full = work->filePath(u"full"_s);
        QDir().mkpath(full);
        QFile(full + u"/keep.txt"_s).open(QIODevice::WriteOnly);
        QSignalSpy exported(tab(), &ExecutionsTab::artifactsExported);
        tab()->exportArtifactsTo(full);
        QCOMPARE(exported.size(), 1);
        QVERIFY(exported.first().at(1).toString().contains(u"not empty"_s));
        const QString target = work->filePath(u"artifacts-out"_s);
        tab()->exportArtifactsTo(target);
        QVERIFY(exported.wait(30000));
        QCOMPARE(exported.last().at(1).toString(), QString());
        QFile result(target + u"/out/result.txt"_s);
        QVERIFY(result.open(QIODevice::ReadOnly));
        QCOMPARE(result.readAll(), QByteArray("forty-two\n"));
    }

    void screenshots()
    {
        QDir().mkpath(QStringLiteral(SANDBOXDECK_SCREENSHOT_DIR));
        showFirstSandbox();
        QVERIFY(runAndWait(
            scriptFolder("import sys\n"
                         "print('\\x1b[1mtraining run\\x1b[0m seed=7')\n"
                         "for epoch in range(1, 13):\n"
                         "    colour = 32 if epoch % 4 else 33\n"
                         "    print(f'epoch {epoch:2d}  loss \\x1b[{colour}m{1.0/epoch:.4f}\\x1b[0m  "
                         "acc \\x1b[36m{0.5 + epoch / 30:.3f}\\x1b[0m')\n"
                         "print('\\x1b[33mwarning:\\x1b[0m requirements not installed')\n"
                         "print('\\x1b[1;32mdone\\x1b[0m, model saved to out/model.bin')\n"),
            u"train-seed-7"_s));
        QVERIFY(runAndWait(scriptFolder("print('loading')\nraise RuntimeError('dataset missing')\n"),
                           u"train-seed-8"_s));
        QTreeWidget *history = tab()->history();
        QVERIFY(QTest::qWaitFor([history] { return history->topLevelItemCount() == 2; }, 10000));
        QSignalSpy reread(tab(), &ExecutionsTab::logReread);
        history->setCurrentItem(history->topLevelItem(1));
        tab()->showEarlier(u"train-seed-7"_s);
        QVERIFY(reread.wait(30000));
        for (const QString &theme : {u"light"_s, u"dark"_s}) {
            ThemeApplier::apply(theme == u"dark"_s ? ThemeSetting::Theme::Dark : ThemeSetting::Theme::Light);
            // Colours are taken as text arrives: read again in this theme.
            tab()->showEarlier(u"train-seed-7"_s);
            QVERIFY(reread.wait(30000));
            for (const QSize &size : {QSize(800, 500), QSize(1280, 780)}) {
                app->window()->resize(size);
                QVERIFY(PostedEvents::layoutsSettled());
                const QString name = u"executions-%1-%2x%3"_s.arg(theme).arg(size.width()).arg(size.height());
                QVERIFY(app->window()->grab().toImage().save(QStringLiteral(SANDBOXDECK_SCREENSHOT_DIR) +
                                                             u'/' + name + u".png"_s));
            }
            const QStringList ids = EmulatorProbe(app->emulator()).localSandboxIds().mid(0, 3);
            FollowConsole follow(app->controller()->session()->executionRuns());
            QSignalSpy done(&follow, &FollowConsole::allFinished);
            follow.run(ids,
                       scriptFolder("import os, time\n"
                                    "for step in range(8):\n"
                                    "    print(f'step {step}: reward \\x1b[32m{step * 0.125:.3f}\\x1b[0m', "
                                    "flush=True)\n"
                                    "    time.sleep(0.15)\n"
                                    "print('\\x1b[1mfinished\\x1b[0m')\n"),
                       u"follow-%1"_s.arg(theme));
            follow.resize(1000, 560);
            follow.show();
            QVERIFY(done.wait(60000));
            // Lines are shown in slices, one per turn of the event loop: the last ones may still wait.
            QTRY_VERIFY(follow.isUpToDate() && !follow.console()->hasPending());
            QVERIFY(PostedEvents::layoutsSettled());
            QVERIFY(follow.grab().toImage().save(QStringLiteral(SANDBOXDECK_SCREENSHOT_DIR) +
                                                 u"/follow-console-%1.png"_s.arg(theme)));
        }
        ThemeApplier::apply(ThemeSetting::Theme::System);
    }
};

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setAttribute(Qt::AA_Use96Dpi, true);
    QTEST_SET_MAIN_SOURCE_PATH
    int failed = 0;
    {
        TestExecutionsView view;
        failed |= QTest::qExec(&view, argc, argv);
    }
    const std::unique_ptr<QObject> follow = ExecutionsViewTest::newFollowConsoleTest();
    failed |= QTest::qExec(follow.get(), argc, argv);
    return failed;
}

#include "tst_executionsview.moc"
