#pragma once

// The fixture of the GUI tests: the real application controller on the in-process demo emulator, with
// settings in a throwaway folder so that no test reads or writes the user's.

#include "blaxel/blaxelsandboxespage.h"
#include "emulator/emulatorhost.h"
#include "emulator/emulatorserver.h"
#include "klavis/sandboxespage.h"
#include "local/localsandboxespage.h"
#include "mainwindow/applicationcontroller.h"
#include "mainwindow/mainwindow.h"
#include "session/appsession.h"
#include "session/localsandboxescontroller.h"
#include "session/refreshscheduler.h"
#include "session/sandboxescontroller.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QDialog>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>

#include <functional>
#include <memory>

class DemoApp
{
public:
    DemoApp()
    {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settingsDir.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settingsDir.path());
        QSettings().clear();
        m_controller = std::make_unique<ApplicationController>();
        m_started = m_controller->start(true);
        // The demo records nothing of its own (it would grow for as long as it runs); tests read requests.
        if (m_started)
            emulator()->recordRequests();
    }

    bool started() const { return m_started; }
    ApplicationController *controller() const { return m_controller.get(); }
    MainWindow *window() const { return m_controller->window(); }
    SandboxesPage *sandboxesPage() const { return window()->sandboxesPage(); }
    LocalSandboxesPage *localPage() const { return window()->localSandboxesPage(); }
    Emulator::EmulatorServer *emulator() const { return m_controller->session()->demoHost()->server(); }

    // Waits for the first list to arrive in the Sandboxes view.
    bool waitForSandboxes(int timeoutMs = 10000) const
    {
        auto *model = sandboxesPage()->view()->model();
        return QTest::qWaitFor([model] { return model->rowCount() > 0; }, timeoutMs);
    }

    // The window shown at 1280x780 and active, as the keyboard needs it, with its first list arrived.
    bool showActiveWithSandboxes() const
    {
        window()->resize(1280, 780);
        window()->show();
        window()->activateWindow();
        return QTest::qWaitForWindowActive(window()) && waitForSandboxes();
    }

    // The Blaxel sandboxes page in front with its first list arrived, and no refresh on a timer: where the
    // tests of a sandbox's side tabs start.
    bool showBlaxelSandboxes() const
    {
        window()->scheduler()->setIntervalSeconds(0);
        if (!showActiveWithSandboxes())
            return false;
        window()->showPage(MainWindow::BlaxelSandboxesView);
        auto *model = window()->blaxelSandboxesPage()->view()->model();
        return QTest::qWaitFor([model] { return model->rowCount() > 0; }, 10000);
    }

    // "QLabel "name" (accessible name)": a widget as a failure message names it.
    static QString describe(const QWidget *widget)
    {
        if (!widget)
            return QStringLiteral("(nothing)");
        QString name = QString::fromLatin1(widget->metaObject()->className());
        if (!widget->objectName().isEmpty())
            name += QStringLiteral(" \"") + widget->objectName() + u'"';
        if (!widget->accessibleName().isEmpty())
            name += QStringLiteral(" (") + widget->accessibleName() + u')';
        return name;
    }

private:
    QTemporaryDir m_settingsDir;
    std::unique_ptr<ApplicationController> m_controller;
    bool m_started = false;
};

// Exports the rows the window's view in front shows and waits for the file: true when it was written.
inline bool exportRows(MainWindow *window, const QString &fileName)
{
    QSignalSpy exported(window, &MainWindow::rowsExported);
    window->exportVisibleRows(fileName);
    if (exported.isEmpty() && !exported.wait(10'000))
        return false;
    return exported.first().at(1).toString().isEmpty();
}

// The test function (and data row) running now.
inline QByteArray currentTestName()
{
    return QByteArray(QTest::currentTestFunction()) + '/' + QByteArray(QTest::currentDataTag());
}

// Runs `act` on the next modal dialog of type T that opens (a QMessageBox's exec() blocks the test, so
// the answer has to be queued before the call that opens it). A handler whose dialog did not come within
// `timeoutMs`, or before its test ended, is dropped: it never answers another test's dialog.
template <typename T> void answerNextDialog(std::function<void(T *)> act, int timeoutMs = 5000)
{
    auto *timer = new QTimer;
    timer->setInterval(20);
    auto deadline = std::make_shared<int>(timeoutMs / 20);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, act, deadline, test = currentTestName()] {
        if (test != currentTestName()) {
            timer->stop();
            timer->deleteLater();
        } else if (auto *dialog = qobject_cast<T *>(QApplication::activeModalWidget())) {
            timer->stop();
            timer->deleteLater();
            act(dialog);
        } else if (--*deadline <= 0) {
            timer->stop();
            timer->deleteLater();
        }
    });
    timer->start();
}
