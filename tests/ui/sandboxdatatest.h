#pragma once

// What the parts of tst_sandboxdata share: the Data tab over a fresh in-process demo emulator for each test
// function, and JSON files to feed it. See tst_sandboxdata.cpp for how the parts run.

#include "api/acquiredsandbox.h"
#include "api/acquirerequest.h"
#include "api/klavissandboxservice.h"
#include "emulator/emulatorhost.h"
#include "emulator/emulatorserver.h"
#include "serverdata/sandboxdatapage.h"
#include "session/appsession.h"
#include "session/serverdatacontroller.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <memory>

namespace SandboxDataTest {

using namespace Qt::StringLiterals;

inline bool writeJson(const QString &path, const QJsonValue &value)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    QJsonDocument document =
        value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    return file.write(document.toJson()) > 0;
}

inline QJsonObject nestedBefore()
{
    return QJsonObject{
        {u"owner"_s, QJsonObject{{u"login"_s, u"octo"_s}, {u"plan"_s, u"free"_s}}},
        {u"repos"_s, QJsonArray{QJsonObject{
                         {u"id"_s, 1},
                         {u"name"_s, u"api"_s},
                         {u"issues"_s, QJsonArray{QJsonObject{{u"id"_s, 1},
                                                              {u"issue_title"_s, u"Crash on start"_s},
                                                              {u"labels"_s, QJsonArray{u"bug"_s}}}}}}}},
    };
}

inline QJsonObject nestedAfter()
{
    return QJsonObject{
        {u"owner"_s, QJsonObject{{u"login"_s, QJsonValue::Null}}},
        {u"repos"_s, QJsonArray{QJsonObject{
                         {u"id"_s, 1},
                         {u"name"_s, u"api"_s},
                         {u"issues"_s, QJsonArray{QJsonObject{{u"id"_s, 2}, {u"issue_title"_s, u"Docs"_s}},
                                                  QJsonObject{{u"id"_s, 1},
                                                              {u"issue_title"_s, u"Crash at start"_s},
                                                              {u"labels"_s, QJsonArray{u"bug"_s}}}}}}}},
    };
}

// Each part's test class derives from it: a demo session, its data controller and the page, made anew for
// each test function (init, cleanup), and a folder for the files a test writes.
class Fixture : public QObject
{
    Q_OBJECT

protected:
    std::unique_ptr<AppSession> session;
    std::unique_ptr<ServerDataController> controller;
    std::unique_ptr<SandboxDataPage> page;
    QTemporaryDir work;

    Emulator::EmulatorServer *emulator() const { return session->demoHost()->server(); }

    // A github sandbox of the emulator and its MCP URL.
    bool acquireGithub(QString *sandboxId, QString *mcpUrl)
    {
        AcquireRequest request;
        request.serverName = u"github"_s;
        bool done = false;
        session->sandboxes()->acquire(request, this, [&](const ApiResult<AcquiredSandbox> &result) {
            done = true;
            if (!result)
                return;
            *sandboxId = result->sandboxId;
            *mcpUrl = result->serverUrls.value(
                u"github"_s, result->serverUrls.isEmpty() ? QString() : result->serverUrls.first());
        });
        return QTest::qWaitFor([&] { return done; }, 10000) && !sandboxId->isEmpty() && !mcpUrl->isEmpty();
    }

    bool waitIdle(int timeoutMs = 10000)
    {
        return QTest::qWaitFor([this] { return !controller->isBusy(); }, timeoutMs);
    }

    QString problemPaths() const
    {
        QStringList paths;
        for (int row = 0; row < page->problemList()->topLevelItemCount(); ++row)
            paths << page->problemList()->topLevelItem(row)->text(0);
        return paths.join(u',');
    }

private slots:
    void initTestCase() { QVERIFY(work.isValid()); }

    void init()
    {
        session = std::make_unique<AppSession>();
        QString error;
        QVERIFY2(session->startDemo(&error), qPrintable(error));
        emulator()->recordRequests();
        controller = std::make_unique<ServerDataController>(session.get());
        page = std::make_unique<SandboxDataPage>(controller.get());
        page->resize(1000, 700);
        page->show();
    }

    void cleanup()
    {
        page.reset();
        controller.reset();
        session.reset();
    }
};

// The parts of the one executable, each defined in its own tst_sandboxdata*.cpp and run by
// tst_sandboxdata.cpp.
std::unique_ptr<QObject> newChecksTest();
std::unique_ptr<QObject> newDumpTest();
std::unique_ptr<QObject> newDiffTest();

} // namespace SandboxDataTest
