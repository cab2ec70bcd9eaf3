#include "runsview/runsandboxestable.h"

#include "models/relativetime.h"
#include "models/runlistmodel.h"

using namespace Qt::StringLiterals;

RunSandboxesTable::RunSandboxesTable(const RunListModel *model, QWidget *parent)
    : QTreeWidget(parent), m_model(model)
{
    setObjectName(u"runSandboxes"_s);
    setColumnCount(7);
    setHeaderLabels({tr("Provider"), tr("Servers"), tr("Sandbox"), tr("State"), tr("Acquired"),
                     tr("Released"), tr("Time left")});
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    setTextElideMode(Qt::ElideMiddle);
}

void RunSandboxesTable::showRun(const RunListEntry *run)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QList<QTreeWidgetItem *> items;
    for (const LedgerSandbox &sandbox : run ? run->sandboxes : QList<LedgerSandbox>()) {
        const QDateTime expiry = sandbox.isHeld() && sandbox.acquiredAt.isValid() && sandbox.ttlSeconds > 0
                                     ? sandbox.acquiredAt.addSecs(sandbox.ttlSeconds)
                                     : QDateTime();
        auto *item = new QTreeWidgetItem(
            {RunListModel::providerName(sandbox.provider), sandbox.servers.join(u", "_s), sandbox.sandboxId,
             m_model->sandboxStatus(sandbox), RelativeTime::relativeAge(sandbox.acquiredAt, now),
             RelativeTime::relativeAge(sandbox.releasedAt, now),
             run->imported ? QString() : RunListModel::timeLeftText(expiry, now)});
        item->setToolTip(4, RelativeTime::absoluteTime(sandbox.acquiredAt));
        item->setToolTip(5, RelativeTime::absoluteTime(sandbox.releasedAt));
        items << item;
    }
    // Rebuilt each second while the countdown runs: a run's few dozen rows cost nothing, and the
    // selection of a details row does not matter here.
    clear();
    addTopLevelItems(items);
}
