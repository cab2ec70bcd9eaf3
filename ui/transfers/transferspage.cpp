#include "transfers/transferspage.h"

#include "common/emptystatehint.h"
#include "models/transfermodel.h"
#include "transfers/progressdelegate.h"
#include "transfers/transferstatedelegate.h"
#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"

#include <QAction>
#include <QDesktopServices>
#include <QEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QSettings>
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
    m_cancel->setToolTip(
        tr("Stop the selected transfers; nothing half-written is left behind, though an upload the "
           "sandbox was already asked to unpack may still land"));
    m_retry->setToolTip(tr("Run the selected transfers again where the cause can pass (a network drop, an "
                           "expired link, a server error, a cancel)"));

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
    m_view->setItemDelegateForColumn(TransferModel::ProgressColumn, new ProgressDelegate(m_view));
    m_view->setItemDelegateForColumn(TransferModel::StateColumn, new TransferStateDelegate(m_view));
    m_view->setTextElideMode(Qt::ElideMiddle); // ids and file names differ at their ends
    m_view->header()->setSectionsMovable(true);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setMinimumSectionSize(40);
    m_view->viewport()->installEventFilter(this);
    connect(m_view->header(), &QHeaderView::sectionResized, this, [this] {
        if (!m_fitting)
            m_userSizedColumns = true;
    });
    new EmptyStateHint(m_view,
                       tr("No transfers yet. Drop folders or a .tar.gz on a local sandbox to upload a "
                          "workspace, or use Save Dump As… to download one."));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_detail);
    // The whole story of the selected transfer: a failure's reason is too long for its cell.
    m_detail->setObjectName(u"transferDetail"_s);
    m_detail->setWordWrap(true);
    m_detail->setTextFormat(Qt::PlainText);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail->setContentsMargins(8, 6, 8, 6);
    m_detail->hide();
    fitColumns();

    connect(m_cancel, &QAction::triggered, this, &TransfersPage::cancelSelected);
    connect(m_retry, &QAction::triggered, this, &TransfersPage::retrySelected);
    connect(m_openFolder, &QAction::triggered, this, &TransfersPage::openContainingFolder);
    connect(m_clearFinished, &QAction::triggered, m_queue, &TransferQueue::clearFinished);
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
        canRetry |= job->canRetry();
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
    QString text = TransferModel::detailsText(job);
    if (job && job->state() == TransferJob::State::Done &&
        job->direction() == TransferJob::Direction::Download && !job->resultPath().isEmpty())
        text += u'\n' + tr("Drag the row to a file manager or terminal to use it.");
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
        if (job && job->canRetry()) {
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

bool TransfersPage::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize && watched == m_view->viewport())
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

void TransfersPage::fitColumns()
{
    // Once the person sized a column, the widths are theirs.
    if (m_userSizedColumns)
        return;
    struct Width
    {
        int column;
        int preferred;
        int minimum;
    };
    // The kind is a short word whole or nothing: "Extract dump" elided reads as neither.
    const QFontMetrics metrics = m_view->fontMetrics();
    int kindWidth = 0;
    for (const QString &kind : TransferModel::kindTexts())
        kindWidth = std::max(kindWidth, metrics.horizontalAdvance(kind) + 3 * metrics.averageCharWidth());
    // In the order they give up room: a narrow window keeps Progress, Speed and State whole longest.
    const QList<Width> widths = {{TransferModel::NameColumn, 220, 56},
                                 {TransferModel::SandboxColumn, 150, 48},
                                 {TransferModel::DirectionColumn, kindWidth, kindWidth},
                                 {TransferModel::SizeColumn, 90, 60},
                                 {TransferModel::TimeLeftColumn, 90, 60},
                                 {TransferModel::StateColumn, 240, 110},
                                 {TransferModel::SpeedColumn, 100, 75},
                                 {TransferModel::ProgressColumn, 160, 100}};
    QHash<int, int> size;
    int total = 0;
    for (const Width &width : widths) {
        // Never narrower than the title: "Geschwindigkeit" is half again as long as "Speed".
        const int title = m_view->header()->sectionSizeHint(width.column);
        size[width.column] = std::max(width.preferred, title);
        total += size[width.column];
    }
    const int available = m_view->viewport()->width();
    if (total <= available) {
        // A failure's reason is the longest text of the list: the State gets more of what is to spare.
        const int spare = available - total;
        size[TransferModel::StateColumn] += spare * 2 / 3;
        size[TransferModel::NameColumn] += spare - spare * 2 / 3;
    } else {
        int excess = total - available;
        for (const Width &width : widths) {
            const int floor = std::max(width.minimum, m_view->header()->sectionSizeHint(width.column));
            const int give = std::min(excess, std::max(0, size[width.column] - floor));
            size[width.column] -= give;
            excess -= give;
        }
    }
    m_fitting = true;
    for (auto it = size.cbegin(); it != size.cend(); ++it)
        m_view->setColumnWidth(it.key(), it.value());
    m_fitting = false;
}

void TransfersPage::saveState() const
{
    // Only widths the person chose; fitted ones are fitted again to the next window.
    if (m_userSizedColumns)
        QSettings().setValue(u"transfers/header"_s, m_view->header()->saveState());
    else
        QSettings().remove(u"transfers/header"_s);
}

void TransfersPage::restoreState()
{
    const QByteArray saved = QSettings().value(u"transfers/header"_s).toByteArray();
    // Widths a person chose are kept; otherwise they follow the window.
    m_userSizedColumns = !saved.isEmpty() && m_view->header()->restoreState(saved);
}
