// The Blaxel sandboxes view driven as a person drives it, against the in-process demo emulator (workspace
// `demo`) over real HTTP: the seeded list, filters, the destructive confirmation and the rows going DELETING
// then TERMINATED, the details pane's masked secrets and MCP endpoint, the create dialog's 409, the hint
// shown without a Blaxel profile, and creates and deletes in the session's ledger.

#include "demoapp.h"
#include "emulatorprobe.h"

#include "api/blaxelsandboxservice.h"
#include "blaxel/blaxelcreatedialog.h"
#include "blaxel/blaxelenvironmenteditor.h"
#include "blaxel/blaxelsandboxdetailspane.h"
#include "blaxel/blaxelsandboxespage.h"
#include "blaxel/blaxelstatusdelegate.h"
#include "blaxel/blaxelstatusicons.h"
#include "common/copyablefield.h"
#include "common/maskedtextdelegate.h"
#include "common/rawjsonview.h"
#include "common/secrettree.h"
#include "common/statusicons.h"
#include "common/tagchipdelegate.h"
#include "klavis/acquiredialog.h"
#include "ledger/ledgerworker.h"
#include "ledger/runledger.h"
#include "models/blaxelsandboxfilterproxy.h"
#include "models/blaxelsandboxlistmodel.h"
#include "sandboxlist/deletewording.h"
#include "sandboxlist/sandboxfilterbar.h"
#include "session/blaxelsandboxescontroller.h"
#include "session/refreshscheduler.h"

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QToolButton>
#include <QTreeWidget>

using namespace Qt::StringLiterals;

class TestBlaxelView : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<DemoApp> app;

    BlaxelSandboxesPage *page() const { return app->window()->blaxelSandboxesPage(); }
    BlaxelSandboxesController *controller() const { return app->window()->blaxelSandboxesController(); }
    QTableView *table() const { return page()->view(); }

    QStringList shownNames() const
    {
        QStringList names;
        auto *model = table()->model();
        for (int row = 0; row < model->rowCount(); ++row)
            names << model->index(row, 0).data(BlaxelSandboxListModel::NameRole).toString();
        return names;
    }

    int rowOf(const QString &name) const { return int(shownNames().indexOf(name)); }

    QString statusOf(const QString &name) const
    {
        auto *model = controller()->model();
        const int row = model->rowOf(name);
        return row < 0 ? QString()
                       : model->index(row, BlaxelSandboxListModel::StatusColumn).data().toString();
    }

    void select(const QStringList &names)
    {
        table()->clearSelection();
        for (const QString &name : names) {
            const int row = rowOf(name);
            QVERIFY2(row >= 0, qPrintable(name));
            table()->selectionModel()->select(table()->model()->index(row, 0),
                                              QItemSelectionModel::Select | QItemSelectionModel::Rows);
        }
    }

    // The value a tree shows beside `key`, or a note that the key is missing.
    static QString valueOf(const QTreeWidget *tree, const QString &key)
    {
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            if (tree->topLevelItem(i)->text(0) == key)
                return tree->topLevelItem(i)->text(1);
        }
        return u"(no "_s + key + u")"_s;
    }

    // Shortcuts reach only the active window (a closed dialog leaves none).
    void activate()
    {
        app->window()->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(app->window()));
    }

    // Answers the next confirmation: its question and explanation are kept; `confirm` clicks the action.
    void answerConfirmation(QString *question, QString *explanation, bool confirm)
    {
        answerNextDialog<QMessageBox>([question, explanation, confirm](QMessageBox *box) {
            *question = box->text();
            *explanation = box->informativeText();
            for (QAbstractButton *button : box->buttons()) {
                const bool accept = box->buttonRole(button) == QMessageBox::AcceptRole;
                if (accept == confirm) {
                    button->click();
                    return;
                }
            }
        });
    }

private slots:
    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        app->window()->scheduler()->setIntervalSeconds(0); // the tests refresh by hand
        Emulator::BlaxelSettings settings = EmulatorProbe(app->emulator()).blaxelSettings();
        settings.transitionMs = 800;
        app->emulator()->setBlaxelSettings(settings);
        BlaxelSandboxService::Limits limits;
        limits.pollFirstDelayMs = 100;
        limits.pollMaxDelayMs = 300;
        app->controller()->session()->blaxelSandboxes()->setLimits(limits);
        app->window()->showPage(MainWindow::BlaxelSandboxesView);
        QVERIFY(QTest::qWaitFor([this] { return table()->model()->rowCount() > 0; }, 10000));
    }

    void cleanup() { app.reset(); }

    void navigationNamesTheView()
    {
        auto *navigation = app->window()->findChild<QListWidget *>(u"navigation"_s);
        QVERIFY(navigation);
        QCOMPARE(navigation->item(MainWindow::BlaxelSandboxesView)->text(), u"Blaxel sandboxes"_s);
        QCOMPARE(app->window()->currentPage(), MainWindow::BlaxelSandboxesView);
        // Blaxel's verbs are shown here; Klavis' are not.
        QVERIFY(app->window()->action(u"blaxelCreate"_s)->isVisible());
        QVERIFY(app->window()->action(u"blaxelDelete"_s)->isVisible());
        QVERIFY(!app->window()->action(u"release"_s)->isVisible());
        QVERIFY(!app->window()->action(u"acquire"_s)->isVisible());
        app->window()->showPage(MainWindow::SandboxesView);
        QVERIFY(!app->window()->action(u"blaxelDelete"_s)->isVisible());
        QVERIFY(app->window()->action(u"release"_s)->isVisible());
    }

    // Ctrl+N and Delete belong to the view in front: Acquire and Release on Klavis', Create and Delete here.
    void shortcutsFollowTheViewInFront()
    {
        select({u"scratch"_s});
        QString question;
        QString explanation;
        answerConfirmation(&question, &explanation, false);
        activate();
        QTest::keyClick(table(), Qt::Key_Delete);
        QCOMPARE(question, u"Delete scratch for good?"_s);

        activate();
        QTest::keyClick(table(), Qt::Key_N, Qt::ControlModifier);
        QPointer<BlaxelCreateDialog> create = page()->findChild<BlaxelCreateDialog *>();
        QVERIFY(create);
        create->reject();

        app->window()->showPage(MainWindow::SandboxesView);
        QVERIFY(app->waitForSandboxes());
        activate();
        QTest::keyClick(app->sandboxesPage()->view(), Qt::Key_N, Qt::ControlModifier);
        QVERIFY(app->sandboxesPage()->findChild<AcquireDialog *>());
        QVERIFY(QTest::qWaitFor([&] { return !create; }, 2000));
        QVERIFY(!page()->findChild<BlaxelCreateDialog *>());
    }

    void listShowsTheSeededSandboxes()
    {
        QVERIFY(!page()->showsConnectHint());
        const QStringList names = shownNames();
        for (const QString &name : {u"research-notebook"_s, u"agent-runner-01"_s, u"broken-image"_s,
                                    u"old-experiment"_s, u"legacy-sandbox"_s})
            QVERIFY2(names.contains(name), qPrintable(name));
        QVERIFY(names.size() >= 11);
        // Terminated ones only when asked for.
        QVERIFY(!names.contains(u"finished-benchmark"_s));
        page()->showTerminatedBox()->setChecked(true);
        QVERIFY(shownNames().contains(u"finished-benchmark"_s));
        page()->showTerminatedBox()->setChecked(false);

        const int row = rowOf(u"research-notebook"_s);
        auto *model = table()->model();
        QCOMPARE(model->index(row, BlaxelSandboxListModel::StatusColumn).data().toString(), u"DEPLOYED"_s);
        QCOMPARE(model->index(row, BlaxelSandboxListModel::MemoryColumn).data().toString(), u"8 GB"_s);
        QVERIFY(model->index(row, BlaxelSandboxListModel::LabelsColumn)
                    .data(BlaxelSandboxListModel::LabelsRole)
                    .toStringList()
                    .contains(u"team=research"_s));
        // Status coloured by its meaning, labels as chips.
        QVERIFY(qobject_cast<BlaxelStatusDelegate *>(
            table()->itemDelegateForColumn(BlaxelSandboxListModel::StatusColumn)));
        QVERIFY(qobject_cast<TagChipDelegate *>(
            table()->itemDelegateForColumn(BlaxelSandboxListModel::LabelsColumn)));
        QCOMPARE(BlaxelStatusIcons::color(u"DEPLOYED"_s), StatusIcons::color(u"idle"_s));
        QCOMPARE(BlaxelStatusIcons::color(u"FAILED"_s), StatusIcons::color(u"error"_s));
        QVERIFY(BlaxelStatusIcons::color(u"DELETING"_s) != BlaxelStatusIcons::color(u"TERMINATED"_s));
    }

    void searchAndStatusFilter()
    {
        page()->filterBar()->searchField()->setText(u"runner"_s);
        QVERIFY(QTest::qWaitFor([this] { return table()->model()->rowCount() == 2; }, 5000));
        QCOMPARE(shownNames().size(), 2);
        QVERIFY(shownNames().contains(u"agent-runner-01"_s));
        page()->filterBar()->clearFilters();
        QVERIFY(table()->model()->rowCount() > 2);

        QComboBox *status = nullptr;
        for (auto *combo : page()->filterBar()->findChildren<QComboBox *>()) {
            if (combo->isVisibleTo(page()) && combo->findData(u"FAILED"_s) >= 0)
                status = combo;
        }
        QVERIFY(status);
        status->setCurrentIndex(status->findData(u"FAILED"_s));
        QVERIFY(QTest::qWaitFor([this] { return shownNames() == QStringList{u"broken-image"_s}; }, 5000));
    }

    void deleteConfirmsNamesThenRowsGoDeletingAndTerminated()
    {
        const QStringList names{u"agent-runner-01"_s, u"agent-runner-02"_s};
        select(names);
        QCOMPARE(page()->selectedDeletableNames().size(), 2);
        QCOMPARE(app->window()->action(u"blaxelDelete"_s)->text(), u"&Delete 2"_s);

        // Cancelled first: nothing happens.
        QString question;
        QString explanation;
        answerConfirmation(&question, &explanation, false);
        app->window()->action(u"blaxelDelete"_s)->trigger();
        QCOMPARE(question, u"Delete 2 Blaxel sandboxes for good?"_s);
        QCOMPARE(statusOf(names.first()), u"DEPLOYED"_s);

        answerConfirmation(&question, &explanation, true);
        app->window()->action(u"blaxelDelete"_s)->trigger();
        QVERIFY2(explanation.contains(u"destroyed for good"_s), qPrintable(explanation));
        for (const QString &name : names) {
            QVERIFY2(explanation.contains(name), qPrintable(explanation));
            QCOMPARE(statusOf(name), u"DELETING"_s);
        }
        // Deleting rows are not offered for another delete.
        QCOMPARE(page()->selectedDeletableNames().size(), 0);
        QTRY_VERIFY(!app->window()->action(u"blaxelDelete"_s)->isEnabled());
        // TERMINATED: hidden from the list unless asked for, and there as TERMINATED when asked.
        QVERIFY(QTest::qWaitFor(
            [&] { return !shownNames().contains(names.first()) && !shownNames().contains(names.last()); },
            15000));
        QCOMPARE(statusOf(names.first()), u"TERMINATED"_s);
        page()->showTerminatedBox()->setChecked(true);
        QVERIFY(shownNames().contains(names.first()));
    }

    void oneSandboxIsNamedInTheQuestion()
    {
        select({u"scratch"_s});
        QString question;
        QString explanation;
        answerConfirmation(&question, &explanation, false);
        app->window()->action(u"blaxelDelete"_s)->trigger();
        QCOMPARE(question, u"Delete scratch for good?"_s);
        QVERIFY(explanation.contains(u"destroyed for good"_s));
        // Already deleting: left out, and said so.
        QVERIFY(DeleteWording::explanation({u"a"_s, u"b"_s}, 1).contains(u"left as they are"_s));
    }

    void detailsMaskSecretsUntilRevealedAndOfferTheMcpEndpoint()
    {
        select({u"research-notebook"_s});
        auto *pane = page()->detailsPane();
        QCOMPARE(pane->currentName(), u"research-notebook"_s);
        // The full answer: its events arrive with GET /sandboxes/{name}.
        QVERIFY(QTest::qWaitFor([pane] { return pane->eventsTree()->topLevelItemCount() > 0; }, 10000));
        auto *env = pane->environmentTree();
        QCOMPARE(valueOf(env, u"HF_TOKEN"_s), SecretTree::maskText());
        QCOMPARE(valueOf(env, u"LOG_LEVEL"_s), u"info"_s);
        auto *raw = pane->findChild<RawJsonView *>();
        QVERIFY(raw);
        QVERIFY(raw->text().contains(u"HF_TOKEN"_s));
        QVERIFY(!raw->text().contains(u"hf_demo_secret_value"_s));
        pane->setSecretsRevealed(true);
        QCOMPARE(valueOf(env, u"HF_TOKEN"_s), u"hf_demo_secret_value"_s);

        const QString url = pane->urlField()->text();
        QVERIFY2(url.startsWith(u"http://127.0.0.1:"_s), qPrintable(url));
        QCOMPARE(pane->mcpField()->text(), url + u"/mcp"_s);
        QVERIFY(pane->mcpField()->isVisibleTo(pane));

        // Another sandbox, then back: masked again.
        select({u"scratch"_s});
        select({u"research-notebook"_s});
        QVERIFY(!pane->secretsRevealed());
        QVERIFY(QTest::qWaitFor([pane] { return pane->environmentTree()->topLevelItemCount() > 0; }, 10000));
        QCOMPARE(valueOf(env, u"HF_TOKEN"_s), SecretTree::maskText());
    }

    void failedSandboxShowsItsErrors()
    {
        select({u"broken-image"_s});
        auto *pane = page()->detailsPane();
        QVERIFY(QTest::qWaitFor([pane] { return pane->eventsTree()->topLevelItemCount() > 0; }, 10000));
        QVERIFY2(pane->errorsLabel()->text() != u"None"_s, qPrintable(pane->errorsLabel()->text()));
    }

    void createShowsTheNameRuleAndTheServers409BesideName()
    {
        app->window()->action(u"blaxelCreate"_s)->trigger();
        QPointer<BlaxelCreateDialog> dialog = page()->findChild<BlaxelCreateDialog *>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        // The rule as typed.
        QTest::keyClicks(dialog->nameField(), u"Bad_Name"_s);
        QVERIFY(!dialog->fieldError(u"name"_s).isEmpty());
        dialog->nameField()->clear();
        QTest::keyClicks(dialog->nameField(), u"research-notebook"_s);
        QVERIFY(dialog->fieldError(u"name"_s).isEmpty());
        dialog->okButton()->click();
        QVERIFY(QTest::qWaitFor([&] { return !dialog->fieldError(u"name"_s).isEmpty(); }, 10000));
        QVERIFY2(dialog->fieldError(u"name"_s).contains(u"already exists"_s),
                 qPrintable(dialog->fieldError(u"name"_s)));
        QVERIFY(dialog->isVisible()); // what was typed is kept
        QCOMPARE(dialog->nameField()->text(), u"research-notebook"_s);

        // A 400 that names a field lands beside it: a region the server does not have.
        dialog->nameField()->setText(u"region-check"_s);
        dialog->regionField()->setEditText(u"mars-1"_s);
        dialog->okButton()->click();
        QVERIFY(QTest::qWaitFor([&] { return !dialog->fieldError(u"region"_s).isEmpty(); }, 10000));
        QVERIFY2(dialog->fieldError(u"region"_s).contains(u"spec.region"_s),
                 qPrintable(dialog->fieldError(u"region"_s)));
        QVERIFY(dialog->fieldError(u"name"_s).isEmpty());
        QVERIFY(dialog->isVisible());

        // A free name is created and selected.
        dialog->regionField()->setCurrentIndex(0);
        dialog->nameField()->setText(u"gui-created"_s);
        dialog->ttlField()->setText(u"2h"_s);
        dialog->labelsField()->setText(u"team=qa"_s);
        // Environment and secrets, as the CLI's --env and --secret-env: a name given twice is refused beside
        // the field, a secret's value is shown as bullets.
        BlaxelEnvironmentEditor *environment = dialog->environmentField();
        environment->addVariable(u"MODE"_s, u"fast"_s, false);
        environment->addVariable(u"MODE"_s, u"slow"_s, false);
        QVERIFY(dialog->fieldError(u"envs"_s).contains(u"named twice"_s));
        environment->table()->selectRow(1);
        environment->removeButton()->click();
        QVERIFY(dialog->fieldError(u"envs"_s).isEmpty());
        environment->addVariable(u"HF_TOKEN"_s, u"hf-secret-value"_s, true);
        const QModelIndex secretValue =
            environment->table()->model()->index(1, BlaxelEnvironmentEditor::ValueColumn);
        QStyleOptionViewItem shown;
        static_cast<MaskedTextDelegate *>(
            environment->table()->itemDelegateForColumn(BlaxelEnvironmentEditor::ValueColumn))
            ->initStyleOption(&shown, secretValue);
        QCOMPARE(shown.text, QString(15, QChar(0x2022)));
        dialog->okButton()->click();
        QVERIFY(QTest::qWaitFor([this] { return page()->selectedNames() == QStringList{u"gui-created"_s}; },
                                10000));
        QVERIFY(QTest::qWaitFor([&] { return !dialog || !dialog->isVisible(); }, 5000));
        const BlaxelSandbox *made =
            app->window()->blaxelSandboxesController()->store()->find(u"gui-created"_s);
        QVERIFY(made);
        QCOMPARE(made->envs.size(), 2);
        QCOMPARE(made->envs.at(0).name, u"MODE"_s);
        QCOMPARE(made->envs.at(0).value, u"fast"_s);
        QVERIFY(!made->envs.at(0).secret);
        QCOMPARE(made->envs.at(1).name, u"HF_TOKEN"_s);
        QVERIFY(made->envs.at(1).secret);
        const int row = rowOf(u"gui-created"_s);
        QVERIFY(!table()
                     ->model()
                     ->index(row, BlaxelSandboxListModel::ExpiresInColumn)
                     .data()
                     .toString()
                     .isEmpty());
    }

    void createAndDeleteAreInTheLedger()
    {
        AppSession *session = app->controller()->session();
        BlaxelCreateRequest request;
        request.name = u"ledger-box"_s;
        request.image = u"blaxel/base-image:latest"_s;
        std::optional<ApiResult<BlaxelSandbox>> created;
        controller()->create(request, this,
                             [&](const ApiResult<BlaxelSandbox> &result) { created = result; });
        QVERIFY(QTest::qWaitFor([&] { return created.has_value(); }, 10000));
        QVERIFY2(created->ok(), qPrintable(created->ok() ? QString() : created->error().fullText()));

        session->ledger()->flush();
        RunLedger reader;
        QVERIFY(reader.open(session->ledgerPath()).ok());
        const auto isOurs = [](const LedgerSandbox &s) {
            return s.provider == LedgerProvider::Blaxel && s.sandboxId == u"ledger-box"_s;
        };
        const auto held = reader.heldSandboxes().value();
        const auto mine = std::find_if(held.cbegin(), held.cend(), isOurs);
        QVERIFY(mine != held.cend());
        QCOMPARE(mine->servers, QStringList{request.image});
        QCOMPARE(mine->profile, session->blaxelProfileName());

        QSignalSpy deleted(controller(), &BlaxelSandboxesController::bulkFinished);
        controller()->deleteSandboxes({u"ledger-box"_s});
        QVERIFY(deleted.wait(15000));
        QVERIFY2(deleted.first().at(1).toStringList().isEmpty(),
                 qPrintable(deleted.first().at(1).toStringList().join(u'\n')));
        session->ledger()->flush();
        const auto stillHeld = reader.heldSandboxes().value();
        QVERIFY(std::none_of(stillHeld.cbegin(), stillHeld.cend(), isOurs));
        QVERIFY(reader.openIntents()->isEmpty());
        // The demo's ledger is this session's own: the create, then the delete.
        const auto create = reader.operation(1);
        QVERIFY2(create.ok(), qPrintable(create.error().message));
        QCOMPARE(create->kind, LedgerOperationKind::Acquire);
        QCOMPARE(create->provider, LedgerProvider::Blaxel);
        QCOMPARE(create->sandboxId, u"ledger-box"_s);
        QCOMPARE(create->state, LedgerOperationState::Succeeded);
        const auto remove = reader.operation(2);
        QVERIFY2(remove.ok(), qPrintable(remove.error().message));
        QCOMPARE(remove->kind, LedgerOperationKind::Release);
        QCOMPARE(remove->provider, LedgerProvider::Blaxel);
        QCOMPARE(remove->sandboxId, u"ledger-box"_s);
        QCOMPARE(remove->state, LedgerOperationState::Succeeded);
        QVERIFY(!reader.operation(3).ok());
    }

    void withoutABlaxelProfileTheViewLeadsToSettings()
    {
        QSignalSpy settings(app->window(), &MainWindow::settingsRequested);
        app->controller()->session()->disconnectBlaxel();
        QVERIFY(page()->showsConnectHint());
        QCOMPARE(controller()->model()->rowCount(), 0);
        QVERIFY(!app->window()->action(u"blaxelCreate"_s)->isEnabled());
        auto *title = page()->findChild<QLabel *>(u"connectHintTitle"_s);
        QVERIFY(title);
        QCOMPARE(title->text(), u"Add a Blaxel profile in Settings"_s);
        QVERIFY(page()->settingsButton()->isVisibleTo(page()));
        page()->settingsButton()->click();
        QCOMPARE(settings.count(), 1);
        // Klavis stays connected.
        QVERIFY(app->controller()->session()->hasKey());
    }

    void refreshKeepsTheSelection()
    {
        select({u"scratch"_s});
        QSignalSpy refreshed(controller(), &BlaxelSandboxesController::refreshed);
        app->window()->action(u"refresh"_s)->trigger();
        QVERIFY(refreshed.wait(10000));
        QCOMPARE(page()->selectedNames(), QStringList{u"scratch"_s});
        QCOMPARE(page()->detailsPane()->currentName(), u"scratch"_s);
    }

    void headerLayoutIsRemembered()
    {
        auto *header = table()->horizontalHeader();
        header->setSectionHidden(BlaxelSandboxListModel::RegionColumn, false);
        header->setSectionHidden(BlaxelSandboxListModel::StateColumn, true);
        header->resizeSection(BlaxelSandboxListModel::NameColumn, 222);
        page()->saveState();
        header->setSectionHidden(BlaxelSandboxListModel::StateColumn, false);
        header->resizeSection(BlaxelSandboxListModel::NameColumn, 100);
        page()->restoreState();
        QVERIFY(header->isSectionHidden(BlaxelSandboxListModel::StateColumn));
        QVERIFY(!header->isSectionHidden(BlaxelSandboxListModel::RegionColumn));
        QCOMPARE(header->sectionSize(BlaxelSandboxListModel::NameColumn), 222);
    }
};

QTEST_MAIN(TestBlaxelView)
#include "tst_blaxelview.moc"
