#include "executions/executionstab.h"

#include "common/errorcolour.h"
#include "common/newfolderdialog.h"
#include "common/workspacedroptarget.h"
#include "execution/executionjob.h"
#include "executions/executionconsole.h"
#include "executions/executionhistorylist.h"
#include "session/executionscontroller.h"
#include "workspace/dumpjob.h"

#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

ExecutionsTab::ExecutionsTab(ExecutionsController *executions, QWidget *parent)
    : QWidget(parent), m_executions(executions), m_dropZone(new QLabel(this)),
      m_chooseFolder(new QPushButton(tr("Choose Folder…"), this)), m_folderLabel(new QLabel(this)),
      m_name(new QLineEdit(this)), m_run(new QPushButton(tr("Run"), this)),
      m_stop(new QPushButton(tr("Stop Following"), this)),
      m_export(new QPushButton(tr("Export Artifacts…"), this)), m_message(new QLabel(this)),
      m_progress(new QProgressBar(this)), m_history(new ExecutionHistoryList(executions, this)),
      m_consoles(new QStackedWidget(this)), m_console(new ExecutionConsole(m_consoles)),
      m_runConsole(new ExecutionConsole(m_consoles))
{
    m_dropZone->setText(tr("Drop a folder with main.py here, or"));
    m_dropZone->setEnabled(false); // a hint, in the secondary colour
    m_folderLabel->setTextFormat(Qt::PlainText);
    m_folderLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_folderLabel->setWordWrap(true);
    m_folderLabel->setText(tr("No folder chosen."));
    m_name->setText(defaultName());
    m_name->setMaxLength(64);
    m_name->setToolTip(tr("The name the sandbox knows the execution by: 1 to 64 letters, digits, '_', '.' "
                          "or '-'"));
    m_run->setToolTip(tr("Pack the folder, upload it and run its main.py in this sandbox"));
    m_stop->setToolTip(tr("Stop reading the log: the execution keeps running in the sandbox"));
    m_export->setToolTip(tr("Download the execution's folder and extract it into a new or empty folder"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->hide();
    m_progress->hide();
    m_progress->setTextVisible(true);

    auto *folderRow = new QHBoxLayout;
    folderRow->addWidget(m_dropZone);
    folderRow->addWidget(m_chooseFolder);
    folderRow->addWidget(m_folderLabel, 1);
    auto *nameLabel = new QLabel(tr("&Name:"), this);
    nameLabel->setBuddy(m_name);
    auto *runRow = new QHBoxLayout;
    runRow->addWidget(nameLabel);
    runRow->addWidget(m_name, 1);
    runRow->addWidget(m_run);
    runRow->addWidget(m_stop);
    runRow->addWidget(m_export);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_history);
    // The run's console belongs to the sandbox it runs in; every other sandbox shows the other one, cleared
    // when the selection moves, so that no view of a sandbox shows another's log.
    m_consoles->addWidget(m_console);
    m_consoles->addWidget(m_runConsole);
    splitter->addWidget(m_consoles);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 4);
    splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(folderRow);
    layout->addLayout(runRow);
    layout->addWidget(m_message);
    layout->addWidget(m_progress);
    layout->addWidget(splitter, 1);

    auto *drop = new WorkspaceDropTarget(
        this,
        [this](const QPoint &, QRect *highlight) {
            *highlight = rect();
            return m_sandboxId.isEmpty() || isBusy() ? QString() : m_sandboxId;
        },
        this);
    drop->setRefusals(tr("Only a folder from this computer can be run."),
                      tr("Select one local sandbox first (or wait for the execution being followed)."));
    connect(drop, &WorkspaceDropTarget::dropped, this, [this](const QString &, const QStringList &paths) {
        if (paths.size() != 1) {
            showMessage(tr("Drop one folder: its main.py is what runs."), true);
            return;
        }
        setFolder(paths.first());
    });
    connect(drop, &WorkspaceDropTarget::refused, this,
            [this](const QString &why) { showMessage(why, true); });
    connect(m_chooseFolder, &QPushButton::clicked, this, &ExecutionsTab::chooseFolder);
    connect(m_name, &QLineEdit::textChanged, this, &ExecutionsTab::updateActions);
    connect(m_run, &QPushButton::clicked, this, &ExecutionsTab::run);
    connect(m_stop, &QPushButton::clicked, this, &ExecutionsTab::stopFollowing);
    connect(m_export, &QPushButton::clicked, this, &ExecutionsTab::chooseArtifactsFolder);
    connect(m_history, &ExecutionHistoryList::executionChosen, this, &ExecutionsTab::showEarlier);
    connect(m_history, &ExecutionHistoryList::loaded, this, [this](bool read) {
        if (read)
            updateActions();
        emit historyLoaded();
    });
    connect(m_history, &ExecutionHistoryList::rereadFinished, this, [this] {
        updateActions();
        emit logReread();
    });
    for (ExecutionConsole *console : {m_console, m_runConsole}) {
        connect(console, &ExecutionConsole::copied, this, [this](const QString &what) {
            emit statusMessage(tr("Copied %1 to the clipboard.").arg(what));
        });
        connect(
            console, &ExecutionConsole::saved, this, [this](const QString &fileName, const QString &error) {
                if (error.isEmpty())
                    emit statusMessage(tr("Saved the log to %1.").arg(QDir::toNativeSeparators(fileName)));
                else
                    showMessage(tr("The log could not be saved to %1: %2")
                                    .arg(QDir::toNativeSeparators(fileName), error),
                                true);
            });
    }
    updateActions();
}

ExecutionsTab::~ExecutionsTab()
{
    // The execution goes on in the sandbox; only reading its log stops.
    if (m_job)
        m_job->cancel();
    m_history->stopRereading();
}

bool ExecutionsTab::isValidName(const QString &name)
{
    static const QRegularExpression rule(u"^[A-Za-z0-9_.-]{1,64}$"_s);
    return rule.match(name).hasMatch();
}

QString ExecutionsTab::defaultName()
{
    return u"exec-"_s + QDateTime::currentDateTime().toString(u"yyyyMMdd-HHmmss"_s);
}

QTreeWidget *ExecutionsTab::history() const
{
    return m_history;
}

bool ExecutionsTab::isBusy() const
{
    return m_job || m_starting;
}

ExecutionConsole *ExecutionsTab::console() const
{
    return static_cast<ExecutionConsole *>(m_consoles->currentWidget());
}

void ExecutionsTab::setSandbox(const QString &localSandboxId)
{
    if (localSandboxId == m_sandboxId)
        return;
    m_sandboxId = localSandboxId;
    m_history->stopRereading();
    // The last run's log goes on in its own console (the job keeps following it), shown again with its
    // sandbox; anything else starts empty.
    if (!localSandboxId.isEmpty() && localSandboxId == m_lastSandbox) {
        m_consoles->setCurrentWidget(m_runConsole);
    } else {
        m_console->startOver();
        m_consoles->setCurrentWidget(m_console);
    }
    m_history->setSandbox(localSandboxId);
    updateActions();
}

void ExecutionsTab::chooseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Choose the folder to run"), m_folder);
    if (!folder.isEmpty())
        setFolder(folder);
}

bool ExecutionsTab::setFolder(const QString &folder)
{
    const QFileInfo info(folder);
    if (!info.isDir()) {
        showMessage(tr("%1 is not a folder: drop or choose the folder that holds main.py.")
                        .arg(QDir::toNativeSeparators(folder)),
                    true);
        return false;
    }
    if (!QFileInfo(QDir(folder).filePath(u"main.py"_s)).isFile()) {
        showMessage(tr("%1 has no main.py: an execution runs the main.py at the top of its folder.")
                        .arg(QDir::toNativeSeparators(folder)),
                    true);
        return false;
    }
    m_folder = info.absoluteFilePath();
    m_folderLabel->setText(QDir::toNativeSeparators(m_folder));
    m_message->hide();
    updateActions();
    return true;
}

void ExecutionsTab::showMessage(const QString &text, bool problem)
{
    m_message->setText(text);
    if (problem)
        ErrorColour::applyTo(m_message, palette());
    else
        m_message->setPalette(palette());
    m_message->setVisible(!text.isEmpty());
}

void ExecutionsTab::updateActions()
{
    const bool validName = isValidName(m_name->text());
    QPalette namePalette = palette();
    if (!validName)
        namePalette.setColor(QPalette::Text, ErrorColour::on(palette()));
    m_name->setPalette(namePalette);
    const bool busy = isBusy();
    m_run->setEnabled(!busy && validName && !m_folder.isEmpty() && !m_sandboxId.isEmpty());
    m_run->setToolTip(!validName ? tr("An execution name is 1 to 64 letters, digits, '_', '.' or '-'.")
                      : m_folder.isEmpty()
                          ? tr("Drop or choose a folder with main.py first.")
                          : tr("Pack the folder, upload it and run its main.py in this sandbox"));
    m_stop->setEnabled((m_job && m_job->phase() == ExecutionJob::Phase::Following) ||
                       m_history->isRereading());
    m_export->setEnabled(!busy && !m_artifacts && !m_sandboxId.isEmpty() &&
                         (!m_history->selectedExecution().isEmpty() || !m_lastExecution.isEmpty()));
    m_history->setEnabled(!busy);
    m_chooseFolder->setEnabled(!busy);
}

void ExecutionsTab::run()
{
    if (isBusy() || m_sandboxId.isEmpty() || m_folder.isEmpty() || !isValidName(m_name->text()))
        return;
    m_history->stopRereading();
    m_starting = true;
    m_message->hide();
    m_runConsole->startOver();
    m_consoles->setCurrentWidget(m_runConsole);
    m_runConsole->setStatus(u"pending"_s, tr("packing"));
    m_runConsole->startClock();
    m_lastExecution = m_name->text();
    m_lastSandbox = m_sandboxId;
    updateActions();
    m_executions->run(m_sandboxId, m_folder, m_lastExecution, this,
                      [this](ExecutionJob *job) { startJob(job); });
}

void ExecutionsTab::startJob(ExecutionJob *job)
{
    m_starting = false;
    reloadHistory();
    m_job = job;
    connect(m_job, &ExecutionJob::logText, m_runConsole, &ExecutionConsole::appendLog);
    connect(m_job, &ExecutionJob::statusChanged, this,
            [this](ExecutionStatus status) { m_runConsole->setStatus(ExecutionStatusWords::word(status)); });
    connect(m_job, &ExecutionJob::phaseChanged, this, [this](ExecutionJob::Phase phase) {
        switch (phase) {
        case ExecutionJob::Phase::Packing:
            m_runConsole->setStatus(u"pending"_s, tr("packing"));
            break;
        case ExecutionJob::Phase::Uploading:
            m_runConsole->setStatus(u"pending"_s, tr("uploading"));
            break;
        case ExecutionJob::Phase::Starting:
            m_progress->hide();
            m_runConsole->setStatus(u"pending"_s, tr("starting"));
            break;
        case ExecutionJob::Phase::Following:
            m_progress->hide();
            m_runConsole->setStatus(u"running"_s);
            break;
        default:
            break;
        }
        updateActions();
    });
    connect(m_job, &ExecutionJob::progressChanged, this, [this](qint64 done, qint64 total) {
        if (m_job && m_job->phase() == ExecutionJob::Phase::Following)
            return;
        m_progress->setVisible(total > 0);
        // Scaled to kibibytes: a QProgressBar counts in int.
        m_progress->setRange(0, int(std::max<qint64>(1, total / 1024)));
        m_progress->setValue(int(std::min(done, total) / 1024));
    });
    connect(m_job, &ExecutionJob::finished, this, &ExecutionsTab::onJobFinished);
    m_job->start();
}

void ExecutionsTab::onJobFinished()
{
    ExecutionJob *job = m_job;
    job->deleteLater();
    m_job = nullptr;
    m_progress->hide();
    m_runConsole->stopClock();
    switch (job->outcome()) {
    case ExecutionJob::Outcome::Completed:
        m_runConsole->setStatus(u"completed"_s);
        break;
    case ExecutionJob::Outcome::Failed:
        m_runConsole->setStatus(u"failed"_s);
        break;
    case ExecutionJob::Outcome::StoppedFollowing:
    case ExecutionJob::Outcome::Started:
        m_runConsole->setStatus(u"running"_s, tr("running (not followed)"));
        m_runConsole->appendNote(
            tr("Stopped following: %1 keeps running in the sandbox. Choose it in the list to "
               "read its log again.")
                .arg(job->executionName()));
        break;
    case ExecutionJob::Outcome::Cancelled:
    case ExecutionJob::Outcome::Error:
    case ExecutionJob::Outcome::None:
        m_runConsole->setStatus(u"error"_s);
        if (!job->errorText().isEmpty()) {
            m_runConsole->appendNote(job->errorText());
            showMessage(job->errorText(), true);
        }
        break;
    }
    // A new name for the next run: the sandbox refuses one it already has.
    if (m_name->text() == job->executionName())
        m_name->setText(defaultName());
    reloadHistory();
    updateActions();
    emit executionFinished();
}

void ExecutionsTab::stopFollowing()
{
    if (m_job) {
        m_job->cancel();
        return;
    }
    m_history->stopRereading();
}

void ExecutionsTab::reloadHistory()
{
    m_history->reload();
}

void ExecutionsTab::showEarlier(const QString &executionName)
{
    if (isBusy() || m_sandboxId.isEmpty() || executionName.isEmpty())
        return;
    m_consoles->setCurrentWidget(m_console);
    m_history->reread(executionName, m_console);
    updateActions();
}

void ExecutionsTab::chooseArtifactsFolder()
{
    const QString folder =
        NewFolderDialog::choose(this, tr("Extract the artifacts into a new or empty folder"));
    if (!folder.isEmpty())
        exportArtifactsTo(folder);
}

void ExecutionsTab::exportArtifactsTo(const QString &folder)
{
    QString name = m_history->selectedExecution();
    if (name.isEmpty() && m_lastSandbox == m_sandboxId)
        name = m_lastExecution;
    if (name.isEmpty() || m_sandboxId.isEmpty() || m_artifacts)
        return;
    const QDir target(folder);
    if (target.exists() &&
        !target.isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System)) {
        const QString refusal = tr("%1 is not empty: the artifacts go into a new or empty folder, so that "
                                   "nothing there is overwritten.")
                                    .arg(QDir::toNativeSeparators(folder));
        showMessage(refusal, true);
        emit artifactsExported(folder, refusal);
        return;
    }
    m_artifacts = m_executions->exportArtifacts(m_sandboxId, name, folder, this);
    showMessage(tr("Downloading the artifacts of %1…").arg(name), false);
    m_progress->setValue(0);
    connect(m_artifacts, &TransferJob::progressChanged, this, [this](qint64 done, qint64 total) {
        m_progress->setVisible(total > 0);
        m_progress->setRange(0, int(std::max<qint64>(1, total / 1024)));
        m_progress->setValue(int(std::min(done, total) / 1024));
    });
    connect(m_artifacts, &TransferJob::finished, this, [this, folder, name] {
        DumpJob *job = m_artifacts;
        job->deleteLater();
        m_artifacts = nullptr;
        m_progress->hide();
        QString error;
        if (job->state() == TransferJob::State::Done) {
            showMessage(QString(), false);
            emit statusMessage(
                tr("Extracted the artifacts of %1 into %2.").arg(name, QDir::toNativeSeparators(folder)));
        } else {
            error = job->errorText();
            showMessage(tr("The artifacts of %1 could not be exported: %2").arg(name, error), true);
        }
        updateActions();
        emit artifactsExported(folder, error);
    });
    m_artifacts->start();
    updateActions();
}
