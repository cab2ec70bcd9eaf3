#include "pages/transferspage.h"

#include "delegates/progressdelegate.h"
#include "models/transfermodel.h"
#include "widgets/emptystatehint.h"
#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"

#include <QAction>
#include <QDesktopServices>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QToolBar>
#include <QTreeView>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

TransfersPage::TransfersPage(TransferQueue *queue, QWidget *parent)
    : QWidget(parent), m_queue(queue), m_model(new TransferModel(queue, this)), m_view(new QTreeView(this)),
      m_detail(new QLabel(this)), m_cancel(new QAction(QIcon(u":/icons/cancel.svg"_s), tr("&Cancel"), this)),
      m_retry(new QAction(QIcon(u":/icons/refresh.svg"_s), tr("&Retry"), this)),
      m_openFolder(new QAction(QIcon(u":/icons/folder.svg"_s), tr("&Open Containing Folder"), this)),
      m_clearFinished(new QAction(QIcon(u":/icons/close.svg"_s), tr("C&lear Finished"), this))
{
    m_cancel->setObjectName(u"cancelTransfer"_s);
    m_retry->setObjectName(u"retryTransfer"_s);
    m_openFolder->setObjectName(u"openTransferFolder"_s);
    m_clearFinished->setObjectName(u"clearFinishedTransfers"_s);
    m_cancel->setToolTip(tr("Stop the selected transfers; nothing half-written is left behind"));
    m_retry->setToolTip(tr("Run the selected failed or cancelled transfers again"));

    auto *bar = new QToolBar(this);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setIconSize(QSize(16, 16));
    bar->addActions({m_cancel, m_retry, m_openFolder});
    bar->addSeparator();
    bar->addAction(m_clearFinished);

    m_view->setObjectName(u"transfersView"_s);
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAllColumnsShowFocus(true);
    m_view->setDragEnabled(true);
    m_view->setDragDropMode(QAbstractItemView::DragOnly);
    m_view->setDefaultDropAction(Qt::CopyAction);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    m_view->setItemDelegateForColumn(TransferModel::ProgressColumn, new ProgressDelegate(m_view));
    m_view->header()->setSectionsMovable(true);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(TransferModel::NameColumn, QHeaderView::Stretch);
    const std::initializer_list<std::pair<int, int>> widths = {
        {TransferModel::DirectionColumn, 110}, {TransferModel::SandboxColumn, 150},
        {TransferModel::SizeColumn, 90},       {TransferModel::ProgressColumn, 160},
        {TransferModel::SpeedColumn, 100},     {TransferModel::TimeLeftColumn, 90},
        {TransferModel::StateColumn, 220}};
    // Never narrower than the column's title: "Geschwindigkeit" is half again as long as "Speed".
    for (const auto &[column, width] : widths)
        m_view->setColumnWidth(column, std::max(width, m_view->header()->sectionSizeHint(column)));
    new EmptyStateHint(m_view,
                       tr("No transfers yet. Drop folders or a .tar.gz on a local sandbox to upload a "
                          "workspace, or use Save Dump As… to download one."));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(bar);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_detail);
    // The whole story of the selected transfer: a failure's reason is too long for its cell.
    m_detail->setObjectName(u"transferDetail"_s);
    m_detail->setWordWrap(true);
    m_detail->setTextFormat(Qt::PlainText);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail->setContentsMargins(8, 6, 8, 6);
    m_detail->hide();

    connect(m_cancel, &QAction::triggered, this, &TransfersPage::cancelSelected);
    connect(m_retry, &QAction::triggered, this, &TransfersPage::retrySelected);
    connect(m_openFolder, &QAction::triggered, this, &TransfersPage::openContainingFolder);
    connect(m_clearFinished, &QAction::triggered, m_queue, &TransferQueue::clearFinished);
    connect(m_view, &QTreeView::customContextMenuRequested, this, &TransfersPage::showContextMenu);
    connect(m_view, &QTreeView::doubleClicked, this, [this](const QModelIndex &index) {
        if (!index.data(TransferModel::ResultPathRole).toString().isEmpty())
            openContainingFolder();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &TransfersPage::updateActions);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &TransfersPage::updateDetail);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &TransfersPage::updateDetail);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &TransfersPage::updateActions);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &TransfersPage::updateActions);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &TransfersPage::updateActions);
    updateActions();
}

QList<int> TransfersPage::selectedRows() const
{
    QList<int> rows;
    for (const QModelIndex &index : m_view->selectionModel()->selectedRows())
        rows << index.row();
    std::sort(rows.begin(), rows.end());
    return rows;
}

void TransfersPage::updateActions()
{
    bool canCancel = false, canRetry = false, canOpen = false, anyFinished = false;
    for (const int row : selectedRows()) {
        const TransferJob *job = m_model->jobAt(row);
        if (!job)
            continue;
        canCancel |= !job->isFinished();
        canRetry |=
            job->state() == TransferJob::State::Failed || job->state() == TransferJob::State::Cancelled;
        canOpen |= job->state() == TransferJob::State::Done && !job->resultPath().isEmpty();
    }
    for (const TransferJob *job : m_queue->jobs())
        anyFinished |= job->isFinished();
    m_cancel->setEnabled(canCancel);
    m_retry->setEnabled(canRetry);
    m_openFolder->setEnabled(canOpen);
    m_clearFinished->setEnabled(anyFinished);
}

void TransfersPage::updateDetail()
{
    const TransferJob *job = m_model->jobAt(m_view->currentIndex().row());
    QString text;
    if (job && job->state() == TransferJob::State::Failed)
        text = tr("%1 failed: %2").arg(job->name(), job->errorText());
    else if (job && job->state() == TransferJob::State::Done && !job->resultPath().isEmpty())
        text =
            tr("Saved to %1. Drag the row to a file manager or terminal to use it.").arg(job->resultPath());
    m_detail->setText(text);
    m_detail->setVisible(!text.isEmpty());
}

void TransfersPage::cancelSelected()
{
    for (const int row : selectedRows())
        m_queue->cancel(row);
}

void TransfersPage::retrySelected()
{
    int retried = 0;
    for (const int row : selectedRows()) {
        const TransferJob *job = m_model->jobAt(row);
        if (job &&
            (job->state() == TransferJob::State::Failed || job->state() == TransferJob::State::Cancelled)) {
            m_queue->retry(row);
            ++retried;
        }
    }
    if (retried > 0)
        emit statusMessage(tr("Retrying %n transfer(s).", nullptr, retried));
}

void TransfersPage::openContainingFolder()
{
    const auto rows = selectedRows();
    if (rows.isEmpty())
        return;
    const TransferJob *job = m_model->jobAt(rows.first());
    if (!job || job->resultPath().isEmpty())
        return;
    const QFileInfo result(job->resultPath());
    // An extraction's result is the folder itself; a saved archive lives in one.
    const QString folder = result.isDir() ? result.absoluteFilePath() : result.absolutePath();
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(folder)))
        emit statusMessage(tr("No file manager could open %1.").arg(folder));
}

void TransfersPage::showContextMenu(const QPoint &position)
{
    if (!m_view->indexAt(position).isValid())
        return;
    QMenu menu(this);
    menu.addActions({m_cancel, m_retry, m_openFolder});
    menu.addSeparator();
    menu.addAction(m_clearFinished);
    menu.exec(m_view->viewport()->mapToGlobal(position));
}

void TransfersPage::saveState() const
{
    QSettings().setValue(u"transfers/header"_s, m_view->header()->saveState());
}

void TransfersPage::restoreState()
{
    m_view->header()->restoreState(QSettings().value(u"transfers/header"_s).toByteArray());
}
