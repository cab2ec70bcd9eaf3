// Forms that show their errors: error lines that are never clipped, the TTL field's bounds in words, the
// local acquire dialog's server names whole, the banner sending key problems to Settings.
#include "testwidgets.h"

#include "api/apierror.h"

#include "common/errorbanner.h"
#include "klavis/acquiredialog.h"
#include "local/localacquiredialog.h"
#include "preferences/apikeydialog.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

using TestWidgets::emailEdit;
using TestWidgets::typeInto;

// Every error line shown gets the height its wrapped text needs, inside the window.
void verifyErrorLabelsFit(FormDialog *dialog, int expectedShown)
{
    int shown = 0;
    for (QLabel *label : dialog->findChildren<QLabel *>()) {
        if (!label->objectName().startsWith(u"error_"_s) || !label->isVisible())
            continue;
        ++shown;
        const int needed = label->heightForWidth(label->width());
        QVERIFY2(needed <= label->height(),
                 qPrintable(u"%1: %2 px needed, %3 px given (width %4, text %5)"_s.arg(label->objectName())
                                .arg(needed)
                                .arg(label->height())
                                .arg(label->width())
                                .arg(label->text())));
        const QRect inWindow(label->mapTo(dialog, QPoint()), label->size());
        QVERIFY2(dialog->rect().contains(inWindow), qPrintable(label->objectName()));
    }
    QCOMPARE(shown, expectedShown);
}

void shrinkToMinimum(QWidget *dialog)
{
    dialog->resize(dialog->minimumSize());
    // Twice: the first pass may raise the minimum height for the wrapped lines.
    QCoreApplication::processEvents();
    dialog->resize(dialog->minimumWidth(), 0);
    QCoreApplication::processEvents();
}

} // namespace

class TstForms final : public QObject
{
    Q_OBJECT

private slots:
    void acquireErrorsAreNotClipped()
    {
        AcquireDialog dialog({});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTest::keyClicks(emailEdit(&dialog), u"not an address"_s);
        typeInto(dialog.findChild<QSpinBox *>(u"ttlSpinBox"_s), u"30"_s);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton); // no server either: three complaints
        shrinkToMinimum(&dialog);
        verifyErrorLabelsFit(&dialog, 3);
        QCOMPARE(dialog.fieldError(u"test_account_email"_s), u"This does not look like an email address."_s);
    }

    void localAcquireErrorsAreNotClipped()
    {
        LocalAcquireDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTest::keyClicks(emailEdit(&dialog), u"nobody"_s);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        shrinkToMinimum(&dialog);
        verifyErrorLabelsFit(&dialog, 2);
        QVERIFY(dialog.fieldError(u"server_names"_s).startsWith(u"Check at least one server"_s));
        // A long server complaint (several lines) still fits.
        dialog.setFieldError(
            u"server_names"_s,
            u"Input should be 'filesystem', 'git', 'terminal', 'desktop-commander', 'arxiv', "
            "'excel', 'word', 'powerpoint', 'code-executor', 'code-runner', 'pdf-tools', "
            "'google_cloud', 'poste_email_toolathlon', 'canvas', 'localmemory' or 'playwright'"_s);
        shrinkToMinimum(&dialog);
        verifyErrorLabelsFit(&dialog, 2);
    }

    void apiKeyErrorIsNotClipped()
    {
        ApiKeyDialog dialog(ApiKeyDialog::Reason::FirstRun, Profile{});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.setFieldError(u"api_key"_s, u"The API key contains a line break or another control character, "
                                           "so it was not sent. Enter the key again."_s);
        shrinkToMinimum(&dialog);
        verifyErrorLabelsFit(&dialog, 1);
    }

    // ApiError's key sentences are front-end neutral; the banner adds where the desktop app takes a key.
    void keyProblemsPointToSettings()
    {
        ErrorBanner banner;
        banner.showError(u"Could not refresh"_s, ApiError::http(401, "{}"));
        QVERIFY2(banner.message().contains(u"API key is missing"_s), qPrintable(banner.message()));
        QVERIFY2(banner.message().contains(u"Settings"_s), qPrintable(banner.message()));
        banner.showError({}, ApiError::http(404, "{}"));
        QVERIFY(!banner.message().contains(u"Settings"_s));
    }

    void ttlOutOfRangeIsRefusedBesideTheField_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::newRow("zero") << u"0"_s;
        QTest::newRow("thirty seconds") << u"30"_s;
        QTest::newRow("more than a day") << u"86401"_s;
    }

    void ttlOutOfRangeIsRefusedBesideTheField()
    {
        QFETCH(QString, typed);
        AcquireDialog dialog({});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.setServer(u"github"_s);
        auto *spin = dialog.findChild<QSpinBox *>(u"ttlSpinBox"_s);
        QVERIFY(spin);
        typeInto(spin, typed);
        // Beside the field as soon as it is typed, not only on OK; the value is not changed behind the user.
        QVERIFY(dialog.fieldError(u"ttl_seconds"_s).contains(u"86400"_s));
        QCOMPARE(spin->value(), typed.toInt());
        QSignalSpy submitted(&dialog, &FormDialog::submitted);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(submitted.size(), 0);
        QVERIFY(!dialog.fieldError(u"ttl_seconds"_s).isEmpty());
        QCOMPARE(spin->value(), typed.toInt()); // focus left the spin box: still no silent 7200

        // "No auto-release" stays possible whatever the box holds.
        auto *noAutoRelease = dialog.findChild<QCheckBox *>();
        for (QCheckBox *box : dialog.findChildren<QCheckBox *>()) {
            if (box->text().contains(u"auto-release"_s))
                noAutoRelease = box;
        }
        noAutoRelease->setChecked(true);
        QVERIFY(dialog.fieldError(u"ttl_seconds"_s).isEmpty());
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(submitted.size(), 1);
        QVERIFY(dialog.request().noAutoRelease);
        QVERIFY(!dialog.request().ttlSeconds.has_value());
    }

    // One set of bounds (AcquireRequest's, the CLI's too) checked by FormDialog::validate() for both dialogs.
    void bothAcquireDialogsTakeTheApiTtlBounds()
    {
        AcquireDialog single({});
        single.setServer(u"github"_s);
        LocalAcquireDialog local;
        local.allServersCheckBox()->setChecked(true);
        for (FormDialog *dialog : {static_cast<FormDialog *>(&single), static_cast<FormDialog *>(&local)}) {
            auto *spin = dialog->findChild<QSpinBox *>(u"ttlSpinBox"_s);
            QVERIFY(spin);
            spin->setValue(AcquireRequest::maximumTtlSeconds);
            QVERIFY(dialog->validate().isEmpty());
            spin->setValue(AcquireRequest::maximumTtlSeconds + 1);
            QVERIFY(!dialog->validate().isEmpty());
            spin->setValue(AcquireRequest::minimumTtlSeconds);
            QVERIFY(dialog->validate().isEmpty());
            spin->setValue(AcquireRequest::minimumTtlSeconds - 1);
            QVERIFY(!dialog->validate().isEmpty());
        }
        QCOMPARE(single.request().ttlSeconds.value_or(-1), AcquireRequest::minimumTtlSeconds - 1);
        QCOMPARE(local.request().ttlSeconds.value_or(-1), AcquireRequest::minimumTtlSeconds - 1);
    }

    void ttlHintFollowsEveryKeystroke()
    {
        LocalAcquireDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *spin = dialog.findChild<QSpinBox *>(u"ttlSpinBox"_s);
        auto *hint = dialog.findChild<QLabel *>(u"ttlHint"_s);
        QVERIFY(spin && hint);
        QCOMPARE(hint->text(), u"= 2 h"_s);
        spin->setFocus();
        spin->selectAll();
        QTest::keyClick(spin, Qt::Key_5);
        QTest::keyClick(spin, Qt::Key_4);
        QVERIFY(!dialog.fieldError(u"ttl_seconds"_s).isEmpty()); // 54 s: too short, said at once
        QCOMPARE(hint->text(), QString());
        QTest::keyClick(spin, Qt::Key_0);
        QCOMPARE(hint->text(), u"= 9 min"_s); // 540 s, before any Enter or focus change
        QVERIFY(dialog.fieldError(u"ttl_seconds"_s).isEmpty());
        QTest::keyClick(spin, Qt::Key_0);
        QCOMPARE(hint->text(), u"= 90 min"_s);
        QVERIFY(spin->hasFocus());
        QCOMPARE(dialog.request().ttlSeconds.value_or(-1), 5400);
    }

    void localServerNamesAreWhole()
    {
        LocalAcquireDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QListWidget *list = dialog.serverList();
        const QRect viewport = list->viewport()->rect();
        for (int i = 0; i < list->count(); ++i) {
            const QModelIndex index = list->model()->index(i, 0);
            const QRect rect = list->visualRect(index);
            const QSize needed = list->sizeHintForIndex(index);
            QVERIFY2(rect.width() >= needed.width(),
                     qPrintable(u"%1: %2 px for %3 px"_s.arg(list->item(i)->text())
                                    .arg(rect.width())
                                    .arg(needed.width())));
            QVERIFY2(viewport.contains(rect), qPrintable(list->item(i)->text())); // no scrolling to find one
        }
        // The list uses the dialog's width: two columns, not a strip with half the dialog empty beside it.
        const QRect first = list->visualRect(list->model()->index(0, 0));
        const QRect last = list->visualRect(list->model()->index(list->count() - 1, 0));
        QVERIFY(last.left() > first.right());
        QVERIFY2(list->width() * 2 > dialog.width(),
                 qPrintable(u"%1 of %2"_s.arg(list->width()).arg(dialog.width())));
        // Nor cut at the right when the dialog is as small as it goes.
        shrinkToMinimum(&dialog);
        const QRect inWindow(list->mapTo(&dialog, QPoint()), list->size());
        QVERIFY2(
            dialog.rect().contains(inWindow),
            qPrintable(u"list right edge %1, dialog width %2"_s.arg(inWindow.right()).arg(dialog.width())));
    }
};

QTEST_MAIN(TstForms)
#include "tst_forms.moc"
