// The Blaxel controller against the emulator over loopback HTTP, through the session the app uses: the
// seeded workspace listed, a deletion seen as DELETING and then TERMINATED, a create and its 409.

#include "api/apierror.h"
#include "api/blaxelsandboxservice.h"
#include "api/httptransport.h"
#include "emulator/emulatorhost.h"
#include "emulator/emulatorserver.h"
#include "emulatorprobe.h"
#include "models/blaxelsandboxfilterproxy.h"
#include "models/blaxelsandboxlistmodel.h"
#include "session/appsession.h"
#include "session/blaxelsandboxescontroller.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

class TestBlaxelSandboxesController : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<AppSession> session;
    std::unique_ptr<BlaxelSandboxesController> controller;

    QString statusOf(const QString &name) const
    {
        const int row = controller->model()->rowOf(name);
        return row < 0
                   ? QString()
                   : controller->model()->index(row, BlaxelSandboxListModel::StatusColumn).data().toString();
    }

    bool refreshAndWait()
    {
        QSignalSpy refreshed(controller.get(), &BlaxelSandboxesController::refreshed);
        controller->refresh();
        return refreshed.wait(10000);
    }

private slots:
    void init()
    {
        session = std::make_unique<AppSession>();
        QString error;
        QVERIFY2(session->startDemo(&error), qPrintable(error));
        Emulator::BlaxelSettings settings = EmulatorProbe(session->demoHost()->server()).blaxelSettings();
        settings.transitionMs = 600;
        session->demoHost()->server()->setBlaxelSettings(settings);
        BlaxelSandboxService::Limits limits;
        limits.pollFirstDelayMs = 100;
        limits.pollMaxDelayMs = 300;
        session->blaxelSandboxes()->setLimits(limits);
        controller = std::make_unique<BlaxelSandboxesController>(session.get());
    }
    void cleanup()
    {
        controller.reset();
        session.reset();
    }

    void demoConnectsBothProviders()
    {
        QVERIFY(session->hasKey());
        QVERIFY(session->hasBlaxel());
        QVERIFY(controller->isConnected());
        QCOMPARE(session->blaxelWorkspace(), u"demo"_s);
        QCOMPARE(session->blaxelBaseUrl().path(), u"/v0"_s);
        QCOMPARE(session->blaxelBaseUrl().host(), session->baseUrl().host());
        // Two transports: the Blaxel key never rides on the Klavis one.
        QVERIFY(session->blaxelTransport() != session->transport());
        QCOMPARE(session->transport()->config().baseUrl, session->baseUrl());

        QSignalSpy changed(session.get(), &AppSession::blaxelConnectionChanged);
        session->disconnectBlaxel();
        QCOMPARE(changed.count(), 1);
        QVERIFY(!controller->isConnected());
        QVERIFY(session->hasKey()); // Klavis stays
        controller->refresh();
        QVERIFY(!controller->isRefreshing()); // nothing is asked without a key and workspace
    }

    void listsTheSeededWorkspace()
    {
        QVERIFY(refreshAndWait());
        auto *model = controller->model();
        QVERIFY2(model->rowCount() >= 12, qPrintable(QString::number(model->rowCount())));
        QVERIFY(model->rowOf(u"research-notebook"_s) >= 0);
        // Terminated ones are listed (showTerminated) but the proxy hides them.
        QCOMPARE(statusOf(u"finished-benchmark"_s), u"TERMINATED"_s);
        QCOMPARE(controller->proxy()->rowCount(), model->rowCount() - 1);
        const BlaxelSandbox &notebook = model->sandboxAt(model->rowOf(u"research-notebook"_s));
        QCOMPARE(notebook.displayName, u"Research notebook"_s);
        QCOMPARE(notebook.labels.value(u"team"_s), u"research"_s);

        // A second refresh of an unchanged workspace touches no row.
        QSignalSpy removed(model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(model, &QAbstractItemModel::rowsInserted);
        QVERIFY(refreshAndWait());
        QCOMPARE(removed.count(), 0);
        QCOMPARE(inserted.count(), 0);
    }

    void deleteShowsDeletingUntilTerminated()
    {
        QVERIFY(refreshAndWait());
        auto *model = controller->model();
        const QStringList names{u"agent-runner-01"_s, u"agent-runner-02"_s};
        QStringList seen;
        connect(model, &QAbstractItemModel::dataChanged, this, [&] {
            const QString status = statusOf(names.first());
            if (seen.isEmpty() || seen.last() != status)
                seen << status;
        });
        QSignalSpy terminated(controller.get(), &BlaxelSandboxesController::sandboxTerminated);
        QSignalSpy finished(controller.get(), &BlaxelSandboxesController::bulkFinished);
        controller->deleteSandboxes(names);
        for (const QString &name : names) {
            QCOMPARE(statusOf(name), u"DELETING"_s);
            QVERIFY(model->isDeleting(name));
        }
        // Asking again while it runs starts nothing new.
        controller->deleteSandboxes(names);
        QCOMPARE(controller->deletionsUnderway(), 2);
        QVERIFY(finished.wait(15000));
        QCOMPARE(terminated.count(), 2);
        QCOMPARE(finished.count(), 1);
        // No translator here: the plural form stays the source text.
        QVERIFY(finished.first().at(0).toString().startsWith(u"Deleted 2 sandbox"_s));
        QVERIFY(finished.first().at(1).toStringList().isEmpty());
        for (const QString &name : names) {
            QCOMPARE(statusOf(name), u"TERMINATED"_s);
            QVERIFY(!model->isDeleting(name));
        }
        QCOMPARE(seen.first(), u"DELETING"_s);
        QCOMPARE(seen.last(), u"TERMINATED"_s);
        QVERIFY(!seen.contains(u"DEPLOYED"_s));
        // Hidden unless terminated ones are asked for.
        auto *proxy = controller->proxy();
        for (int row = 0; row < proxy->rowCount(); ++row)
            QVERIFY(!names.contains(proxy->index(row, 0).data(BlaxelSandboxListModel::NameRole).toString()));
        QVERIFY(refreshAndWait());
        QCOMPARE(statusOf(names.first()), u"TERMINATED"_s);
    }

    void deleteOfAMissingSandboxReportsIt()
    {
        QVERIFY(refreshAndWait());
        BlaxelSandbox ghost;
        ghost.name = u"never-existed"_s;
        ghost.status = u"DEPLOYED"_s;
        controller->model()->updateSandbox(ghost);
        QSignalSpy finished(controller.get(), &BlaxelSandboxesController::bulkFinished);
        controller->deleteSandboxes({ghost.name});
        QVERIFY(finished.wait(10000));
        const QStringList failures = finished.first().at(1).toStringList();
        QCOMPARE(failures.size(), 1);
        QVERIFY2(failures.first().startsWith(u"never-existed: "_s), qPrintable(failures.first()));
        QVERIFY(!controller->model()->isDeleting(ghost.name));
    }

    void createListsTheSandboxAndATakenNameIs409()
    {
        QVERIFY(refreshAndWait());
        BlaxelCreateRequest request;
        request.name = u"fresh-sandbox"_s;
        request.image = u"blaxel/base-image:latest"_s;
        request.labels = {{u"team"_s, u"qa"_s}};
        QSignalSpy listed(controller.get(), &BlaxelSandboxesController::createdSandboxListed);
        std::optional<ApiResult<BlaxelSandbox>> created;
        controller->create(request, this, [&](const ApiResult<BlaxelSandbox> &result) { created = result; });
        QVERIFY(QTest::qWaitFor([&] { return created.has_value(); }, 10000));
        QVERIFY2(created->ok(), qPrintable(created->ok() ? QString() : created->error().fullText()));
        QVERIFY(listed.wait(10000));
        QCOMPARE(listed.first().first().toString(), u"fresh-sandbox"_s);
        QVERIFY(controller->model()->rowOf(u"fresh-sandbox"_s) >= 0);

        std::optional<ApiResult<BlaxelSandbox>> again;
        controller->create(request, this, [&](const ApiResult<BlaxelSandbox> &result) { again = result; });
        QVERIFY(QTest::qWaitFor([&] { return again.has_value(); }, 10000));
        QVERIFY(!again->ok());
        QCOMPARE(again->error().httpStatus(), 409);
    }
};

QTEST_GUILESS_MAIN(TestBlaxelSandboxesController)
#include "tst_blaxelsandboxescontroller.moc"
