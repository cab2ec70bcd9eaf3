// The application around the views: the theme choice, the first run before a key exists, the profile
// list beside the status bar, and quitting while transfers run (the question, and how fast the process
// can end).
#include "../postedevents.h"
#include "demoapp.h"
#include "emulatorprobe.h"

#include "api/httptransport.h"
#include "common/connecthint.h"
#include "common/errorbanner.h"
#include "klavis/sandboxespage.h"
#include "local/localworkspaceactions.h"
#include "mainwindow/quitconfirmation.h"
#include "mainwindow/statusbarpanel.h"
#include "preferences/apikeydialog.h"
#include "preferences/profileform.h"
#include "preferences/settingsdialog.h"
#include "preferences/themeapplier.h"
#include "session/refreshscheduler.h"
#include "settings/credentialstore.h"
#include "settings/profilestore.h"
#include "settings/themesetting.h"
#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QStatusBar>
#include <QThreadPool>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

// A folder whose upload spends a while packing: incompressible files, so that gzip cannot hurry.
void writeIncompressible(const QString &folder, int files, qint64 bytesEach)
{
    QDir().mkpath(folder);
    QByteArray block(1024 * 1024, Qt::Uninitialized);
    for (int i = 0; i < files; ++i) {
        QFile file(folder + u"/blob-%1.bin"_s.arg(i));
        QVERIFY(file.open(QIODevice::WriteOnly));
        for (qint64 written = 0; written < bytesEach; written += block.size()) {
            QRandomGenerator::global()->fillRange(reinterpret_cast<quint32 *>(block.data()),
                                                  block.size() / int(sizeof(quint32)));
            QVERIFY(file.write(block) == block.size());
        }
    }
}

int windowLightness()
{
    return QApplication::palette().color(QPalette::Window).lightness();
}

} // namespace

class TstAppShell final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        QVERIFY(m_settingsDir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settingsDir.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settingsDir.path());
        QSettings(u"SandboxDeck"_s, u"SandboxDeck"_s).clear();
        qunsetenv("SANDBOXDECK_THEME");
        qunsetenv("KLAVIS_API_KEY");
    }

    void darkThemeAppliesAtOnceAndPersists()
    {
        const QColor platformWindow = QApplication::palette().color(QPalette::Window);
        ProfileStore profiles;
        CredentialStore credentials;
        SettingsDialog dialog(&profiles, &credentials);
        dialog.setDemoActive(true); // nothing to save but the choices
        dialog.show();
        QComboBox *theme = dialog.themeCombo();
        QCOMPARE(theme->currentText(), u"System"_s);

        theme->setCurrentIndex(theme->findText(u"Dark"_s));
        QVERIFY2(windowLightness() < 80, qPrintable(QString::number(windowLightness()))); // at once
        QCOMPARE(QApplication::style()->name().toLower(), u"fusion"_s);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(ThemeSetting::stored(), ThemeSetting::Theme::Dark);
        QCOMPARE(QSettings(u"SandboxDeck"_s, u"SandboxDeck"_s).value(u"ui/theme"_s).toString(), u"dark"_s);

        // At the next start the controller paints it before any window shows.
        QApplication::setPalette(QPalette(platformWindow));
        {
            ApplicationController controller;
            QVERIFY(windowLightness() < 80);
        }

        // Tried out and cancelled: the stored theme comes back.
        SettingsDialog again(&profiles, &credentials);
        again.setDemoActive(true);
        QCOMPARE(again.themeCombo()->currentText(), u"Dark"_s);
        again.themeCombo()->setCurrentIndex(again.themeCombo()->findText(u"Light"_s));
        QVERIFY(windowLightness() > 200);
        again.reject(); // Cancel, as the button does
        QVERIFY(windowLightness() < 80);

        // System gives the platform's colours back.
        SettingsDialog last(&profiles, &credentials);
        last.setDemoActive(true);
        last.themeCombo()->setCurrentIndex(last.themeCombo()->findText(u"System"_s));
        last.save();
        QCOMPARE(ThemeSetting::stored(), ThemeSetting::Theme::System);
        QCOMPARE(QApplication::palette().color(QPalette::Window), platformWindow);
    }

    void themeFromTheEnvironmentWins()
    {
        ThemeSetting::store(ThemeSetting::Theme::Light);
        qputenv("SANDBOXDECK_THEME", "dark");
        QCOMPARE(ThemeSetting::effective(), ThemeSetting::Theme::Dark);
        qputenv("SANDBOXDECK_THEME", "purple"); // not a theme: the stored one
        QCOMPARE(ThemeSetting::effective(), ThemeSetting::Theme::Light);

        // The dialog edits the stored choice: a Save while the override is set does not store it.
        qputenv("SANDBOXDECK_THEME", "dark");
        ProfileStore profiles;
        CredentialStore credentials;
        SettingsDialog dialog(&profiles, &credentials);
        dialog.setDemoActive(true);
        QCOMPARE(dialog.themeCombo()->currentText(), u"Light"_s);
        dialog.save();
        QCOMPARE(ThemeSetting::stored(), ThemeSetting::Theme::Light);
        QVERIFY(windowLightness() < 80); // the override still paints
        qunsetenv("SANDBOXDECK_THEME");
        ThemeSetting::store(ThemeSetting::Theme::System);
        ThemeApplier::apply(ThemeSetting::Theme::System);
    }

    void firstRunAsksNothingOfTheApiBeforeAKey()
    {
        ApplicationController controller;
        QSignalSpy requests(controller.session()->transport(), &HttpTransport::inFlightChanged);
        QVERIFY(controller.start(false));
        QVERIFY(controller.keyDialog()); // the Welcome dialog
        MainWindow *window = controller.window();
        // What fired before: the periodic refresh, and opening the Local view.
        emit window->scheduler()->refreshDue();
        window->showPage(MainWindow::LocalSandboxesView);
        window->showPage(MainWindow::SandboxesView);
        // A request starts at once or from a queued call: once the event loop has handled what was queued,
        // one would have been counted.
        QVERIFY(PostedEvents::handled());
        QCOMPARE(controller.session()->transport()->inFlight(), 0);
        QCOMPARE(requests.size(), 0);
        for (ErrorBanner *banner : window->findChildren<ErrorBanner *>())
            QVERIFY(!banner->isVisible());
    }

    // Welcome dialog cancelled: the window says there is no account, offers Settings and the demo, and no
    // action pretends to work; the demo button then brings the window to life.
    void firstRunWithoutAProfileSaysSoAndOffersTheDemo()
    {
        ApplicationController controller;
        QVERIFY(controller.start(false));
        QVERIFY(controller.keyDialog());
        controller.keyDialog()->reject();
        MainWindow *window = controller.window();
        window->showPage(MainWindow::SandboxesView);
        QCOMPARE(window->statusPanel()->connection(), StatusBarPanel::Connection::NoProfile);
        SandboxesPage *page = window->sandboxesPage();
        QVERIFY(page->connectHint()->isVisible());
        QVERIFY(!page->view()->isVisible());
        QVERIFY(page->connectHint()->demoButton());
        // Its sentence is shown whole, not cut after a line.
        window->resize(800, 500);
        auto *text = page->connectHint()->findChild<QLabel *>(u"connectHintText"_s);
        QVERIFY(text);
        QTRY_VERIFY2(text->height() >= text->heightForWidth(text->width()),
                     qPrintable(u"%1 < %2"_s.arg(text->height()).arg(text->heightForWidth(text->width()))));
        for (const QString &name : {u"acquire"_s, u"refresh"_s, u"newRun"_s, u"release"_s}) {
            QVERIFY2(!window->action(name)->isEnabled(), qPrintable(name));
        }
        QVERIFY2(window->action(u"acquire"_s)->toolTip().contains(u"No Klavis account"_s),
                 qPrintable(window->action(u"acquire"_s)->toolTip()));
        window->showPage(MainWindow::LocalSandboxesView);
        QVERIFY(window->localSandboxesPage()->connectHint()->isVisible());
        QVERIFY(!window->action(u"acquire"_s)->isEnabled());

        window->showPage(MainWindow::SandboxesView);
        QSignalSpy settings(window, &MainWindow::settingsRequested);
        emit page->connectHint()->settingsButton()->clicked();
        QCOMPARE(settings.size(), 1);
        // Settings opened by the controller: a dialog of the window; closed again.
        if (auto *dialog = window->findChild<SettingsDialog *>())
            dialog->reject();

        page->connectHint()->demoButton()->click();
        QVERIFY(controller.session()->isDemo());
        QTRY_VERIFY_WITH_TIMEOUT(page->view()->model()->rowCount() > 0, 10000);
        QVERIFY(!page->connectHint()->isVisible());
        QVERIFY(page->view()->isVisible());
        QVERIFY(window->action(u"acquire"_s)->isEnabled());
        QVERIFY(window->action(u"refresh"_s)->isEnabled());
        QVERIFY(window->action(u"newRun"_s)->isEnabled());
        QVERIFY(window->statusPanel()->connection() != StatusBarPanel::Connection::NoProfile);
    }

    void aLongStatusMessageKeepsAGapBeforeTheIndicators()
    {
        DemoApp app;
        QVERIFY(app.started());
        MainWindow *window = app.window();
        window->resize(800, 500);
        window->show();
        StatusBarPanel *panel = window->statusPanel();
        window->statusBar()->showMessage(QString(400, u'x'));
        // The message is clipped where the panel begins: the panel's first visible part stands clear of it.
        int firstPart = panel->width();
        for (const QWidget *part : panel->findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
            if (part->isVisible())
                firstPart = std::min(firstPart, part->x());
        QVERIFY2(firstPart >= panel->fontMetrics().horizontalAdvance(u"M"_s),
                 qPrintable(QString::number(firstPart)));
    }

    void customUrlIsNotCalledKlavis()
    {
        ApiKeyDialog dialog(ApiKeyDialog::Reason::FirstRun, Profile{});
        ProfileForm *form = dialog.findChild<ProfileForm *>();
        QVERIFY(form);
        QCOMPARE(form->nameField()->text(), u"Klavis"_s);
        form->endpointField()->setCurrentIndex(form->endpointField()->count() - 1); // Custom URL…
        form->customUrlField()->setText(u"http://127.0.0.1:8000"_s);
        QCOMPARE(form->profile().name, u"127.0.0.1:8000"_s);
        form->customUrlField()->setText(u"https://sandbox.example.org/api"_s);
        QCOMPARE(form->profile().name, u"sandbox.example.org"_s);
        // A name the user typed stays theirs.
        form->nameField()->setFocus();
        form->nameField()->selectAll();
        QTest::keyClicks(form->nameField(), u"Staging"_s);
        form->customUrlField()->setText(u"https://other.example.org"_s);
        QCOMPARE(form->profile().name, u"Staging"_s);
    }

    void settingsListsTheDemoTheStatusBarNames()
    {
        DemoApp app;
        QVERIFY(app.started());
        const auto profileLabel = app.window()->statusPanel()->findChildren<QLabel *>();
        bool saysDemo = false;
        for (QLabel *label : profileLabel)
            saysDemo = saysDemo || label->text().startsWith(u"Profile: Demo"_s);
        QVERIFY(saysDemo);
        app.controller()->openSettings();
        auto *settings = app.window()->findChild<SettingsDialog *>();
        QVERIFY(settings);
        QVERIFY(settings->profileList()->count() > 0);
        QVERIFY(settings->profileList()->currentItem());
        QVERIFY(settings->profileList()->currentItem()->text().startsWith(u"Demo"_s));
        QVERIFY(!settings->form()->isEnabled());
        QVERIFY(!settings->form()->isVisible()); // no empty URL or key fields for the demo
        settings->close();
    }

    void quitQuestionSaysWhatQuitDoes()
    {
        DemoApp app;
        QVERIFY(app.started());
        slowDumps(&app, 4000);
        TransferJob *first = startDump(&app, 0);
        TransferJob *second = startDump(&app, 1);
        QVERIFY(
            QTest::qWaitFor([&app] { return app.controller()->session()->transfers()->activeCount() == 2; }));
        QString text;
        QString quitText;
        QString keepText;
        answerNextDialog<QuitConfirmation>([&](QuitConfirmation *question) {
            text = question->text();
            quitText = question->quitButton()->text();
            keepText = question->keepButton()->text();
            question->keepButton()->click();
        });
        QVERIFY(!app.window()->close());
        // The count as the question was answered; the English plural comes with the translations.
        QVERIFY2(text.startsWith(u"2 transfer"_s) && text.contains(u"Quitting cancels them."_s),
                 qPrintable(text));
        QCOMPARE(quitText, u"Cancel transfers and quit"_s);
        QCOMPARE(keepText, u"Keep running"_s);
        QVERIFY(app.window()->isVisible());
        QVERIFY(!first->isFinished() && !second->isFinished());
    }

    void quitQuestionRecountsAndLeavesWhenNothingRuns()
    {
        DemoApp app;
        QVERIFY(app.started());
        slowDumps(&app, 1200);
        TransferJob *job = startDump(&app, 0);
        bool asked = false;
        answerNextDialog<QuitConfirmation>([&](QuitConfirmation *) { asked = true; }); // no answer
        // The question stays open while the dump ends; then there is nothing to ask about.
        QVERIFY(app.window()->close());
        QVERIFY(asked);
        QVERIFY(job->isFinished());
        QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText())); // not cancelled
        QVERIFY(!app.window()->isVisible());
    }

    void processEndsPromptlyAfterQuitWithTransfersRunning()
    {
        auto app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        QTemporaryDir work;
        writeIncompressible(work.filePath(u"big"_s), 4, qint64{48} * 1024 * 1024);
        slowDumps(app.get(), 5000);
        TransferQueue *queue = app->controller()->session()->transfers();
        const QString id = EmulatorProbe(app->emulator()).localSandboxIds().first();
        TransferJob *upload = queue->enqueueUpload(id, {work.filePath(u"big"_s)});
        startDump(app.get(), 1);
        QVERIFY(QTest::qWaitFor([queue] { return queue->activeCount() == 2; }));
        QVERIFY(QTest::qWaitFor([upload] { return upload->bytesDone() > 0; }, 10000));
        QVERIFY(upload->state() == TransferJob::State::Packing); // the packer's threads are at work

        QElapsedTimer clock;
        answerNextDialog<QuitConfirmation>([&clock](QuitConfirmation *question) {
            clock.start();
            question->quitButton()->click();
        });
        QTimer::singleShot(0, app->window(), [&app] { app->window()->close(); });
        QVERIFY(QApplication::quitOnLastWindowClosed());
        QApplication::exec(); // returns when the last window closed, as in main()
        const qint64 loopEndedMs = clock.elapsed();
        // Every job was told to stop; a cancelled one ends once its temporary folder is gone (a worker
        // removes it), which may take the loop's last turns.
        QVERIFY(QTest::qWaitFor([queue] { return queue->activeCount() == 0; }, 2000));
        app.reset(); // what main() does after exec(): the controller, the window, the session go
        QThreadPool::globalInstance()->waitForDone(); // and QCoreApplication's destructor waits for this
        const qint64 exitMs = clock.elapsed();
        qInfo("quit with an upload packing and a dump running: event loop ended %lld ms after the answer, "
              "everything joined after %lld ms",
              loopEndedMs, exitMs);
        QVERIFY2(exitMs < 2000, qPrintable(QString::number(exitMs)));
    }

private:
    static void slowDumps(DemoApp *app, int latencyMs)
    {
        auto faults = EmulatorProbe(app->emulator()).faults();
        faults.latencyMs = latencyMs;
        app->emulator()->setFaults(faults);
    }

    TransferJob *startDump(DemoApp *app, int sandboxIndex)
    {
        const QString id = EmulatorProbe(app->emulator()).localSandboxIds().at(sandboxIndex);
        return app->localPage()->workspaceActions()->saveDumpTo(
            id, m_settingsDir.filePath(u"dump-%1.tar.gz"_s.arg(sandboxIndex)));
    }

    QTemporaryDir m_settingsDir;
};

QTEST_MAIN(TstAppShell)
#include "tst_appshell.moc"
