#include "runsview/reconciledialog.h"

#include "common/errorcolour.h"
#include "models/displaytext.h"
#include "models/relativetime.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

enum LeftoverColumn
{
    LeftoverRunColumn,
    LeftoverServersColumn,
    LeftoverIdColumn,
    LeftoverSinceColumn,
    LeftoverChoiceColumn,
    LeftoverColumnCount
};

enum IntentColumn
{
    IntentRunColumn,
    IntentServersColumn,
    IntentSinceColumn,
    IntentAbandonColumn,
    IntentColumnCount
};

// The combo box's data: what the row decides, -1 for "Decide later".
constexpr int decideLater = -1;

QTableWidgetItem *cell(const QString &text, const QString &toolTip = {})
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled);
    item->setToolTip(toolTip.isEmpty() ? text : toolTip);
    return item;
}

QTableWidgetItem *sinceCell(const QDateTime &when)
{
    if (!when.isValid())
        return cell(QString());
    return cell(RelativeTime::relativeAge(when, QDateTime::currentDateTimeUtc()),
                RelativeTime::absoluteTime(when));
}

void prepareTable(QTableWidget *table, const QStringList &headers)
{
    table->setColumnCount(int(headers.size()));
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->hide();
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setWordWrap(false);
    table->horizontalHeader()->setStretchLastSection(true);
}

} // namespace

ReconcileDialog::ReconcileDialog(const ReconcileReport &report, QWidget *parent)
    : QDialog(parent), m_report(report), m_leftovers(new QTableWidget(this)),
      m_intents(new QTableWidget(this)), m_error(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Apply | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Interrupted acquires"));
    setWindowIcon(QIcon(u":/icons/warning.svg"_s));
    for (const auto &intent : report.openIntents) {
        const bool matched =
            std::any_of(report.leftovers.cbegin(), report.leftovers.cend(),
                        [&intent](const RunLeftover &leftover) { return leftover.intentId == intent.id; });
        if (!matched)
            m_emptyIntents.append(intent);
    }

    auto *intro = new QLabel(
        tr("An acquire was interrupted (the app or the CLI stopped, or the answer was lost). The server may "
           "hold sandboxes the ledger does not know. Adopt what the run should keep, release the rest; what "
           "you leave at \"Decide later\" is asked about again at the next start."),
        this);
    intro->setWordWrap(true);
    m_error->setWordWrap(true);
    m_error->setObjectName(u"reconcileError"_s);
    m_error->setVisible(!report.error.isEmpty());
    m_error->setText(tr("The check is incomplete: %1").arg(DisplayText::visible(report.error)));
    ErrorColour::applyTo(m_error, palette());

    prepareTable(m_leftovers, {tr("Run"), tr("Servers"), tr("Sandbox"), tr("Since"), tr("Decision")});
    prepareTable(m_intents, {tr("Run"), tr("Servers"), tr("Since"), tr("Abandon")});
    fillLeftovers();
    fillIntents();

    auto *leftoverLabel = new QLabel(tr("Sandboxes the server holds for an interrupted acquire:"), this);
    auto *intentLabel = new QLabel(tr("Interrupted acquires the server holds nothing for:"), this);
    leftoverLabel->setBuddy(m_leftovers);
    leftoverLabel->setVisible(!report.leftovers.isEmpty());
    m_leftovers->setTabKeyNavigation(false); // Tab goes on to the next part, as in a file manager
    m_leftovers->setVisible(!report.leftovers.isEmpty());
    intentLabel->setVisible(!m_emptyIntents.isEmpty());
    m_intents->setTabKeyNavigation(false); // Tab goes on to the next part, as in a file manager
    m_intents->setVisible(!m_emptyIntents.isEmpty());

    m_buttons->button(QDialogButtonBox::Apply)->setText(tr("&Apply"));
    m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("&Decide later"));
    connect(m_buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, &ReconcileDialog::apply);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateApplyButton();

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_error);
    layout->addWidget(leftoverLabel);
    layout->addWidget(m_leftovers, 2);
    layout->addWidget(intentLabel);
    layout->addWidget(m_intents, 1);
    layout->addWidget(m_buttons);
    resize(760, 420);
}

void ReconcileDialog::fillLeftovers()
{
    m_leftovers->setRowCount(int(m_report.leftovers.size()));
    for (int row = 0; row < m_report.leftovers.size(); ++row) {
        const RunLeftover &leftover = m_report.leftovers[row];
        const auto intent = std::find_if(
            m_report.openIntents.cbegin(), m_report.openIntents.cend(),
            [&leftover](const LedgerOperation &operation) { return operation.id == leftover.intentId; });
        m_leftovers->setItem(row, LeftoverRunColumn, cell(DisplayText::visible(leftover.run)));
        // A local leftover is only a candidate (local sandboxes have no tags): said so in the row.
        const QString servers = DisplayText::visible(leftover.servers.join(u", "_s));
        m_leftovers->setItem(
            row, LeftoverServersColumn,
            cell(leftover.provider == LedgerProvider::KlavisLocal ? tr("local: %1").arg(servers) : servers));
        m_leftovers->setItem(row, LeftoverIdColumn, cell(DisplayText::visible(leftover.sandboxId)));
        m_leftovers->setItem(
            row, LeftoverSinceColumn,
            sinceCell(intent != m_report.openIntents.cend() ? intent->startedAt : QDateTime()));
        auto *choice = new QComboBox(m_leftovers);
        choice->addItem(tr("Decide later"), decideLater);
        choice->addItem(QIcon(u":/icons/acquire.svg"_s), tr("Adopt"), int(ReconcileDecision::Kind::Adopt));
        choice->addItem(QIcon(u":/icons/release.svg"_s), tr("Release"),
                        int(ReconcileDecision::Kind::Release));
        connect(choice, &QComboBox::currentIndexChanged, this, &ReconcileDialog::updateApplyButton);
        m_leftovers->setCellWidget(row, LeftoverChoiceColumn, choice);
    }
    m_leftovers->resizeColumnsToContents();
}

void ReconcileDialog::fillIntents()
{
    m_intents->setRowCount(int(m_emptyIntents.size()));
    for (int row = 0; row < m_emptyIntents.size(); ++row) {
        const LedgerOperation &intent = m_emptyIntents[row];
        m_intents->setItem(row, IntentRunColumn, cell(DisplayText::visible(intent.run)));
        m_intents->setItem(row, IntentServersColumn, cell(DisplayText::visible(intent.server)));
        m_intents->setItem(row, IntentSinceColumn, sinceCell(intent.startedAt));
        auto *abandon = new QCheckBox(tr("Nothing was held"), m_intents);
        abandon->setToolTip(tr("Closes the intent: the server holds no sandbox for it."));
        connect(abandon, &QCheckBox::toggled, this, &ReconcileDialog::updateApplyButton);
        m_intents->setCellWidget(row, IntentAbandonColumn, abandon);
    }
    m_intents->resizeColumnsToContents();
}

QComboBox *ReconcileDialog::choiceBox(int row) const
{
    return qobject_cast<QComboBox *>(m_leftovers->cellWidget(row, LeftoverChoiceColumn));
}

QString ReconcileDialog::abandonNote()
{
    return u"abandoned on the user's word: the server held nothing for it"_s;
}

QList<ReconcileDecision> ReconcileDialog::decisions() const
{
    QList<ReconcileDecision> result;
    for (int row = 0; row < m_report.leftovers.size(); ++row) {
        const int choice = choiceBox(row)->currentData().toInt();
        if (choice == decideLater)
            continue;
        ReconcileDecision decision;
        decision.kind = ReconcileDecision::Kind(choice);
        decision.leftover = m_report.leftovers[row];
        decision.intentId = decision.leftover.intentId;
        result.append(decision);
    }
    for (int row = 0; row < m_emptyIntents.size(); ++row) {
        if (!qobject_cast<QCheckBox *>(m_intents->cellWidget(row, IntentAbandonColumn))->isChecked())
            continue;
        ReconcileDecision decision;
        decision.kind = ReconcileDecision::Kind::Abandon;
        decision.intentId = m_emptyIntents[row].id;
        decision.note = abandonNote();
        result.append(decision);
    }
    return result;
}

void ReconcileDialog::updateApplyButton()
{
    m_buttons->button(QDialogButtonBox::Apply)->setEnabled(!decisions().isEmpty());
}

void ReconcileDialog::apply()
{
    const QList<ReconcileDecision> chosen = decisions();
    for (const auto &decision : chosen) {
        switch (decision.kind) {
        case ReconcileDecision::Kind::Adopt:
            emit adoptRequested(decision.leftover);
            break;
        case ReconcileDecision::Kind::Release:
            emit releaseRequested(decision.leftover);
            break;
        case ReconcileDecision::Kind::Abandon:
            emit abandonRequested(decision.intentId, decision.note);
            break;
        }
    }
    accept();
}

void ReconcileDialog::changeEvent(QEvent *event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        ErrorColour::applyTo(m_error, palette());
}
