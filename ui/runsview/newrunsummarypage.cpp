#include "runsview/newrunsummarypage.h"

#include "common/errorcolour.h"
#include "models/durationtext.h"
#include "runsview/newrunsandboxespage.h"

#include <QDir>
#include <QEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

NewRunSummaryPage::NewRunSummaryPage(QWidget *parent)
    : QWizardPage(parent), m_text(new QPlainTextEdit(this)), m_problem(new QLabel(this)),
      m_starting(new QLabel(tr("Starting the run: checking its name and reading its files…"), this))
{
    setTitle(tr("Summary"));
    setSubTitle(tr("Start asks for one sandbox after another within the rate limit. Cancel stops before "
                   "the next one; the one asked for finishes."));
    setCommitPage(true);
    setButtonText(QWizard::CommitButton, tr("&Start"));
    m_text->setReadOnly(true);
    m_text->setObjectName(u"planText"_s);
    m_problem->setObjectName(u"startProblem"_s);
    m_problem->setWordWrap(true);
    m_problem->hide();
    ErrorColour::applyTo(m_problem, palette());
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_text);
    layout->addWidget(m_problem);
    m_starting->hide();
    layout->addWidget(m_starting);
}

QString NewRunSummaryPage::describe(const RunPlan &plan, double requestsPerSecond)
{
    QStringList lines;
    lines << tr("Run: %1 (the tag on each Klavis sandbox)").arg(plan.name);
    lines << tr("Benchmark: %1").arg(plan.benchmark.isEmpty() ? tr("none") : plan.benchmark);
    lines << (plan.ttlSeconds ? tr("Time to live: %1").arg(DurationText::span(*plan.ttlSeconds))
                              : tr("Time to live: none (held until released)"));
    if (plan.prepare)
        lines << tr("Capacity is asked for first (prepare).");
    lines << QString();
    for (const auto &entry : plan.servers)
        lines << tr("%1 × %2").arg(entry.count).arg(entry.server);
    for (const auto &set : plan.localSets)
        lines << tr("%1 × local sandbox with %2").arg(set.count).arg(set.servers.join(u", "_s));
    lines << NewRunSandboxesPage::totalSentence(plan.sandboxCount(), requestsPerSecond);
    if (!plan.seedDataFile.isEmpty() || !plan.workspace.isEmpty())
        lines << QString();
    if (!plan.seedDataFile.isEmpty())
        lines << tr("Per-server data from %1").arg(QDir::toNativeSeparators(plan.seedDataFile));
    if (!plan.workspace.isEmpty())
        lines << tr("Workspace for each local sandbox: %1").arg(QDir::toNativeSeparators(plan.workspace));
    return lines.join(u'\n');
}

void NewRunSummaryPage::showPlan(const RunPlan &plan, double requestsPerSecond)
{
    m_text->setPlainText(describe(plan, requestsPerSecond));
    showProblem({});
}

void NewRunSummaryPage::showStarting(bool starting)
{
    if (starting)
        showProblem({});
    m_starting->setVisible(starting);
}

void NewRunSummaryPage::showProblem(const QString &problem)
{
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
}

QString NewRunSummaryPage::planText() const
{
    return m_text->toPlainText();
}

QString NewRunSummaryPage::problemText() const
{
    return m_problem->isHidden() ? QString() : m_problem->text();
}

void NewRunSummaryPage::changeEvent(QEvent *event)
{
    QWizardPage::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        ErrorColour::applyTo(m_problem, palette());
}
