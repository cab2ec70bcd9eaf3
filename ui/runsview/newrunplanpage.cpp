#include "runsview/newrunplanpage.h"

#include "api/acquirerequest.h"
#include "catalog/serverlists.h"
#include "common/errorcolour.h"
#include "runs/runplanparser.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>

using namespace Qt::StringLiterals;

namespace {

const QString benchmarkKey = u"newRun/benchmark"_s;
const QString ttlKey = u"newRun/ttlSeconds"_s; // 0: no TTL

constexpr int minute = 60;
constexpr int hour = 3600;

} // namespace

NewRunPlanPage::NewRunPlanPage(QWidget *parent)
    : QWizardPage(parent), m_name(new QLineEdit(this)), m_nameError(new QLabel(this)),
      m_benchmark(new QComboBox(this)), m_ttlEnabled(new QCheckBox(tr("Release after"), this)),
      m_ttl(new QSpinBox(this)), m_ttlUnit(new QComboBox(this)),
      m_prepare(new QCheckBox(tr("Ask for capacity first (prepare)"), this))
{
    setTitle(tr("Run"));
    setSubTitle(tr("The name becomes the tag on every sandbox of the run, so the server can list them."));

    m_name->setPlaceholderText(tr("e.g. swe-eval-2026.11"));
    m_name->setMaxLength(RunPlanParser::maxNameLength);
    m_name->setClearButtonEnabled(true);
    m_nameError->setWordWrap(true);
    m_nameError->setObjectName(u"nameError"_s);
    m_nameError->hide();
    ErrorColour::applyTo(m_nameError, palette());
    connect(m_name, &QLineEdit::textChanged, this, [this] {
        // Told as it is typed, once it is wrong: a refusal on Next alone is found too late.
        showNameError(m_name->text().isEmpty() ? QString() : RunPlanParser::checkName(m_name->text()));
        emit completeChanged();
    });

    m_benchmark->addItem(tr("None"), QString());
    for (const QString &name : ServerLists::benchmarks())
        m_benchmark->addItem(name, name);

    m_ttlUnit->addItem(tr("minutes"), minute);
    m_ttlUnit->addItem(tr("hours"), hour);
    m_ttlUnit->setCurrentIndex(1);
    m_ttl->setValue(2); // the API's default: 2 h
    applyUnitRange();
    connect(m_ttlUnit, &QComboBox::currentIndexChanged, this, [this] { applyUnitRange(); });
    m_ttlEnabled->setChecked(true);
    m_ttlEnabled->setToolTip(tr("Unticked: the sandboxes stay until released."));
    connect(m_ttlEnabled, &QCheckBox::toggled, m_ttl, &QWidget::setEnabled);
    connect(m_ttlEnabled, &QCheckBox::toggled, m_ttlUnit, &QWidget::setEnabled);
    auto *ttlRow = new QHBoxLayout;
    ttlRow->addWidget(m_ttlEnabled);
    ttlRow->addWidget(m_ttl);
    ttlRow->addWidget(m_ttlUnit);
    ttlRow->addStretch();

    m_prepare->setToolTip(tr("POST /sandbox/prepare for each server before the first acquire."));

    auto *form = new QFormLayout(this);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(QString(), m_nameError);
    form->addRow(tr("&Benchmark:"), m_benchmark);
    form->addRow(tr("Time to live:"), ttlRow);
    form->addRow(QString(), m_prepare);
    registerField(u"runName*"_s, m_name);
}

int NewRunPlanPage::unitSeconds() const
{
    return m_ttlUnit->currentData().toInt();
}

void NewRunPlanPage::applyUnitRange()
{
    // Whole units inside the API's bounds: 1 to 1440 minutes, 1 to 24 hours. Nothing out of range can be
    // typed, so there is nothing to refuse later.
    const int unit = unitSeconds();
    m_ttl->setRange((AcquireRequest::minimumTtlSeconds + unit - 1) / unit,
                    AcquireRequest::maximumTtlSeconds / unit);
}

void NewRunPlanPage::fill(RunPlan *plan) const
{
    plan->name = m_name->text();
    plan->benchmark = m_benchmark->currentData().toString();
    plan->ttlSeconds.reset();
    if (m_ttlEnabled->isChecked())
        plan->ttlSeconds = m_ttl->value() * unitSeconds();
    plan->prepare = m_prepare->isChecked();
}

QString NewRunPlanPage::nameError() const
{
    return m_nameError->isHidden() ? QString() : m_nameError->text();
}

void NewRunPlanPage::showNameError(const QString &problem)
{
    m_nameError->setText(problem);
    m_nameError->setVisible(!problem.isEmpty());
}

bool NewRunPlanPage::validatePage()
{
    const QString problem = RunPlanParser::checkName(m_name->text());
    showNameError(problem);
    if (!problem.isEmpty()) {
        m_name->setFocus();
        return false;
    }
    return true;
}

void NewRunPlanPage::restoreChoices()
{
    const QSettings settings;
    const int benchmark = m_benchmark->findData(settings.value(benchmarkKey).toString());
    if (benchmark >= 0)
        m_benchmark->setCurrentIndex(benchmark);
    if (!settings.contains(ttlKey))
        return;
    const int seconds = settings.value(ttlKey).toInt();
    m_ttlEnabled->setChecked(seconds > 0);
    if (seconds <= 0)
        return;
    m_ttlUnit->setCurrentIndex(m_ttlUnit->findData(seconds % hour == 0 ? hour : minute));
    m_ttl->setValue(seconds / unitSeconds());
}

void NewRunPlanPage::saveChoices() const
{
    QSettings settings;
    settings.setValue(benchmarkKey, m_benchmark->currentData().toString());
    settings.setValue(ttlKey, m_ttlEnabled->isChecked() ? m_ttl->value() * unitSeconds() : 0);
}

void NewRunPlanPage::changeEvent(QEvent *event)
{
    QWizardPage::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        ErrorColour::applyTo(m_nameError, palette());
}
