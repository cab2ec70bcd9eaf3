#include "mainwindow/refreshintervalchoice.h"

#include "session/refreshscheduler.h"

#include <QActionGroup>
#include <QComboBox>
#include <QMenu>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace {
const auto settingsKey = u"refresh/interval"_s;
constexpr int defaultSeconds = 15;
} // namespace

RefreshIntervalChoice::RefreshIntervalChoice(RefreshScheduler *scheduler, QObject *parent)
    : QObject(parent), m_scheduler(scheduler), m_group(new QActionGroup(this))
{
    const int remembered = QSettings().value(settingsKey, defaultSeconds).toInt();
    m_scheduler->setIntervalSeconds(
        RefreshScheduler::intervalChoices().contains(remembered) ? remembered : defaultSeconds);
}

QMenu *RefreshIntervalChoice::addMenu(QMenu *parent)
{
    QMenu *menu = parent->addMenu(tr("&Auto-refresh"));
    for (int seconds : RefreshScheduler::intervalChoices()) {
        QAction *choice = menu->addAction(seconds == 0 ? tr("Off") : tr("Every %1 s").arg(seconds));
        choice->setCheckable(true);
        choice->setData(seconds);
        choice->setChecked(seconds == m_scheduler->intervalSeconds());
        m_group->addAction(choice);
        connect(choice, &QAction::triggered, this, [this, seconds] { choose(seconds); });
    }
    return menu;
}

QComboBox *RefreshIntervalChoice::createComboBox(QWidget *parent)
{
    m_combo = new QComboBox(parent);
    m_combo->setObjectName(u"intervalCombo"_s);
    m_combo->setToolTip(tr("Auto-refresh interval"));
    m_combo->setAccessibleName(tr("Auto-refresh interval"));
    for (int seconds : RefreshScheduler::intervalChoices())
        m_combo->addItem(seconds == 0 ? tr("Auto-refresh off") : tr("Every %1 s").arg(seconds), seconds);
    m_combo->setCurrentIndex(m_combo->findData(m_scheduler->intervalSeconds()));
    connect(m_combo, &QComboBox::activated, this,
            [this](int index) { choose(m_combo->itemData(index).toInt()); });
    return m_combo;
}

void RefreshIntervalChoice::choose(int seconds)
{
    m_scheduler->setIntervalSeconds(seconds);
    QSettings().setValue(settingsKey, seconds);
    for (QAction *choice : m_group->actions())
        choice->setChecked(choice->data().toInt() == seconds);
    if (m_combo)
        m_combo->setCurrentIndex(m_combo->findData(seconds));
}
