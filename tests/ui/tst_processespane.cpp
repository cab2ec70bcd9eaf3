// The Processes tab of a Blaxel sandbox, driven as a person drives it against the in-process demo emulator:
// a process started through the dialog (a real python3 on this machine, in the sandbox's folder), listed
// and selected, its stdout and stderr followed in the log, then killed; a start the sandbox refuses says
// why; another sandbox starts over; a hidden tab asks nothing.

#include "blaxelrows.h"
#include "demoapp.h"

#include "blaxel/blaxelsandboxespage.h"
#include "executions/consolecolours.h"
#include "executions/executionconsole.h"
#include "models/blaxelprocesslistmodel.h"
#include "models/blaxelsandboxlistmodel.h"
#include "processes/processespane.h"
#include "processes/processstartdialog.h"
#include "session/processcontroller.h"
#include "session/processmonitor.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTabWidget>
#include <QTextBlock>
#include <QTextDocument>
#include <QTimer>
#include <QTreeView>

#include <algorithm>

using namespace Qt::StringLiterals;

class TestProcessesPane : public QObject
{
    Q_OBJECT

    std::unique_ptr<DemoApp> app;

    BlaxelSandboxesPage *page() const { return app->window()->blaxelSandboxesPage(); }
    ProcessesPane *pane() const { return page()->processesPane(); }
    QPushButton *button(const QString &name) const { return pane()->findChild<QPushButton *>(name); }

    void select(const QString &name)
    {
        QVERIFY2(BlaxelRows::selectOnly(page()->view(), name), qPrintable(name));
    }

    // The Processes tab of `sandbox`, its monitor polling.
    bool showProcessesOf(const QString &sandbox)
    {
        select(sandbox);
        page()->sideTabs()->setCurrentWidget(pane());
        return QTest::qWaitFor(
            [this] {
                return pane()->monitor() && pane()->monitor()->isActive() &&
                       button(u"startProcessButton"_s)->isEnabled();
            },
            10000);
    }

    // Clicks Start…, fills the dialog with `fill` once it shows, and clicks its Start button.
    void startThroughTheDialog(const std::function<void(ProcessStartDialog *)> &fill)
    {
        bool filled = false;
        QTimer::singleShot(0, this, [&] {
            auto *dialog = qobject_cast<ProcessStartDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            fill(dialog);
            filled = true;
            QPushButton *start = dialog->buttons()->button(QDialogButtonBox::Ok);
            if (start->isEnabled())
                start->click();
            else
                dialog->reject();
        });
        button(u"startProcessButton"_s)->click();
        QVERIFY(filled);
    }

    QString logText() const
    {
        pane()->console()->flush();
        return pane()->console()->plainText();
    }

    // The colour the console paints `text` in; invalid for the text's own.
    QColor colourOf(const QString &text) const
    {
        pane()->console()->flush();
        for (QTextBlock block = pane()->console()->textView()->document()->begin(); block.isValid();
             block = block.next()) {
            for (auto it = block.begin(); !it.atEnd(); ++it) {
                const QTextFragment fragment = it.fragment();
                if (fragment.text().contains(text))
                    return fragment.charFormat().hasProperty(QTextFormat::ForegroundBrush)
                               ? fragment.charFormat().foreground().color()
                               : QColor();
            }
        }
        return QColor(Qt::transparent); // not there at all
    }

private Q_SLOTS:
    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        app->controller()->session()->processes()->setPollIntervalMs(200);
        QVERIFY(app->showBlaxelSandboxes());
    }
    void cleanup() { app.reset(); }

    void startsFollowsAndKillsAProcess()
    {
        QVERIFY(showProcessesOf(u"research-notebook"_s));
        QVERIFY(pane()->findChild<QLabel *>(u"processesNotice"_s)->text().contains(u"this machine"_s));
        // An empty list says what to do, once it was read.
        QTRY_COMPARE_WITH_TIMEOUT(pane()->stateLabel()->text(),
                                  u"No processes in research-notebook yet: Start… runs one."_s, 10000);
        ProcessMonitor *monitor = pane()->monitor();
        QVERIFY(monitor);
        QSignalSpy logs(monitor, &ProcessMonitor::logsChanged);
        startThroughTheDialog([](ProcessStartDialog *dialog) {
            dialog->commandField()->setText(u"python3 -u -c \"import os,sys,time; "
                                            u"print('out', os.environ['GREETING']); "
                                            u"print('err-line', file=sys.stderr); time.sleep(120)\""_s);
            dialog->environmentField()->setPlainText(u"GREETING=hello-42"_s);
            dialog->nameField()->setText(u"sleeper"_s);
        });
        // Listed and selected by itself, its log followed: stdout with the environment given, and stderr.
        QTRY_COMPARE_WITH_TIMEOUT(pane()->selectedProcess(), u"sleeper"_s, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(logText().contains(u"out hello-42"_s) && logText().contains(u"err-line"_s),
                                 10000);
        // stderr in red, stdout in the text's own colour, each line once.
        const bool dark = ConsoleColours::isDark(pane()->console()->textView()->palette());
        QCOMPARE(colourOf(u"err-line"_s),
                 ConsoleColours::of(AnsiStyle::indexed(ConsoleColours::errorIndex), dark));
        QCOMPARE(colourOf(u"out hello-42"_s), QColor());
        QCOMPARE(logText().count(u"out hello-42"_s), 1);
        // Following it cleared the console once, not once for the choice and again for the stream.
        const auto clears = std::count_if(logs.cbegin(), logs.cend(), [](const QList<QVariant> &change) {
            return change.at(0).toString() == u"sleeper"_s && change.at(2).toBool();
        });
        QCOMPARE(clears, 1);
        const QModelIndex row = pane()->view()->currentIndex();
        QCOMPARE(row.siblingAtColumn(BlaxelProcessListModel::StatusColumn).data().toString(), u"running"_s);
        QVERIFY(button(u"stopProcessButton"_s)->isEnabled());
        QVERIFY(button(u"killProcessButton"_s)->isEnabled());
        QCOMPARE(pane()->console()->status(), u"running"_s);

        button(u"killProcessButton"_s)->click();
        QTRY_COMPARE_WITH_TIMEOUT(pane()
                                      ->view()
                                      ->currentIndex()
                                      .siblingAtColumn(BlaxelProcessListModel::StatusColumn)
                                      .data()
                                      .toString(),
                                  u"killed"_s, 10000);
        QVERIFY(!button(u"killProcessButton"_s)->isEnabled());
        QVERIFY(!button(u"stopProcessButton"_s)->isEnabled());
        QCOMPARE(pane()->console()->status(), u"killed"_s);
        QVERIFY(pane()->stateLabel()->isHidden());
        // Its log ended with it, which the console says, and nothing came twice.
        QTRY_VERIFY_WITH_TIMEOUT(logText().contains(u"The process ended: this is its whole log."_s), 10000);
        QCOMPARE(logText().count(u"err-line"_s), 1);
    }

    void aStopEndsItGracefully()
    {
        QVERIFY(showProcessesOf(u"research-notebook"_s));
        startThroughTheDialog([](ProcessStartDialog *dialog) {
            dialog->commandField()->setText(u"python3 -c \"import time; time.sleep(120)\""_s);
        });
        QTRY_VERIFY_WITH_TIMEOUT(!pane()->selectedProcess().isEmpty(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(button(u"stopProcessButton"_s)->isEnabled(), 10000);
        button(u"stopProcessButton"_s)->click();
        QTRY_COMPARE_WITH_TIMEOUT(pane()
                                      ->view()
                                      ->currentIndex()
                                      .siblingAtColumn(BlaxelProcessListModel::StatusColumn)
                                      .data()
                                      .toString(),
                                  u"stopped"_s, 10000);
    }

    // The Ports column shows what a running process listens on, asked by the monitor after each list, and
    // nothing once it ended.
    void thePortsColumnShowsWhatItListensOn()
    {
        QVERIFY(showProcessesOf(u"research-notebook"_s));
        startThroughTheDialog([](ProcessStartDialog *dialog) {
            dialog->commandField()->setText(u"python3 -u -c \"import socket,time; s=socket.socket(); "
                                            u"s.bind(('127.0.0.1',0)); s.listen(); "
                                            u"print('port', s.getsockname()[1]); time.sleep(120)\""_s);
            dialog->nameField()->setText(u"listener"_s);
        });
        QTRY_COMPARE_WITH_TIMEOUT(pane()->selectedProcess(), u"listener"_s, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(logText().contains(u"port "_s), 10000);
        const QString port = logText().section(u"port "_s, 1).section(u'\n', 0, 0).trimmed();
        QVERIFY(port.toInt() > 0);
        const auto shownPorts = [this] {
            return pane()
                ->view()
                ->currentIndex()
                .siblingAtColumn(BlaxelProcessListModel::PortsColumn)
                .data()
                .toString();
        };
        QTRY_COMPARE_WITH_TIMEOUT(shownPorts(), port, 10000);
        QCOMPARE(pane()
                     ->view()
                     ->model()
                     ->headerData(BlaxelProcessListModel::PortsColumn, Qt::Horizontal)
                     .toString(),
                 u"Ports"_s);
        button(u"killProcessButton"_s)->click();
        QTRY_COMPARE_WITH_TIMEOUT(pane()
                                      ->view()
                                      ->currentIndex()
                                      .siblingAtColumn(BlaxelProcessListModel::StatusColumn)
                                      .data()
                                      .toString(),
                                  u"killed"_s, 10000);
        QCOMPARE(shownPorts(), QString());
    }

    void aRefusedStartSaysWhy()
    {
        QVERIFY(showProcessesOf(u"research-notebook"_s));
        startThroughTheDialog([](ProcessStartDialog *dialog) {
            dialog->commandField()->setText(u"curl https://example.com"_s);
        });
        // The refusal, not the empty list's hint, which may show first on a busy machine.
        QTRY_VERIFY2_WITH_TIMEOUT(pane()->stateLabel()->isVisible() &&
                                      pane()->stateLabel()->text().contains(u"curl"_s),
                                  qPrintable(pane()->stateLabel()->text()), 10000);
        QCOMPARE(pane()->view()->model()->rowCount(), 0);
        // The next Start… offers what was typed, and a good start clears the complaint.
        QString offered;
        startThroughTheDialog([&offered](ProcessStartDialog *dialog) {
            offered = dialog->commandField()->text();
            dialog->commandField()->setText(u"ls"_s);
        });
        QCOMPARE(offered, u"curl https://example.com"_s);
        QTRY_VERIFY_WITH_TIMEOUT(pane()->view()->model()->rowCount() == 1, 10000);
        QVERIFY(!pane()->stateLabel()->text().contains(u"curl"_s));
    }

    void aNewPaneSaysWhatToDo()
    {
        ProcessesPane fresh(app->controller()->session()->processes());
        QCOMPARE(fresh.stateLabel()->text(), u"Select one sandbox to see its processes."_s);
        QVERIFY(!fresh.findChild<QPushButton *>(u"startProcessButton"_s)->isEnabled());
        QVERIFY(!fresh.findChild<QPushButton *>(u"stopProcessButton"_s)->isEnabled());
        QVERIFY(!fresh.findChild<QPushButton *>(u"killProcessButton"_s)->isEnabled());
    }

    void theDialogSaysWhatCannotBeSent()
    {
        ProcessStartDialog dialog(u"research-notebook"_s);
        QPushButton *start = dialog.buttons()->button(QDialogButtonBox::Ok);
        QVERIFY(!start->isEnabled());
        dialog.commandField()->setText(u"ls"_s);
        QVERIFY(start->isEnabled());
        dialog.environmentField()->setPlainText(u"1BAD=x"_s);
        QVERIFY(!start->isEnabled());
        QVERIFY(dialog.problemLabel()->text().contains(u"1BAD=x"_s));
        dialog.environmentField()->setPlainText(u"GOOD=a=b\n\nOTHER="_s);
        QVERIFY(start->isEnabled());
        dialog.portsField()->setText(u"8000, 70000"_s);
        QVERIFY(!start->isEnabled());
        QVERIFY(dialog.problemLabel()->text().contains(u"70000"_s));
        dialog.portsField()->setText(u"8000, 8080"_s);
        dialog.folderField()->setText(u"relative"_s);
        QVERIFY(!start->isEnabled());
        dialog.folderField()->setText(u"/blaxel"_s);
        QString problem;
        const auto request = dialog.request(&problem);
        QVERIFY(request);
        QCOMPARE(request->environment,
                 (QList<std::pair<QString, QString>>{{u"GOOD"_s, u"a=b"_s}, {u"OTHER"_s, QString()}}));
        QCOMPARE(request->waitForPorts, (QList<int>{8000, 8080}));
        QCOMPARE(request->workingDir, u"/blaxel"_s);
    }

    // A process started again under the name of one whose log ended: its own log is followed, not the last.
    void aNameRunAgainShowsTheNewRunsLog()
    {
        QVERIFY(showProcessesOf(u"research-notebook"_s));
        startThroughTheDialog([](ProcessStartDialog *dialog) {
            dialog->commandField()->setText(u"python3 -u -c \"print('first-run')\""_s);
            dialog->nameField()->setText(u"again"_s);
        });
        QTRY_COMPARE_WITH_TIMEOUT(pane()->selectedProcess(), u"again"_s, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(logText().contains(u"The process ended: this is its whole log."_s), 10000);
        QVERIFY(logText().contains(u"first-run"_s));
        startThroughTheDialog([](ProcessStartDialog *dialog) {
            dialog->commandField()->setText(
                u"python3 -u -c \"import time; print('second-run'); time.sleep(1)\""_s);
            dialog->nameField()->setText(u"again"_s);
        });
        QTRY_VERIFY2_WITH_TIMEOUT(logText().contains(u"second-run"_s),
                                  qPrintable(logText() + pane()->stateLabel()->text()), 10000);
        QVERIFY2(!logText().contains(u"first-run"_s), qPrintable(logText()));
        QCOMPARE(pane()->selectedProcess(), u"again"_s);
    }

    void anotherSandboxStartsOverAndAHiddenTabAsksNothing()
    {
        QVERIFY(showProcessesOf(u"research-notebook"_s));
        startThroughTheDialog([](ProcessStartDialog *dialog) {
            dialog->commandField()->setText(u"python3 -u -c \"print('from-the-notebook')\""_s);
        });
        QTRY_VERIFY_WITH_TIMEOUT(logText().contains(u"from-the-notebook"_s), 10000);
        const QPointer<ProcessMonitor> first = pane()->monitor();

        QVERIFY(showProcessesOf(u"agent-runner-01"_s));
        QVERIFY(first.isNull());
        QCOMPARE(pane()->monitor()->sandbox(), u"agent-runner-01"_s);
        QCOMPARE(pane()->view()->model()->rowCount(), 0);
        QVERIFY(!logText().contains(u"from-the-notebook"_s));

        // Behind the Details tab it stops asking the sandbox.
        page()->sideTabs()->setCurrentIndex(0);
        QTRY_VERIFY_WITH_TIMEOUT(!pane()->monitor()->isActive(), 5000);

        // Nothing selected: nothing to stop, and it says what to do.
        page()->view()->clearSelection();
        page()->sideTabs()->setCurrentWidget(pane());
        QTRY_VERIFY_WITH_TIMEOUT(pane()->monitor() == nullptr, 5000);
        QCOMPARE(pane()->stateLabel()->text(), u"Select one sandbox to see its processes."_s);
        QVERIFY(!button(u"stopProcessButton"_s)->isEnabled());

        // A sandbox that is not DEPLOYED has no monitor, and says why.
        select(u"data-pipeline"_s);
        page()->sideTabs()->setCurrentWidget(pane());
        QTRY_VERIFY_WITH_TIMEOUT(pane()->monitor() == nullptr, 5000);
        QVERIFY(!button(u"startProcessButton"_s)->isEnabled());
        QVERIFY(pane()->stateLabel()->text().contains(u"DEPLOYED"_s));
    }
};

QTEST_MAIN(TestProcessesPane)
#include "tst_processespane.moc"
