// Editing a live Blaxel sandbox as a person does it, against the in-process demo emulator over real HTTP: F2
// on a selected row opens the form on what the sandbox has now, a new TTL and labels are saved (GET then PUT,
// as the official SDK) and every view shows them at once; a bad TTL is refused as it is typed and nothing is
// sent; a refusal by the server stays in the dialog; the action says why it cannot apply elsewhere, Klavis's
// pages included (Klavis has no call to change a live sandbox).

#include "blaxelrows.h"
#include "demoapp.h"
#include "emulatorprobe.h"

#include "api/blaxelsandboxservice.h"
#include "blaxel/blaxeleditdialog.h"
#include "blaxel/blaxelsandboxdetailspane.h"
#include "blaxel/blaxelsandboxespage.h"
#include "models/blaxelsandboxlistmodel.h"
#include "session/blaxelsandboxescontroller.h"
#include "session/refreshscheduler.h"

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QTableView>

using namespace Qt::StringLiterals;

class TestBlaxelEdit : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<DemoApp> app;

    BlaxelSandboxesPage *page() const { return app->window()->blaxelSandboxesPage(); }
    BlaxelSandboxesController *controller() const { return app->window()->blaxelSandboxesController(); }
    QTableView *table() const { return page()->view(); }
    QAction *editAction() const { return app->window()->action(u"blaxelEdit"_s); }

    void select(const QStringList &names)
    {
        table()->clearSelection();
        for (const QString &name : names) {
            const QModelIndex index = BlaxelRows::find(table(), name);
            QVERIFY2(index.isValid(), qPrintable(name));
            table()->selectionModel()->select(index, QItemSelectionModel::Select | QItemSelectionModel::Rows);
        }
    }

    QStringList labelsShown(const QString &name) const
    {
        auto *model = controller()->model();
        return model->index(model->rowOf(name), 0).data(BlaxelSandboxListModel::LabelsRole).toStringList();
    }

    int puts() const
    {
        int count = 0;
        for (const auto &request : EmulatorProbe(app->emulator()).apiRequests())
            count += request.method == "PUT" ? 1 : 0;
        return count;
    }

    // F2 on the window, as a person presses it, and the dialog it opens.
    BlaxelEditDialog *openWithKeyboard()
    {
        app->window()->activateWindow();
        if (!QTest::qWaitForWindowActive(app->window()))
            return nullptr;
        table()->setFocus();
        QTest::keyClick(table(), Qt::Key_F2);
        BlaxelEditDialog *dialog = nullptr;
        if (!QTest::qWaitFor([&] { return (dialog = page()->findChild<BlaxelEditDialog *>()) != nullptr; },
                             5000))
            return nullptr;
        return dialog;
    }

private slots:
    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        app->window()->scheduler()->setIntervalSeconds(0); // no refresh behind the test's back
        app->window()->showPage(MainWindow::BlaxelSandboxesView);
        QVERIFY(QTest::qWaitFor([this] { return table()->model()->rowCount() > 0; }, 10000));
    }
    void cleanup() { app.reset(); }

    void f2EditsLabelsAndTtlAndEveryViewShowsThemAtOnce()
    {
        select({u"research-notebook"_s});
        QVERIFY(editAction()->isVisible());
        QVERIFY(editAction()->isEnabled());
        QPointer<BlaxelEditDialog> dialog = openWithKeyboard();
        QVERIFY(dialog);
        // It starts from what the sandbox has now.
        QCOMPARE(dialog->labelsField()->text(), u"project=llm-eval, team=research"_s);
        QCOMPARE(dialog->ttlField()->text(), u"7d"_s);
        QCOMPARE(dialog->displayNameField()->text(), u"Research notebook"_s);
        QVERIFY(dialog->findChild<QLabel *>(u"expiryLabel"_s)->text().contains(u"deleted in"_s));

        dialog->labelsField()->selectAll();
        QTest::keyClicks(dialog->labelsField(), u"team=research, owner=ana"_s);
        dialog->ttlField()->selectAll();
        QTest::keyClicks(dialog->ttlField(), u"14d"_s);
        QTest::keyClick(dialog->ttlField(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isNull() || !dialog->isVisible(), 10000);
        QCOMPARE(puts(), 1);

        // The row and the details pane, without a refresh.
        QCOMPARE(labelsShown(u"research-notebook"_s), (QStringList{u"owner=ana"_s, u"team=research"_s}));
        auto *ttl = page()->detailsPane()->findChild<QLabel *>(u"ttlLabel"_s);
        QTRY_COMPARE_WITH_TIMEOUT(ttl->text(), u"14d"_s, 5000);
        // And the server has them.
        const BlaxelSandbox *stored = controller()->store()->find(u"research-notebook"_s);
        QVERIFY(stored);
        QCOMPARE(stored->ttl, u"14d"_s);
        QCOMPARE(stored->labels.value(u"owner"_s), u"ana"_s);
        QVERIFY(!controller()->store()->isBusy(u"research-notebook"_s));
    }

    void aBadTtlIsRefusedAsTypedAndNothingIsSent()
    {
        select({u"research-notebook"_s});
        QPointer<BlaxelEditDialog> dialog = openWithKeyboard();
        QVERIFY(dialog);
        dialog->ttlField()->selectAll();
        QTest::keyClicks(dialog->ttlField(), u"soon"_s);
        QVERIFY(!dialog->fieldError(u"ttl"_s).isEmpty());
        dialog->okButton()->click();
        QVERIFY(dialog->isVisible());
        // Unchanged fields alone: nothing to send either.
        dialog->ttlField()->selectAll();
        QTest::keyClicks(dialog->ttlField(), u"7d"_s);
        dialog->okButton()->click();
        QVERIFY(dialog->isVisible());
        QCOMPARE(dialog->statusText(), u"Nothing has changed."_s);
        QCOMPARE(puts(), 0);
        dialog->reject();
    }

    void aRefusalByTheServerStaysInTheDialog()
    {
        Emulator::BlaxelSettings settings = EmulatorProbe(app->emulator()).blaxelSettings();
        settings.transitionMs = 60000;
        app->emulator()->setBlaxelSettings(settings);
        select({u"agent-runner-01"_s});
        QPointer<BlaxelEditDialog> dialog = openWithKeyboard();
        QVERIFY(dialog);
        // Someone deletes it meanwhile (the CLI, another window).
        std::optional<ApiResult<BlaxelSandbox>> removed;
        QObject context;
        app->controller()->session()->blaxelSandboxes()->remove(
            u"agent-runner-01"_s, &context, [&](const ApiResult<BlaxelSandbox> &r) { removed = r; });
        QVERIFY(QTest::qWaitFor([&] { return removed.has_value(); }, 10000));
        QVERIFY(removed->ok());
        dialog->ttlField()->selectAll();
        QTest::keyClicks(dialog->ttlField(), u"1h"_s);
        dialog->okButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->statusText().isEmpty() && !dialog->isBusy(), 10000);
        QVERIFY(dialog->isVisible());
        QVERIFY2(dialog->statusText().contains(u"state"_s), qPrintable(dialog->statusText()));
        QCOMPARE(dialog->ttlField()->text(), u"1h"_s); // what was typed is kept
        dialog->reject();
    }

    void editSaysWhyItCannotApply()
    {
        select({u"research-notebook"_s, u"agent-runner-01"_s});
        QVERIFY(editAction()->isVisible());
        QVERIFY(!editAction()->isEnabled());
        QVERIFY(editAction()->toolTip().contains(u"Select one"_s));
        // Klavis's pages show it, never enabled, and say why.
        app->window()->showPage(MainWindow::SandboxesView);
        QVERIFY(editAction()->isVisible());
        QVERIFY(!editAction()->isEnabled());
        QVERIFY2(editAction()->toolTip().contains(u"Klavis cannot change"_s),
                 qPrintable(editAction()->toolTip()));
        QCOMPARE(editAction()->text(), u"&Edit Tags and TTL…"_s);
        app->window()->showPage(MainWindow::AllSandboxesView);
        QVERIFY(!editAction()->isVisible());
    }
};

QTEST_MAIN(TestBlaxelEdit)
#include "tst_blaxeledit.moc"
