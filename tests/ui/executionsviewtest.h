#pragma once

// What the Executions view's test parts share (tst_executionsview.cpp runs them in one executable): the demo
// app at 1280x780 on the Local sandboxes view, a folder of its own for script folders, and the steps every
// part takes (choose a sandbox, run a folder and wait for it).

#include "demoapp.h"
#include "emulator/emulatorserver.h"
#include "emulatorprobe.h"
#include "executions/executionstab.h"
#include "inspector/sandboxworktabs.h"
#include "models/localsandboxtreemodel.h"
#include "session/executionscontroller.h"

#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

class ExecutionsViewTest : public QObject
{
public:
    static std::unique_ptr<QObject> newFollowConsoleTest();

protected:
    std::unique_ptr<DemoApp> app;
    std::unique_ptr<QTemporaryDir> work;
    int folders = 0;

    ExecutionsTab *tab() const { return app->localPage()->executionsTab(); }
    QTreeView *tree() const { return app->localPage()->view(); }

    QString scriptFolder(const QByteArray &mainPy)
    {
        const QString folder = work->filePath(QStringLiteral("script%1").arg(++folders));
        QDir().mkpath(folder);
        QFile file(folder + QStringLiteral("/main.py"));
        if (!file.open(QIODevice::WriteOnly) || file.write(mainPy) != mainPy.size())
            return {};
        return folder;
    }

    void select(const QString &id) const
    {
        for (int row = 0; row < tree()->model()->rowCount(); ++row) {
            const QModelIndex index = tree()->model()->index(row, 0);
            if (index.data(LocalSandboxTreeModel::LocalSandboxIdRole).toString() == id)
                tree()->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                                     QItemSelectionModel::Rows);
        }
    }

    QString showFirstSandbox() const
    {
        const QString id = EmulatorProbe(app->emulator()).localSandboxIds().at(0);
        select(id);
        auto *tabs = app->localPage()->workTabs();
        tabs->setCurrentIndex(tabs->executionsIndex());
        return id;
    }

    bool runAndWait(const QString &folder, const QString &name)
    {
        if (!tab()->setFolder(folder))
            return false;
        tab()->nameField()->setText(name);
        if (!tab()->runButton()->isEnabled())
            return false;
        QSignalSpy finished(tab(), &ExecutionsTab::executionFinished);
        tab()->runButton()->click();
        return finished.wait(60000);
    }

    void startApp()
    {
        app = std::make_unique<DemoApp>();
        work = std::make_unique<QTemporaryDir>();
        QVERIFY(app->started());
        app->window()->resize(1280, 780);
        app->window()->show();
        app->window()->showPage(MainWindow::LocalSandboxesView);
        QVERIFY(QTest::qWaitFor([this] { return tree()->model()->rowCount() >= 3; }, 10000));
        app->controller()->session()->executionRuns()->setPollBackoff(20, 200);
    }

    void stopApp()
    {
        app.reset();
        work.reset();
    }
};
