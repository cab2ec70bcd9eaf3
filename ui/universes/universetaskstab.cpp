#include "universes/universetaskstab.h"

#include "api/apierror.h"
#include "models/displaytext.h"
#include "session/universescontroller.h"

#include <QApplication>
#include <QClipboard>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

enum Column
{
    NumberColumn,
    TitleColumn,
    DifficultyColumn
};

QLabel *wrappingLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setTextFormat(Qt::PlainText);
    return label;
}

} // namespace

UniverseTasksTab::UniverseTasksTab(UniversesController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_list(new QTableWidget(0, 3, this)),
      m_title(wrappingLabel(this)), m_description(wrappingLabel(this)), m_prompt(new QPlainTextEdit(this)),
      m_copyPrompt(new QPushButton(tr("Copy Prompt"), this)), m_rationale(wrappingLabel(this))
{
    m_list->setTabKeyNavigation(false); // Tab goes on to the next part, as in a file manager
    m_list->setObjectName(u"universeTaskList"_s);
    m_list->setHorizontalHeaderLabels({tr("Task"), tr("Title"), tr("Difficulty")});
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->verticalHeader()->hide();
    m_list->horizontalHeader()->setSectionResizeMode(TitleColumn, QHeaderView::Stretch);
    m_list->horizontalHeader()->setSectionResizeMode(NumberColumn, QHeaderView::ResizeToContents);
    m_list->horizontalHeader()->setSectionResizeMode(DifficultyColumn, QHeaderView::ResizeToContents);
    m_prompt->setObjectName(u"universeTaskPrompt"_s);
    m_prompt->setReadOnly(true);
    m_prompt->setAccessibleName(tr("Prompt"));
    m_copyPrompt->setIcon(QIcon(u":/icons/copy.svg"_s));
    m_copyPrompt->setEnabled(false);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);

    auto *details = new QWidget(this);
    auto *form = new QVBoxLayout(details);
    form->setContentsMargins(6, 0, 0, 0);
    form->addWidget(m_title);
    form->addWidget(m_description);
    auto *promptRow = new QHBoxLayout;
    promptRow->addWidget(new QLabel(tr("Prompt:"), details), 1);
    promptRow->addWidget(m_copyPrompt);
    form->addLayout(promptRow);
    form->addWidget(m_prompt, 1);
    form->addWidget(new QLabel(tr("Verification:"), details));
    form->addWidget(m_rationale);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_list);
    splitter->addWidget(details);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_list, &QTableWidget::itemSelectionChanged, this, [this] {
        showCurrent();
        emit currentTaskChanged(currentTaskNumber());
    });
    connect(m_copyPrompt, &QPushButton::clicked, this, &UniverseTasksTab::copyPrompt);
}

void UniverseTasksTab::setUniverse(const QString &universeId, const QStringList &taskNumbers)
{
    if (universeId == m_universeId && taskNumbers == m_taskNumbers)
        return;
    m_universeId = universeId;
    m_taskNumbers = taskNumbers;
    m_next = 0;
    m_loaded = 0;
    m_list->clearContents();
    m_list->setRowCount(int(taskNumbers.size()));
    for (int row = 0; row < taskNumbers.size(); ++row) {
        m_list->setItem(row, NumberColumn, new QTableWidgetItem(DisplayText::visible(taskNumbers[row])));
        m_list->setItem(row, TitleColumn, new QTableWidgetItem(tr("…")));
        m_list->setItem(row, DifficultyColumn, new QTableWidgetItem);
        if (const UniverseTask *known = m_controller->cachedTask(universeId, taskNumbers[row]))
            showTask(row, *known);
    }
    showCurrent();
}

void UniverseTasksTab::loadPending()
{
    if (!m_fetching)
        fetchNext();
}

void UniverseTasksTab::fetchNext()
{
    // One GET at a time: ten tasks are ten requests, and the list view's refreshes share the rate limit.
    while (m_next < m_taskNumbers.size() && m_controller->cachedTask(m_universeId, m_taskNumbers[m_next]))
        ++m_next;
    if (m_next >= m_taskNumbers.size()) {
        m_fetching = false;
        return;
    }
    m_fetching = true;
    const int row = m_next++;
    m_controller->task(m_universeId, m_taskNumbers[row], this,
                       [this, universe = m_universeId, row](const ApiResult<UniverseTask> &result) {
                           if (universe != m_universeId) { // another universe was chosen meanwhile
                               m_fetching = false;
                               fetchNext();
                               return;
                           }
                           if (result) {
                               showTask(row, result.value());
                               if (row == m_list->currentRow())
                                   showCurrent();
                           } else if (result.error().kind() != ApiError::Kind::Cancelled) {
                               m_list->item(row, TitleColumn)->setText(tr("(not loaded)"));
                               emit taskFailed(tr("Cannot load task %1").arg(m_taskNumbers.value(row)),
                                               result.error());
                           }
                           fetchNext();
                       });
}

void UniverseTasksTab::showTask(int row, const UniverseTask &task)
{
    m_list->item(row, TitleColumn)->setText(DisplayText::visible(task.title));
    m_list->item(row, TitleColumn)->setToolTip(DisplayText::visibleLines(task.description));
    m_list->item(row, DifficultyColumn)->setText(DisplayText::visible(task.difficulty));
    ++m_loaded;
}

QString UniverseTasksTab::currentTaskNumber() const
{
    const int row = m_list->currentRow();
    return row >= 0 && m_list->item(row, NumberColumn) && !m_list->selectedItems().isEmpty()
               ? m_taskNumbers.value(row)
               : QString();
}

void UniverseTasksTab::selectTask(const QString &taskNumber)
{
    const int row = int(m_taskNumbers.indexOf(taskNumber));
    if (row >= 0)
        m_list->selectRow(row);
}

void UniverseTasksTab::showCurrent()
{
    const QString number = currentTaskNumber();
    const UniverseTask *task = number.isEmpty() ? nullptr : m_controller->cachedTask(m_universeId, number);
    m_title->setText(
        task ? tr("Task %1: %2").arg(DisplayText::visible(number), DisplayText::visible(task->title))
        : number.isEmpty() ? tr("Choose a task.")
                           : tr("Task %1 (loading…)").arg(DisplayText::visible(number)));
    m_description->setText(task ? DisplayText::visibleLines(task->description) : QString());
    m_prompt->setPlainText(task ? DisplayText::visibleLines(task->prompt) : QString());
    m_rationale->setText(task ? DisplayText::visibleLines(task->verificationRationale) : QString());
    m_copyPrompt->setEnabled(task && !task->prompt.isEmpty());
}

void UniverseTasksTab::copyPrompt()
{
    const UniverseTask *task = m_controller->cachedTask(m_universeId, currentTaskNumber());
    if (!task)
        return;
    // The prompt as sent: an agent is given these very words.
    QApplication::clipboard()->setText(task->prompt);
    emit statusMessage(tr("Copied the prompt of task %1.").arg(DisplayText::visible(task->taskNumber)));
}
