#include "executions/executionhistorylist.h"

#include "execution/executionlogfollower.h"
#include "executions/consolecolours.h"
#include "executions/executionconsole.h"
#include "ledger/ledgeroperation.h"
#include "session/executionscontroller.h"

#include <QCoreApplication>
#include <QHeaderView>
#include <QLocale>

using namespace Qt::StringLiterals;

// The texts were written for the Executions tab and keep its translation context, so that the existing
// translations still find them.
ExecutionHistoryList::ExecutionHistoryList(ExecutionsController *executions, QWidget *parent)
    : QTreeWidget(parent), m_executions(executions)
{
    setColumnCount(3);
    setHeaderLabels({QCoreApplication::translate("ExecutionsTab", "Execution"),
                     QCoreApplication::translate("ExecutionsTab", "Started"),
                     QCoreApplication::translate("ExecutionsTab", "Status")});
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setToolTip(QCoreApplication::translate("ExecutionsTab",
                                           "This sandbox's executions, as the ledger recorded "
                                           "them; choose one to read its log again"));
    header()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    header()->setSectionResizeMode(StartedColumn, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(StatusColumn, QHeaderView::ResizeToContents);
    header()->setStretchLastSection(false);

    connect(this, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem *item) { emit executionChosen(item->text(NameColumn)); });
    connect(this, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem *item) { emit executionChosen(item->text(NameColumn)); });
}

void ExecutionHistoryList::setSandbox(const QString &localSandboxId)
{
    m_sandboxId = localSandboxId;
    clear();
    reload();
}

void ExecutionHistoryList::reload()
{
    if (m_sandboxId.isEmpty())
        return;
    const int generation = ++m_generation;
    const QString id = m_sandboxId;
    m_executions->readHistory(
        id, this, [this, generation](const LedgerResult<QList<LedgerOperation>> &result) {
            if (generation != m_generation)
                return; // another sandbox was chosen meanwhile
            const QString selected = selectedExecution();
            clear();
            if (!result) {
                setToolTip(QCoreApplication::translate("ExecutionsTab", "The ledger could not be read: %1")
                               .arg(result.error().message));
                emit loaded(false);
                return;
            }
            const QLocale locale;
            for (const LedgerOperation &operation : result.value()) {
                const QString status =
                    operation.state == LedgerOperationState::Intent ? u"running"_s : operation.outcome;
                auto *item = new QTreeWidgetItem(
                    this, {operation.executionName,
                           locale.toString(operation.startedAt.toLocalTime(), QLocale::ShortFormat), status});
                item->setForeground(StatusColumn, ConsoleColours::status(status));
                item->setToolTip(NameColumn, operation.executionName);
                if (operation.executionName == selected)
                    item->setSelected(true);
            }
            emit loaded(true);
        });
}

QString ExecutionHistoryList::selectedExecution() const
{
    const auto selected = selectedItems();
    return selected.isEmpty() ? QString() : selected.first()->text(NameColumn);
}

bool ExecutionHistoryList::isRereading() const
{
    return m_reread != nullptr;
}

void ExecutionHistoryList::stopRereading()
{
    if (m_reread)
        m_reread->cancel();
}

void ExecutionHistoryList::reread(const QString &executionName, ExecutionConsole *console)
{
    stopRereading();
    console->startOver();
    console->setStatus(u"pending"_s, QCoreApplication::translate("ExecutionsTab", "reading the log"));
    m_reread = m_executions->reread(m_sandboxId, executionName, this);
    ExecutionLogFollower *follower = m_reread;
    connect(follower, &ExecutionLogFollower::text, console, &ExecutionConsole::appendLog);
    connect(follower, &ExecutionLogFollower::statusChanged, console,
            [console](ExecutionStatus status) { console->setStatus(ExecutionStatusWords::word(status)); });
    connect(follower, &ExecutionLogFollower::finished, this, [this, follower, console] {
        follower->deleteLater();
        if (m_reread == follower)
            m_reread = nullptr;
        switch (follower->outcome()) {
        case ExecutionLogFollower::Outcome::Failed:
            console->setStatus(u"error"_s);
            console->appendNote(QCoreApplication::translate("ExecutionsTab", "The log could not be read: %1")
                                    .arg(follower->error().fullText()));
            break;
        case ExecutionLogFollower::Outcome::Cancelled:
            console->appendNote(QCoreApplication::translate(
                                    "ExecutionsTab", "Stopped following: %1 keeps running in the sandbox.")
                                    .arg(follower->executionName()));
            break;
        default:
            break;
        }
        emit rereadFinished();
    });
    follower->start(0);
}
