#include "runsview/newrunseedspage.h"

#include "common/errorcolour.h"
#include "runs/runseeder.h"

#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

NewRunSeedsPage::NewRunSeedsPage(QWidget *parent)
    : QWizardPage(parent), m_seedFile(new QLineEdit(this)),
      m_seedBrowse(new QPushButton(tr("Choose…"), this)), m_seedStatus(new QLabel(this)),
      m_workspace(new QLineEdit(this)), m_folderBrowse(new QPushButton(tr("Folder…"), this)),
      m_archiveBrowse(new QPushButton(tr("Archive…"), this)), m_workspaceStatus(new QLabel(this)),
      m_workspaceHint(new QLabel(tr("The plan has no local sandboxes."), this))
{
    setTitle(tr("Seeds (optional)"));
    setSubTitle(tr("Data to initialize each sandbox with once it is acquired. A seed that fails leaves the "
                   "sandbox held, with the reason beside it."));

    m_seedFile->setPlaceholderText(tr("JSON: {\"github\": {…}, \"slack\": \"default\"}"));
    m_seedFile->setClearButtonEnabled(true);
    m_workspace->setPlaceholderText(tr("A folder or a .tar.gz"));
    m_workspace->setClearButtonEnabled(true);
    for (QLabel *status : {m_seedStatus, m_workspaceStatus}) {
        status->setWordWrap(true);
        status->hide();
        ErrorColour::applyTo(status, palette());
    }
    m_seedStatus->setObjectName(u"seedError"_s);
    m_workspaceStatus->setObjectName(u"workspaceError"_s);
    m_workspaceHint->hide();

    connect(m_seedFile, &QLineEdit::textChanged, this, &NewRunSeedsPage::startCheck);
    connect(m_workspace, &QLineEdit::textChanged, this, &NewRunSeedsPage::startCheck);
    connect(m_seedBrowse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Seed data"), m_seedFile->text(),
                                                          tr("JSON files (*.json);;All files (*)"));
        if (!path.isEmpty())
            m_seedFile->setText(path);
    });
    connect(m_folderBrowse, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getExistingDirectory(this, tr("Workspace folder"), m_workspace->text());
        if (!path.isEmpty())
            m_workspace->setText(path);
    });
    connect(m_archiveBrowse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Workspace archive"), m_workspace->text(),
                                                          tr("Archives (*.tar.gz *.tgz)"));
        if (!path.isEmpty())
            m_workspace->setText(path);
    });

    auto *seedRow = new QHBoxLayout;
    seedRow->addWidget(m_seedFile);
    seedRow->addWidget(m_seedBrowse);
    auto *workspaceRow = new QHBoxLayout;
    workspaceRow->addWidget(m_workspace);
    workspaceRow->addWidget(m_folderBrowse);
    workspaceRow->addWidget(m_archiveBrowse);
    // A row of a layout gets a label without a buddy, which shows its '&' as it is: these name their field.
    auto *seedLabel = new QLabel(tr("Per-server &data:"), this);
    seedLabel->setBuddy(m_seedFile);
    auto *workspaceLabel = new QLabel(tr("Local &workspace:"), this);
    workspaceLabel->setBuddy(m_workspace);
    auto *form = new QFormLayout(this);
    form->addRow(seedLabel, seedRow);
    form->addRow(QString(), m_seedStatus);
    form->addRow(workspaceLabel, workspaceRow);
    form->addRow(QString(), m_workspaceHint);
    form->addRow(QString(), m_workspaceStatus);
}

void NewRunSeedsPage::setLocalSandboxesPlanned(bool planned)
{
    for (QWidget *widget : std::initializer_list<QWidget *>{m_workspace, m_folderBrowse, m_archiveBrowse})
        widget->setEnabled(planned);
    m_workspaceHint->setVisible(!planned);
    emit completeChanged();
}

void NewRunSeedsPage::fill(RunPlan *plan) const
{
    plan->seedDataFile = m_seedFile->text().trimmed();
    plan->workspace = m_workspace->isEnabled() ? m_workspace->text().trimmed() : QString();
}

NewRunSeedsPage::Checked NewRunSeedsPage::check(const QString &seed, const QString &workspace)
{
    Checked result{seed, workspace, {}, {}};
    QJsonObject seeds;
    if (!seed.isEmpty())
        result.seedProblem = RunSeeder::readSeeds(seed, &seeds);
    if (!workspace.isEmpty()) {
        const QFileInfo info(workspace);
        if (!info.exists())
            result.workspaceProblem = tr("%1 does not exist.").arg(workspace);
        else if (!info.isDir() && !workspace.endsWith(u".tar.gz"_s) && !workspace.endsWith(u".tgz"_s))
            result.workspaceProblem = tr("A workspace is a folder or a .tar.gz archive.");
    }
    return result;
}

void NewRunSeedsPage::startCheck()
{
    const quint64 generation = ++m_generation;
    ++m_checking;
    emit completeChanged();
    auto *watcher = new QFutureWatcher<Checked>(this);
    connect(watcher, &QFutureWatcher<Checked>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        --m_checking;
        // An answer for paths typed over since is stale: only the latest one counts.
        if (generation == m_generation) {
            const Checked result = watcher->result();
            m_seedProblem = result.seedProblem;
            m_workspaceProblem = result.workspaceProblem;
            showProblems();
        }
        emit completeChanged();
        if (m_checking == 0)
            emit checked();
    });
    watcher->setFuture(QtConcurrent::run(&NewRunSeedsPage::check, m_seedFile->text().trimmed(),
                                         m_workspace->text().trimmed()));
}

void NewRunSeedsPage::showProblems()
{
    m_seedStatus->setText(m_seedProblem);
    m_seedStatus->setVisible(!m_seedProblem.isEmpty());
    m_workspaceStatus->setText(m_workspaceProblem);
    m_workspaceStatus->setVisible(!m_workspaceProblem.isEmpty());
}

bool NewRunSeedsPage::isComplete() const
{
    return m_checking == 0 && m_seedProblem.isEmpty() &&
           (m_workspaceProblem.isEmpty() || !m_workspace->isEnabled());
}

void NewRunSeedsPage::changeEvent(QEvent *event)
{
    QWizardPage::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        ErrorColour::applyTo(m_seedStatus, palette());
        ErrorColour::applyTo(m_workspaceStatus, palette());
    }
}
