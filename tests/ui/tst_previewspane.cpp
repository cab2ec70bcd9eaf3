// The Previews tab of a Blaxel sandbox, driven as a person drives it against the in-process demo emulator:
// a public preview made through the dialog and its URL copied; a private one and its token, shown once with
// the URL that carries it; a taken name refused with the service's reason; a deletion asked first, then gone.

#include "blaxelrows.h"
#include "demoapp.h"

#include "blaxel/blaxelsandboxespage.h"
#include "models/blaxelpreviewlistmodel.h"
#include "models/blaxelsandboxlistmodel.h"
#include "previews/previewcreatedialog.h"
#include "previews/previewspane.h"
#include "previews/previewtokendialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTabWidget>
#include <QTimer>
#include <QTreeView>
#include <QUrlQuery>

#include <functional>

using namespace Qt::StringLiterals;

class TestPreviewsPane : public QObject
{
    Q_OBJECT

    std::unique_ptr<DemoApp> app;

    BlaxelSandboxesPage *page() const { return app->window()->blaxelSandboxesPage(); }
    PreviewsPane *pane() const { return page()->previewsPane(); }
    QPushButton *button(const QString &name) const { return pane()->findChild<QPushButton *>(name); }
    QAbstractItemModel *previews() const { return pane()->view()->model(); }

    void select(const QString &name)
    {
        QVERIFY2(BlaxelRows::selectOnly(page()->view(), name), qPrintable(name));
    }

    bool showPreviewsOf(const QString &sandbox)
    {
        select(sandbox);
        page()->sideTabs()->setCurrentWidget(pane());
        return QTest::qWaitFor(
            [this] {
                return pane()->monitor() && pane()->monitor()->hasListed() &&
                       button(u"newPreviewButton"_s)->isEnabled();
            },
            10000);
    }

    static void onNextDialog(const std::function<void(QWidget *)> &act)
    {
        answerNextDialog<QWidget>(act, 30000);
    }

    void create(const QString &name, int port, bool isPublic)
    {
        onNextDialog([=](QWidget *modal) {
            auto *dialog = qobject_cast<PreviewCreateDialog *>(modal);
            QVERIFY(dialog);
            dialog->nameField()->setText(name);
            dialog->portField()->setValue(port);
            dialog->publicBox()->setChecked(isPublic);
            dialog->buttons()->button(QDialogButtonBox::Ok)->click();
        });
        button(u"newPreviewButton"_s)->click();
    }

private Q_SLOTS:
    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        QVERIFY(app->showBlaxelSandboxes());
    }
    void cleanup() { app.reset(); }

    void aPublicPreviewIsMadeAndItsUrlCopied()
    {
        QVERIFY(showPreviewsOf(u"research-notebook"_s));
        QCOMPARE(pane()->stateLabel()->text(),
                 u"No previews of research-notebook yet: New Preview… makes one."_s);
        create(u"web"_s, 8888, true);
        QTRY_COMPARE_WITH_TIMEOUT(pane()->selectedPreview(), u"web"_s, 10000);
        const QModelIndex row = pane()->view()->currentIndex();
        QCOMPARE(row.siblingAtColumn(BlaxelPreviewListModel::PortColumn).data().toString(), u"8888"_s);
        QCOMPARE(row.siblingAtColumn(BlaxelPreviewListModel::AccessColumn).data().toString(), u"public"_s);
        const QUrl url = row.data(BlaxelPreviewListModel::UrlRole).toUrl();
        QVERIFY2(url.path().endsWith(u"/research-notebook/web"_s), qPrintable(url.toString()));
        QVERIFY(pane()->stateLabel()->isHidden());
        // A public preview needs no token.
        QVERIFY(!button(u"previewTokenButton"_s)->isEnabled());
        button(u"copyPreviewUrlButton"_s)->click();
        QCOMPARE(QApplication::clipboard()->text(), url.toString(QUrl::FullyEncoded));
    }

    void aPrivatePreviewsTokenIsShownOnceWithItsUrl()
    {
        QVERIFY(showPreviewsOf(u"research-notebook"_s));
        create(u"private-web"_s, 8888, false);
        QTRY_COMPARE_WITH_TIMEOUT(pane()->selectedPreview(), u"private-web"_s, 10000);
        QVERIFY(button(u"previewTokenButton"_s)->isEnabled());
        const QUrl url = pane()->view()->currentIndex().data(BlaxelPreviewListModel::UrlRole).toUrl();
        QString token;
        QString tokenUrl;
        onNextDialog([&](QWidget *modal) {
            auto *hours = qobject_cast<QInputDialog *>(modal);
            QVERIFY(hours);
            QCOMPARE(hours->intValue(), 24);
            onNextDialog([&](QWidget *shown) {
                auto *dialog = qobject_cast<PreviewTokenDialog *>(shown);
                QVERIFY(dialog);
                token = dialog->tokenField()->text();
                tokenUrl = dialog->urlField()->text();
                dialog->reject();
            });
            hours->accept();
        });
        button(u"previewTokenButton"_s)->click();
        QTRY_VERIFY_WITH_TIMEOUT(!token.isEmpty(), 10000);
        const QUrl withToken(tokenUrl);
        QCOMPARE(withToken.adjusted(QUrl::RemoveQuery), url.adjusted(QUrl::RemoveQuery));
        QCOMPARE(QUrlQuery(withToken).queryItemValue(u"bl_preview_token"_s, QUrl::FullyDecoded), token);
        // The token is kept nowhere in the pane once its dialog is gone.
        for (const QLineEdit *field : pane()->findChildren<QLineEdit *>())
            QVERIFY(!field->text().contains(token));
    }

    void aTakenNameIsRefusedWithTheServicesReason()
    {
        QVERIFY(showPreviewsOf(u"research-notebook"_s));
        create(u"web"_s, 8888, true);
        QTRY_COMPARE_WITH_TIMEOUT(previews()->rowCount(), 1, 10000);
        create(u"web"_s, 9000, true);
        QTRY_VERIFY_WITH_TIMEOUT(pane()->stateLabel()->isVisible(), 10000);
        QVERIFY2(pane()->stateLabel()->text().contains(u"already exists"_s),
                 qPrintable(pane()->stateLabel()->text()));
        QCOMPARE(previews()->rowCount(), 1);
    }

    void aDeletionIsAskedFirst()
    {
        QVERIFY(showPreviewsOf(u"research-notebook"_s));
        create(u"web"_s, 8888, true);
        QTRY_COMPARE_WITH_TIMEOUT(pane()->selectedPreview(), u"web"_s, 10000);
        // Cancel leaves it.
        onNextDialog([](QWidget *modal) {
            auto *box = qobject_cast<QMessageBox *>(modal);
            QVERIFY(box);
            QVERIFY(box->text().contains(u"web"_s));
            box->button(QMessageBox::Cancel)->click();
        });
        button(u"deletePreviewButton"_s)->click();
        QCOMPARE(previews()->rowCount(), 1);
        onNextDialog([](QWidget *modal) {
            auto *box = qobject_cast<QMessageBox *>(modal);
            QVERIFY(box);
            box->button(QMessageBox::Yes)->click();
        });
        button(u"deletePreviewButton"_s)->click();
        QTRY_COMPARE_WITH_TIMEOUT(previews()->rowCount(), 0, 10000);
        QVERIFY(!button(u"deletePreviewButton"_s)->isEnabled());
    }

    void theDialogSaysWhatCannotBeAskedFor()
    {
        PreviewCreateDialog dialog(u"research-notebook"_s);
        QPushButton *ok = dialog.buttons()->button(QDialogButtonBox::Ok);
        QVERIFY(!ok->isEnabled());
        dialog.nameField()->setText(u"Web"_s);
        QVERIFY(!ok->isEnabled());
        QVERIFY(dialog.problemLabel()->text().contains(u"lower-case"_s));
        dialog.nameField()->setText(u"web"_s);
        QVERIFY(!ok->isEnabled()); // no port yet
        dialog.portField()->setValue(8080);
        QVERIFY(ok->isEnabled());
        dialog.ttlField()->setText(u"soon"_s);
        QVERIFY(!ok->isEnabled());
        dialog.ttlField()->clear();
        QString problem;
        const auto request = dialog.request(&problem);
        QVERIFY(request);
        QCOMPARE(request->port, 8080);
        QVERIFY(request->ttl.isEmpty());
    }

    void aSandboxNotDeployedHasNone()
    {
        select(u"data-pipeline"_s);
        page()->sideTabs()->setCurrentWidget(pane());
        QTRY_VERIFY_WITH_TIMEOUT(pane()->monitor() == nullptr, 5000);
        QVERIFY(!button(u"newPreviewButton"_s)->isEnabled());
        QCOMPARE(pane()->stateLabel()->text(), u"A DEPLOYED sandbox has previews."_s);
    }
};

QTEST_MAIN(TestPreviewsPane)
#include "tst_previewspane.moc"
