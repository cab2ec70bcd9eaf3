#include "runsview/newrunsandboxespage.h"

#include "api/transportconfig.h"
#include "catalog/serverlists.h"
#include "common/errorcolour.h"
#include "models/durationtext.h"
#include "runs/runplanparser.h"

#include <QEvent>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

enum LocalColumn
{
    LocalServersColumn,
    LocalCountColumn,
    LocalRemoveColumn,
};

constexpr int serversRole = Qt::UserRole + 1;

QSpinBox *countEditor(QWidget *parent, int minimum)
{
    auto *spin = new QSpinBox(parent);
    spin->setRange(minimum, RunPlanParser::maxPerEntry);
    spin->setKeyboardTracking(true);
    spin->setFrame(false);
    return spin;
}

} // namespace

NewRunSandboxesPage::NewRunSandboxesPage(QWidget *parent)
    : QWizardPage(parent), m_filter(new QLineEdit(this)), m_servers(new QTableWidget(this)),
      m_localServers(new QListWidget(this)), m_localCount(countEditor(this, 1)),
      m_addLocal(new QPushButton(tr("&Add local set"), this)), m_localSets(new QTableWidget(this)),
      m_total(new QLabel(this)), m_problem(new QLabel(this)),
      m_requestsPerSecond(TransportConfig().requestsPerSecond)
{
    setTitle(tr("Sandboxes"));
    setSubTitle(tr("How many sandboxes of each server, and which local sandboxes."));

    m_filter->setPlaceholderText(tr("Filter servers; Enter goes to the count, Enter again comes back"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, &NewRunSandboxesPage::applyFilter);
    // Enter in the filter means "to that count", not the wizard's Next: the key stops here.
    m_filter->installEventFilter(this);

    const QStringList servers = ServerLists::sandboxServers();
    m_servers->setTabKeyNavigation(false); // Tab goes on to the next part, as in a file manager
    m_servers->setColumnCount(2);
    m_servers->setRowCount(int(servers.size()));
    m_servers->setHorizontalHeaderLabels({tr("Server"), tr("Count")});
    m_servers->verticalHeader()->hide();
    m_servers->verticalHeader()->setDefaultSectionSize(QSpinBox().sizeHint().height());
    m_servers->setSelectionMode(QAbstractItemView::NoSelection);
    m_servers->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_servers->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_servers->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    for (int row = 0; row < servers.size(); ++row) {
        auto *name = new QTableWidgetItem(servers[row]);
        name->setFlags(Qt::ItemIsEnabled);
        m_servers->setItem(row, 0, name);
        QSpinBox *count = countEditor(m_servers, 0);
        count->setObjectName(servers[row]);
        count->setSpecialValueText(tr("none"));
        count->installEventFilter(this);
        connect(count, &QSpinBox::valueChanged, this, &NewRunSandboxesPage::updateTotal);
        m_servers->setCellWidget(row, 1, count);
    }
    // Tab goes from the filter straight to the counts, not to the table around them.
    m_servers->setFocusPolicy(Qt::NoFocus);

    for (const QString &name : ServerLists::localServers()) {
        auto *item = new QListWidgetItem(name, m_localServers);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(Qt::Unchecked);
    }
    m_localServers->setFlow(QListView::LeftToRight);
    m_localServers->setWrapping(true);
    m_localServers->setResizeMode(QListView::Adjust);
    m_localCount->setPrefix(tr("× "));
    m_addLocal->setEnabled(false);
    connect(m_localServers, &QListWidget::itemChanged, this, [this] {
        bool any = false;
        for (int i = 0; i < m_localServers->count() && !any; ++i)
            any = m_localServers->item(i)->checkState() == Qt::Checked;
        m_addLocal->setEnabled(any);
    });
    connect(m_addLocal, &QPushButton::clicked, this, &NewRunSandboxesPage::addLocalSet);

    m_localSets->setTabKeyNavigation(false); // Tab goes on to the next part, as in a file manager
    m_localSets->setColumnCount(3);
    m_localSets->setHorizontalHeaderLabels({tr("Servers of each local sandbox"), tr("Count"), QString()});
    m_localSets->verticalHeader()->hide();
    m_localSets->verticalHeader()->setDefaultSectionSize(QSpinBox().sizeHint().height());
    m_localSets->setSelectionMode(QAbstractItemView::NoSelection);
    m_localSets->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_localSets->horizontalHeader()->setSectionResizeMode(LocalServersColumn, QHeaderView::Stretch);
    m_localSets->horizontalHeader()->setSectionResizeMode(LocalCountColumn, QHeaderView::ResizeToContents);
    m_localSets->horizontalHeader()->setSectionResizeMode(LocalRemoveColumn, QHeaderView::ResizeToContents);

    m_total->setObjectName(u"runTotal"_s);
    m_problem->setObjectName(u"sandboxesProblem"_s);
    m_problem->setWordWrap(true);
    m_problem->hide();
    ErrorColour::applyTo(m_problem, palette());

    auto *klavis = new QGroupBox(tr("Klavis sandboxes (one server each)"), this);
    auto *klavisLayout = new QVBoxLayout(klavis);
    klavisLayout->addWidget(m_filter);
    klavisLayout->addWidget(m_servers);

    auto *local = new QGroupBox(tr("Local sandboxes (several servers and a workspace each)"), this);
    auto *localLayout = new QVBoxLayout(local);
    localLayout->addWidget(m_localServers, 2);
    auto *addRow = new QHBoxLayout;
    addRow->addWidget(m_localCount);
    addRow->addWidget(m_addLocal);
    addRow->addStretch();
    localLayout->addLayout(addRow);
    localLayout->addWidget(m_localSets, 1);

    // Side by side: both lists keep their height in a small window, where one above the other left the
    // servers' list two rows tall.
    auto *groups = new QHBoxLayout;
    groups->addWidget(klavis, 1);
    groups->addWidget(local, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(groups, 1);
    layout->addWidget(m_total);
    layout->addWidget(m_problem);
    updateTotal();
}

QSpinBox *NewRunSandboxesPage::countSpin(const QString &server) const
{
    for (int row = 0; row < m_servers->rowCount(); ++row)
        if (m_servers->item(row, 0)->text() == server)
            return qobject_cast<QSpinBox *>(m_servers->cellWidget(row, 1));
    return nullptr;
}

bool NewRunSandboxesPage::eventFilter(QObject *watched, QEvent *event)
{
    // The keyboard loop: a name and Enter in the filter go to that server's count, a number and Enter there
    // come back to the filter for the next server. Enter in an empty filter is the wizard's Next.
    if (event->type() != QEvent::KeyPress)
        return QWizardPage::eventFilter(watched, event);
    const int key = static_cast<QKeyEvent *>(event)->key();
    if (key != Qt::Key_Return && key != Qt::Key_Enter)
        return QWizardPage::eventFilter(watched, event);
    if (watched == m_filter && !m_filter->text().trimmed().isEmpty()) {
        focusFirstShown();
        return true;
    }
    if (watched != m_filter && qobject_cast<QSpinBox *>(watched)) {
        static_cast<QSpinBox *>(watched)->interpretText();
        m_filter->setFocus(Qt::ShortcutFocusReason);
        m_filter->selectAll();
        return true;
    }
    return QWizardPage::eventFilter(watched, event);
}

void NewRunSandboxesPage::applyFilter(const QString &text)
{
    const QString needle = text.trimmed();
    for (int row = 0; row < m_servers->rowCount(); ++row) {
        // A server with a count stays in sight: what the run holds is never filtered away.
        const bool counted = qobject_cast<QSpinBox *>(m_servers->cellWidget(row, 1))->value() > 0;
        m_servers->setRowHidden(
            row, !counted && !m_servers->item(row, 0)->text().contains(needle, Qt::CaseInsensitive));
    }
}

void NewRunSandboxesPage::focusFirstShown()
{
    const QString needle = m_filter->text().trimmed();
    int first = -1;
    for (int row = 0; row < m_servers->rowCount(); ++row) {
        if (m_servers->isRowHidden(row))
            continue;
        if (first < 0)
            first = row;
        // The one the filter names exactly beats the counted ones kept in sight above it.
        if (m_servers->item(row, 0)->text().compare(needle, Qt::CaseInsensitive) == 0) {
            first = row;
            break;
        }
    }
    if (first < 0)
        return;
    auto *spin = qobject_cast<QSpinBox *>(m_servers->cellWidget(first, 1));
    // The view shows the counts of rows the filter just brought back at its next layout; Enter typed
    // before that (a fast typist, a paste) would find the spin box still hidden and not take focus.
    m_servers->doItemsLayout();
    m_servers->scrollToItem(m_servers->item(first, 0));
    spin->setFocus(Qt::ShortcutFocusReason);
    spin->selectAll();
}

void NewRunSandboxesPage::addLocalSet()
{
    QStringList servers;
    for (int i = 0; i < m_localServers->count(); ++i) {
        QListWidgetItem *item = m_localServers->item(i);
        if (item->checkState() == Qt::Checked)
            servers.append(item->text());
        item->setCheckState(Qt::Unchecked);
    }
    if (servers.isEmpty())
        return;
    const int row = m_localSets->rowCount();
    m_localSets->insertRow(row);
    auto *names = new QTableWidgetItem(servers.join(u", "_s));
    names->setData(serversRole, servers);
    names->setFlags(Qt::ItemIsEnabled);
    m_localSets->setItem(row, LocalServersColumn, names);
    QSpinBox *count = countEditor(m_localSets, 1);
    count->setValue(m_localCount->value());
    connect(count, &QSpinBox::valueChanged, this, &NewRunSandboxesPage::updateTotal);
    m_localSets->setCellWidget(row, LocalCountColumn, count);
    auto *remove = new QToolButton(m_localSets);
    remove->setIcon(QIcon(u":/icons/delete.svg"_s));
    remove->setToolTip(tr("Remove this local set"));
    remove->setAutoRaise(true);
    connect(remove, &QToolButton::clicked, this, [this, names] {
        m_localSets->removeRow(names->row());
        updateTotal();
    });
    m_localSets->setCellWidget(row, LocalRemoveColumn, remove);
    m_localCount->setValue(1);
    updateTotal();
}

QList<RunServerCount> NewRunSandboxesPage::serverCounts() const
{
    QList<RunServerCount> counts;
    for (int row = 0; row < m_servers->rowCount(); ++row)
        if (const int count = qobject_cast<QSpinBox *>(m_servers->cellWidget(row, 1))->value(); count > 0)
            counts.append({m_servers->item(row, 0)->text(), count});
    return counts;
}

QList<RunLocalSet> NewRunSandboxesPage::localSets() const
{
    QList<RunLocalSet> sets;
    for (int row = 0; row < m_localSets->rowCount(); ++row)
        sets.append({m_localSets->item(row, LocalServersColumn)->data(serversRole).toStringList(),
                     qobject_cast<QSpinBox *>(m_localSets->cellWidget(row, LocalCountColumn))->value()});
    return sets;
}

void NewRunSandboxesPage::fill(RunPlan *plan) const
{
    plan->servers = serverCounts();
    plan->localSets = localSets();
}

void NewRunSandboxesPage::setRequestsPerSecond(double rate)
{
    m_requestsPerSecond = rate;
    updateTotal();
}

QString NewRunSandboxesPage::totalSentence(int sandboxes, double requestsPerSecond)
{
    QString count = tr("%n sandbox(es)", nullptr, sandboxes);
    if (sandboxes == 0 || requestsPerSecond <= 0)
        return count;
    const auto seconds = qint64(std::ceil(double(sandboxes) / requestsPerSecond));
    return tr("%1, about %2 at %3 requests/s")
        .arg(count, DurationText::span(seconds), QLocale().toString(requestsPerSecond));
}

void NewRunSandboxesPage::updateTotal()
{
    RunPlan plan;
    fill(&plan);
    m_total->setText(totalSentence(plan.sandboxCount(), m_requestsPerSecond));
    m_problem->hide();
    emit completeChanged();
}

QString NewRunSandboxesPage::totalText() const
{
    return m_total->text();
}

QString NewRunSandboxesPage::problemText() const
{
    return m_problem->isHidden() ? QString() : m_problem->text();
}

bool NewRunSandboxesPage::isComplete() const
{
    RunPlan plan;
    fill(&plan);
    return plan.sandboxCount() > 0;
}

bool NewRunSandboxesPage::validatePage()
{
    // The whole plan as RunPlanParser sees it (totals, sets), with the name the first page took.
    RunPlan plan;
    plan.name = field(u"runName"_s).toString();
    fill(&plan);
    const QString problem = RunPlanParser::check(plan);
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    return problem.isEmpty();
}

void NewRunSandboxesPage::changeEvent(QEvent *event)
{
    QWizardPage::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        ErrorColour::applyTo(m_problem, palette());
}
