// The reconcile dialog: the decisions emitted as chosen, "decide later" deciding nothing.
#include "tst_newrunwizard.h"

#include "runsview/reconciledialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

LedgerOperation intentOf(qint64 id, const QString &run, const QString &server, LedgerProvider provider)
{
    LedgerOperation intent;
    intent.id = id;
    intent.run = run;
    intent.server = server;
    intent.provider = provider;
    intent.startedAt = QDateTime::currentDateTimeUtc().addSecs(-600);
    return intent;
}

ReconcileReport sampleReport()
{
    ReconcileReport report;
    report.openIntents = {intentOf(11, u"eval-1"_s, u"github"_s, LedgerProvider::Klavis),
                          intentOf(12, u"eval-1"_s, u"filesystem,git"_s, LedgerProvider::KlavisLocal),
                          intentOf(13, u"eval-2"_s, u"slack"_s, LedgerProvider::Klavis)};
    report.leftovers = {
        {LedgerProvider::Klavis, {u"github"_s}, u"sb-1"_s, u"eval-1"_s, 11},
        {LedgerProvider::KlavisLocal, {u"filesystem"_s, u"git"_s}, u"vm-1"_s, u"eval-1"_s, 12}};
    return report;
}

} // namespace

void TestNewRunWizard::reconcileDecisionsAreEmittedAsChosen()
{
    ReconcileDialog dialog(sampleReport());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(dialog.leftoverTable()->rowCount(), 2);
    QCOMPARE(dialog.intentTable()->rowCount(), 1); // the slack intent: the server holds nothing for it
    QCOMPARE(dialog.leftoverTable()->item(1, 1)->text(), u"local: filesystem, git"_s);
    QCOMPARE(dialog.leftoverTable()->item(0, 3)->text(), u"10 min ago"_s);
    QPushButton *apply = dialog.buttonBox()->button(QDialogButtonBox::Apply);
    QVERIFY(!apply->isEnabled()); // nothing is chosen for the user

    QSignalSpy adopted(&dialog, &ReconcileDialog::adoptRequested);
    QSignalSpy released(&dialog, &ReconcileDialog::releaseRequested);
    QSignalSpy abandoned(&dialog, &ReconcileDialog::abandonRequested);
    dialog.choiceBox(0)->setCurrentIndex(dialog.choiceBox(0)->findText(u"Release"_s));
    dialog.choiceBox(1)->setCurrentIndex(dialog.choiceBox(1)->findText(u"Adopt"_s));
    qobject_cast<QCheckBox *>(dialog.intentTable()->cellWidget(0, 3))->setChecked(true);
    QVERIFY(apply->isEnabled());
    const QList<ReconcileDecision> decisions = dialog.decisions();
    QCOMPARE(decisions.size(), 3);
    QCOMPARE(decisions[2].kind, ReconcileDecision::Kind::Abandon);
    apply->click();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(released.size(), 1);
    QCOMPARE(released.first().first().value<RunLeftover>().sandboxId, u"sb-1"_s);
    QCOMPARE(adopted.size(), 1);
    const auto adoptedLeftover = adopted.first().first().value<RunLeftover>();
    QCOMPARE(adoptedLeftover.sandboxId, u"vm-1"_s);
    QCOMPARE(adoptedLeftover.intentId, 12);
    QCOMPARE(abandoned.size(), 1);
    QCOMPARE(abandoned.first().at(0).toLongLong(), 13);
    QCOMPARE(abandoned.first().at(1).toString(), ReconcileDialog::abandonNote());
}

void TestNewRunWizard::reconcileDecideLaterDecidesNothing()
{
    ReconcileReport report = sampleReport();
    report.error = u"GET /sandbox?tag=eval-2: 503"_s;
    ReconcileDialog dialog(report);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(dialog.findChild<QLabel *>(u"reconcileError"_s)->text().contains(u"503"_s));
    QSignalSpy adopted(&dialog, &ReconcileDialog::adoptRequested);
    QSignalSpy released(&dialog, &ReconcileDialog::releaseRequested);
    QSignalSpy abandoned(&dialog, &ReconcileDialog::abandonRequested);
    dialog.choiceBox(0)->setCurrentIndex(dialog.choiceBox(0)->findText(u"Adopt"_s));
    dialog.choiceBox(0)->setCurrentIndex(dialog.choiceBox(0)->findText(u"Decide later"_s));
    QVERIFY(dialog.decisions().isEmpty());
    dialog.buttonBox()->button(QDialogButtonBox::Cancel)->click();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QCOMPARE(adopted.size() + released.size() + abandoned.size(), 0);
}
