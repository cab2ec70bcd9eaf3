#include "runsview/newrunprogresspage.h"

#include "common/errorcolour.h"
#include "models/durationtext.h"
#include "models/runprogressmodel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

// Failures look like failures: the error colour on the whole row, an icon beside the state word.
class ProgressRowDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        const auto state = RunSandboxState(index.data(RunProgressModel::StateRole).toInt());
        if (index.data(RunProgressModel::IsFailureRole).toBool()) {
            const QColor colour = ErrorColour::on(option->palette);
            option->palette.setColor(QPalette::Text, colour);
            option->palette.setColor(QPalette::HighlightedText, colour);
        }
        if (index.column() != RunProgressModel::StateColumn)
            return;
        const QString icon = state == RunSandboxState::Failed      ? u":/icons/error.svg"_s
                             : state == RunSandboxState::Ambiguous ? u":/icons/warning.svg"_s
                             : state == RunSandboxState::Acquired  ? u":/icons/acquire.svg"_s
                                                                   : QString();
        if (!icon.isEmpty()) {
            option->icon = QIcon(icon);
            option->features |= QStyleOptionViewItem::HasDecoration;
        }
    }
};

} // namespace

NewRunProgressPage::NewRunProgressPage(RunProvisioner *provisioner, QWidget *parent)
    : QWizardPage(parent), m_provisioner(provisioner), m_model(new RunProgressModel(this)),
      m_view(new QTableView(this)), m_progress(new QProgressBar(this)), m_rateLimited(new QLabel(this)),
      m_elapsed(new QLabel(this)), m_status(new QLabel(this)),
      m_cancel(new QPushButton(tr("&Cancel run"), this)), m_offer(new QWidget(this)),
      m_offerText(new QLabel(m_offer)),
      m_release(new QPushButton(QIcon(u":/icons/release.svg"_s), QString(), m_offer)),
      m_keep(new QPushButton(tr("&Keep them"), m_offer)), m_clock(new QTimer(this))
{
    setTitle(tr("Provisioning"));
    m_view->setModel(m_model);
    m_view->setItemDelegate(new ProgressRowDelegate(m_view));
    m_view->verticalHeader()->hide();
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Columns follow their content as the ids arrive (a run holds at most RunPlanParser::maxSandboxes rows);
    // the error takes the rest.
    for (int column = 0; column < RunProgressModel::ErrorColumn; ++column)
        m_view->horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->setWordWrap(false);
    m_progress->setFormat(tr("%v of %m"));
    m_progress->setValue(0);
    m_status->setWordWrap(true);
    m_status->setObjectName(u"runStatus"_s);
    m_cancel->setIcon(QIcon(u":/icons/cancel.svg"_s));
    m_cancel->setEnabled(false);
    connect(m_cancel, &QPushButton::clicked, this, &NewRunProgressPage::cancelRun);

    m_offerText->setWordWrap(true);
    auto *offerLayout = new QHBoxLayout(m_offer);
    offerLayout->setContentsMargins(0, 0, 0, 0);
    offerLayout->addWidget(m_offerText, 1);
    offerLayout->addWidget(m_release);
    offerLayout->addWidget(m_keep);
    m_offer->hide();
    connect(m_release, &QPushButton::clicked, this, [this] {
        m_offer->hide();
        m_status->setText(
            tr("Releasing the sandboxes of %1.").arg(m_provisioner ? m_provisioner->plan().name : QString()));
        if (m_provisioner)
            emit releaseRequested(m_provisioner->plan().name);
    });
    connect(m_keep, &QPushButton::clicked, m_offer, &QWidget::hide);

    m_clock->setInterval(1000);
    connect(m_clock, &QTimer::timeout, this, &NewRunProgressPage::showElapsed);

    auto *counts = new QHBoxLayout;
    counts->addWidget(m_progress, 1);
    counts->addWidget(m_rateLimited);
    counts->addWidget(m_elapsed);
    counts->addWidget(m_cancel);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_view, 1);
    layout->addLayout(counts);
    layout->addWidget(m_status);
    layout->addWidget(m_offer);

    if (m_provisioner) {
        connect(m_provisioner, &RunProvisioner::sandboxChanged, this,
                [this](int index, const RunSandbox &sandbox) {
                    if (!m_running)
                        return;
                    m_model->update(index, sandbox);
                    showCounts();
                });
        connect(m_provisioner, &RunProvisioner::preparing, this, [this](const QString &server) {
            if (m_running)
                m_status->setText(server.isEmpty() ? tr("Asking for capacity…")
                                                   : tr("Asking for capacity for %1…").arg(server));
        });
        connect(m_provisioner, &RunProvisioner::finished, this, &NewRunProgressPage::finished);
    }
}

void NewRunProgressPage::follow()
{
    m_running = true;
    m_failedStatus = false;
    m_status->setPalette(palette());
    m_offer->hide();
    m_model->reset(m_provisioner->sandboxes());
    m_progress->setRange(0, m_model->rowCount());
    m_cancel->setEnabled(true);
    m_status->setText(tr("Acquiring %1…").arg(m_provisioner->plan().name));
    m_started.start();
    m_clock->start();
    showCounts();
    showElapsed();
    emit completeChanged();
}

void NewRunProgressPage::cancelRun()
{
    if (!m_running || !m_provisioner)
        return;
    m_cancel->setEnabled(false);
    m_status->setText(tr("Cancelling: the acquire under way finishes, nothing after it is asked for."));
    m_provisioner->cancel();
}

void NewRunProgressPage::showCounts()
{
    m_progress->setValue(m_model->settledCount());
    const int rateLimited = m_provisioner ? m_provisioner->rateLimitedCount() : 0;
    m_rateLimited->setText(tr("%n rate-limited", nullptr, rateLimited));
}

void NewRunProgressPage::showElapsed()
{
    m_elapsed->setText(DurationText::span(m_started.isValid() ? m_started.elapsed() / 1000 : 0));
}

void NewRunProgressPage::finished(RunProvisioner::Outcome outcome)
{
    // A refused start never reaches this page (the wizard shows it on the summary); its finished() comes
    // after the start returned, while nothing is followed.
    if (!m_running || outcome == RunProvisioner::Outcome::Refused)
        return;
    m_running = false;
    m_clock->stop();
    showElapsed();
    m_cancel->setEnabled(false);
    for (int i = 0; i < m_provisioner->sandboxes().size(); ++i)
        m_model->update(i, m_provisioner->sandboxes()[i]);
    showCounts();
    const int held = m_provisioner->heldCount();
    const int failed = m_model->countIn(RunSandboxState::Failed);
    const int ambiguous = m_model->countIn(RunSandboxState::Ambiguous);
    QStringList sentences;
    sentences << (outcome == RunProvisioner::Outcome::Cancelled
                      ? tr("Cancelled: %n sandbox(es) held.", nullptr, held)
                      : tr("Done: %n sandbox(es) held.", nullptr, held));
    if (failed > 0)
        sentences << tr("%n failed.", nullptr, failed);
    if (ambiguous > 0)
        sentences << tr("%n got no answer and may be held: the next start offers them to adopt or release.",
                        nullptr, ambiguous);
    if (!m_provisioner->problem().isEmpty())
        sentences << m_provisioner->problem();
    m_status->setText(sentences.join(u' '));
    m_failedStatus = failed > 0 || ambiguous > 0 || !m_provisioner->problem().isEmpty();
    if (m_failedStatus)
        ErrorColour::applyTo(m_status, palette());
    if (outcome == RunProvisioner::Outcome::Cancelled && held > 0) {
        m_offerText->setText(tr("The run was cancelled while it held %n sandbox(es).", nullptr, held));
        m_release->setText(tr("&Release the %n acquired", nullptr, held));
        m_offer->show();
        m_release->setFocus();
    }
    emit completeChanged();
    emit runFinished(outcome);
}

QString NewRunProgressPage::statusText() const
{
    return m_status->text();
}

QString NewRunProgressPage::rateLimitedText() const
{
    return m_rateLimited->text();
}

bool NewRunProgressPage::isComplete() const
{
    return !m_running;
}

void NewRunProgressPage::changeEvent(QEvent *event)
{
    QWizardPage::changeEvent(event);
    if (event->type() != QEvent::PaletteChange)
        return;
    if (m_failedStatus)
        ErrorColour::applyTo(m_status, palette());
    else
        m_status->setPalette(palette());
}
