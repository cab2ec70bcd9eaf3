#include "processes/processespane.h"

#include "executions/executionconsole.h"
#include "models/blaxelprocesslistmodel.h"
#include "models/displaytext.h"
#include "processes/processstartdialog.h"
#include "session/processcontroller.h"
#include "session/processmonitor.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

ProcessesPane::ProcessesPane(ProcessController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_notice(new QLabel(this)), m_state(new QLabel(this)),
      m_start(new QPushButton(tr("St&art…"), this)), m_stop(new QPushButton(tr("St&op"), this)),
      m_kill(new QPushButton(tr("&Kill"), this)), m_view(new QTreeView(this)),
      m_console(new ExecutionConsole(this))
{
    setObjectName(u"processesPane"_s);
    m_notice->setObjectName(u"processesNotice"_s);
    m_notice->setWordWrap(true);
    m_state->setObjectName(u"processesState"_s);
    m_state->setWordWrap(true);
    // It shows the sandbox's own words: never as rich text.
    m_state->setTextFormat(Qt::PlainText);
    m_start->setObjectName(u"startProcessButton"_s);
    m_stop->setObjectName(u"stopProcessButton"_s);
    m_stop->setToolTip(tr("Asks the process to stop (SIGTERM), and kills it if it has not after a grace"));
    m_kill->setObjectName(u"killProcessButton"_s);
    m_kill->setToolTip(tr("Kills the process at once (SIGKILL)"));
    m_view->setObjectName(u"processesView"_s);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAllColumnsShowFocus(true);
    m_console->setObjectName(u"processLog"_s);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_notice, 1);
    buttons->addWidget(m_start);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_kill);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_view);
    split->addWidget(m_console);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_state);
    layout->addWidget(split, 1);
    connect(m_start, &QPushButton::clicked, this, &ProcessesPane::startProcess);
    connect(m_stop, &QPushButton::clicked, this, &ProcessesPane::stopSelected);
    connect(m_kill, &QPushButton::clicked, this, &ProcessesPane::killSelected);
    showSandbox({}, {}, false);
}

void ProcessesPane::showSandbox(const QString &name, const QUrl &url, bool ready)
{
    ready = ready && !name.isEmpty() && url.isValid();
    if (m_showing && name == m_name && url == m_url && ready == m_ready && (m_monitor || !ready))
        return;
    m_showing = true;
    m_name = name;
    m_url = url;
    m_ready = ready;
    delete m_monitor;
    m_toSelect.clear();
    m_actionProblem.clear();
    m_listProblem.clear();
    m_noMonitor.clear();
    m_view->setModel(nullptr);
    m_console->startOver();
    m_notice->setText(m_controller->runsLocally()
                          ? tr("Demo: processes run on this machine, as you, in the sandbox's folder.")
                          : tr("The sandbox's processes, through Blaxel's process API."));
    if (name.isEmpty())
        m_noMonitor = tr("Select one sandbox to see its processes.");
    else if (!ready)
        m_noMonitor = tr("A DEPLOYED sandbox lists its processes.");
    else
        m_monitor = m_controller->monitorBlaxel(name, url, this, &m_noMonitor);
    if (m_monitor) {
        m_view->setModel(m_monitor->model());
        m_view->header()->resizeSection(BlaxelProcessListModel::NameColumn, 140);
        m_view->header()->resizeSection(BlaxelProcessListModel::StatusColumn, 90);
        m_view->header()->resizeSection(BlaxelProcessListModel::ExitCodeColumn, 70);
        m_view->header()->resizeSection(BlaxelProcessListModel::CommandColumn, 260);
        connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                &ProcessesPane::selectionChanged);
        connect(m_monitor->model(), &QAbstractItemModel::dataChanged, this, &ProcessesPane::updateButtons);
        connect(m_monitor->model(), &QAbstractItemModel::rowsRemoved, this, &ProcessesPane::updateState);
        connect(m_monitor->model(), &QAbstractItemModel::modelReset, this, &ProcessesPane::updateState);
        connect(m_monitor->model(), &QAbstractItemModel::rowsInserted, this, [this] {
            updateState();
            if (const int row = m_monitor->model()->rowOf(m_toSelect); row >= 0) {
                m_toSelect.clear();
                m_view->setCurrentIndex(m_monitor->model()->index(row, 0));
            }
        });
        connect(m_monitor, &ProcessMonitor::listed, this, [this](const QString &problem) {
            m_listProblem = problem;
            updateState();
        });
        connect(m_monitor, &ProcessMonitor::actionFailed, this, [this](const QString &problem) {
            m_actionProblem = problem;
            updateState();
        });
        connect(m_monitor, &ProcessMonitor::started, this, [this](const QString &process) {
            m_actionProblem.clear();
            m_toSelect = process;
            updateState();
        });
        connect(m_monitor, &ProcessMonitor::logsChanged, this, &ProcessesPane::showLogs);
        connect(m_monitor, &ProcessMonitor::logsEnded, this, [this](const QString &process) {
            if (process == selectedProcess())
                m_console->appendNote(tr("The process ended: this is its whole log."));
        });
        connect(m_monitor, &ProcessMonitor::logsFailed, this,
                [this](const QString &, const QString &problem) {
                    m_console->appendNote(DisplayText::visibleLines(problem));
                });
        m_monitor->setActive(isVisible());
    }
    updateState();
    updateButtons();
}

void ProcessesPane::startProcess()
{
    if (!m_monitor)
        return;
    ProcessStartDialog dialog(m_name, this);
    if (m_lastRequest)
        dialog.setRequest(*m_lastRequest);
    if (dialog.exec() != QDialog::Accepted || !m_monitor)
        return;
    QString problem;
    m_lastRequest = dialog.request(&problem);
    if (m_lastRequest) {
        m_actionProblem.clear();
        updateState();
        m_monitor->start(*m_lastRequest);
    }
}

void ProcessesPane::stopSelected()
{
    endSelected(false);
}

void ProcessesPane::killSelected()
{
    endSelected(true);
}

void ProcessesPane::endSelected(bool kill)
{
    if (const QString process = selectedProcess(); m_monitor && !process.isEmpty()) {
        m_actionProblem.clear();
        updateState();
        m_monitor->end(process, kill);
    }
}

QString ProcessesPane::selectedProcess() const
{
    return m_view->currentIndex().data(BlaxelProcessListModel::NameRole).toString();
}

void ProcessesPane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_monitor)
        m_monitor->setActive(true);
}

void ProcessesPane::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    if (m_monitor)
        m_monitor->setActive(false);
}

void ProcessesPane::selectionChanged()
{
    if (m_monitor)
        m_monitor->follow(selectedProcess());
    updateButtons();
}

void ProcessesPane::updateButtons()
{
    const QModelIndex current = m_view->currentIndex();
    const bool running = current.isValid() && current.data(BlaxelProcessListModel::RunningRole).toBool();
    m_start->setEnabled(m_monitor != nullptr);
    m_stop->setEnabled(running);
    m_kill->setEnabled(running);
    if (current.isValid())
        m_console->setStatus(current.data(BlaxelProcessListModel::StatusRole).toString());
}

void ProcessesPane::updateState()
{
    // What the user asked for last failing first, then the list's problem or why there is none; else, once
    // the list was read, what an empty one means.
    QString text = DisplayText::visibleLines(!m_actionProblem.isEmpty() ? m_actionProblem
                                             : !m_listProblem.isEmpty() ? m_listProblem
                                                                        : m_noMonitor);
    if (text.isEmpty() && m_monitor && m_monitor->hasListed() && m_monitor->model()->rowCount() == 0)
        text = tr("No processes in %1 yet: Start… runs one.").arg(DisplayText::visible(m_name));
    m_state->setText(text);
    m_state->setVisible(!text.isEmpty());
}

void ProcessesPane::showLogs(const QString &process, const QList<BlaxelLogLine> &lines, bool replace)
{
    if (process != selectedProcess())
        return;
    if (replace)
        m_console->startOver();
    // Runs of lines from one stream go in as one piece.
    QByteArray run;
    bool runIsError = false;
    const auto putRun = [&] {
        if (runIsError)
            m_console->appendErrorLog(run);
        else
            m_console->appendLog(run);
        run.clear();
    };
    for (const BlaxelLogLine &line : lines) {
        if (!run.isEmpty() && line.error != runIsError)
            putRun();
        runIsError = line.error;
        run += line.text.toUtf8() + '\n';
    }
    if (!run.isEmpty())
        putRun();
    updateButtons();
}
