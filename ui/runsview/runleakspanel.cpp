#include "runsview/runleakspanel.h"

#include "common/confirmationbox.h"
#include "models/leaklistmodel.h"
#include "sandboxlist/releasewording.h"
#include "session/leakmonitor.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTreeView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

const QString thresholdKey = u"runs/leakThresholdSeconds"_s;
constexpr int listedInQuestion = 15;
constexpr std::array<qint64, 3> unitSeconds = {60, 3600, 86400};

} // namespace

RunLeaksPanel::RunLeaksPanel(LeakMonitor *monitor, QWidget *parent)
    : QWidget(parent), m_monitor(monitor), m_summary(new QLabel(this)), m_threshold(new QSpinBox(this)),
      m_unit(new QComboBox(this)), m_model(new LeakListModel(this)), m_table(new QTreeView(this)),
      m_release(new QPushButton(QIcon(u":/icons/release.svg"_s), tr("Release All Leaks…"), this))
{
    m_summary->setObjectName(u"leakSummary"_s);
    m_threshold->setObjectName(u"leakThreshold"_s);
    m_unit->setObjectName(u"leakThresholdUnit"_s);
    m_table->setObjectName(u"leaksTable"_s);
    m_release->setObjectName(u"releaseLeaks"_s);

    // 0 is "off": no sandbox is a leak for its age alone until the person says how old is too old.
    m_threshold->setRange(0, 999);
    m_threshold->setSpecialValueText(tr("off"));
    m_threshold->setAccessibleName(tr("Held longer than"));
    m_unit->addItems({tr("minutes"), tr("hours"), tr("days")});
    if (const auto stored = storedThreshold()) {
        int unit = int(unitSeconds.size()) - 1;
        while (unit > 0 && *stored % unitSeconds[size_t(unit)] != 0)
            --unit;
        m_unit->setCurrentIndex(unit);
        m_threshold->setValue(int(std::min<qint64>(999, *stored / unitSeconds[size_t(unit)])));
    } else {
        m_unit->setCurrentIndex(1);
    }
    monitor->setThreshold(storedThreshold());

    m_table->setModel(m_model);
    m_table->setRootIsDecorated(false);
    m_table->setUniformRowHeights(true);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->header()->setStretchLastSection(true);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(8, 4, 8, 4);
    auto *title = new QLabel(tr("<b>Leaks</b>"), this);
    auto *olderThan = new QLabel(tr("Held longer than:"), this);
    olderThan->setBuddy(m_threshold);
    bar->setSpacing(8);
    bar->addWidget(title);
    // The summary is a sentence: wrapped, it never sets the window's minimum width (it made the window
    // 1084 px wide at 800x500).
    m_summary->setWordWrap(true);
    bar->addWidget(m_summary, 1);
    bar->addWidget(olderThan);
    bar->addWidget(m_threshold);
    bar->addWidget(m_unit);
    bar->addWidget(m_release);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_table, 1);

    connect(m_threshold, &QSpinBox::valueChanged, this, &RunLeaksPanel::storeThreshold);
    connect(m_unit, &QComboBox::currentIndexChanged, this, &RunLeaksPanel::storeThreshold);
    connect(m_release, &QPushButton::clicked, this, &RunLeaksPanel::releaseAll);
    connect(monitor, &LeakMonitor::leaksChanged, this, &RunLeaksPanel::showLeaks);
    showLeaks();
}

std::optional<qint64> RunLeaksPanel::storedThreshold()
{
    const qint64 seconds = QSettings().value(thresholdKey, 0).toLongLong();
    return seconds > 0 ? std::optional<qint64>(seconds) : std::nullopt;
}

void RunLeaksPanel::storeThreshold()
{
    const qint64 seconds = m_threshold->value() * unitSeconds[size_t(std::max(0, m_unit->currentIndex()))];
    if (seconds > 0)
        QSettings().setValue(thresholdKey, seconds);
    else
        QSettings().remove(thresholdKey);
    m_monitor->setThreshold(seconds > 0 ? std::optional<qint64>(seconds) : std::nullopt);
}

void RunLeaksPanel::showLeaks()
{
    const LeakReport &report = m_monitor->report();
    // The leaks selected stay selected through a new report: it is usually the same sandboxes again.
    QStringList selected;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        selected << index.data(LeakListModel::SandboxIdRole).toString();
    m_model->setLeaks(report.leaks);
    for (const QString &id : std::as_const(selected)) {
        if (const int row = m_model->rowOf(id); row >= 0)
            m_table->selectionModel()->select(m_model->index(row, 0),
                                              QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
    m_summary->setText(
        report.leaks.isEmpty()
            ? tr("none found")
            : tr("%n sandbox(es) held that no open run claims, past their TTL or held too long", nullptr,
                 int(report.leaks.size())));
    m_summary->setToolTip(m_monitor->ledgerProblem());
    m_release->setEnabled(!report.leaks.isEmpty());
}

void RunLeaksPanel::releaseAll()
{
    const QList<Leak> leaks = m_monitor->report().leaks;
    if (leaks.isEmpty())
        return;
    QStringList lines;
    for (const Leak &leak : leaks.mid(0, listedInQuestion))
        lines << u"• %1/%2 (%3)"_s.arg(leak.servers.join(u','), leak.sandboxId,
                                       LeakListModel::reasonsText(leak.reasons));
    if (leaks.size() > listedInQuestion)
        lines << tr("… and %n more", nullptr, int(leaks.size() - listedInQuestion));
    const int count = int(leaks.size());
    if (!ConfirmationBox::ask(this, tr("Release %n leaked sandbox(es)?", nullptr, count),
                              ReleaseWording::klavisConsequence(ReleaseWording::Verb::Release, count) +
                                  u"\n\n"_s + lines.join(u'\n'),
                              ReleaseWording::actionText(ReleaseWording::Verb::Release)))
        return;
    emit releaseRequested(leaks);
}
