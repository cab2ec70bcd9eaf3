#include "models/transfermodel.h"

#include "models/displaytext.h"
#include "models/durationtext.h"
#include "workspace/bytesize.h"
#include "workspace/dumpjob.h"
#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QMimeData>
#include <QUrl>

#include <algorithm>

using namespace Qt::StringLiterals;

TransferModel::TransferModel(TransferQueue *queue, QObject *parent)
    : QAbstractTableModel(parent), m_queue(queue)
{
    connect(queue, &TransferQueue::jobAboutToBeAdded, this,
            [this](int index) { beginInsertRows({}, index, index); });
    connect(queue, &TransferQueue::jobAdded, this, [this] { endInsertRows(); });
    connect(queue, &TransferQueue::jobAboutToBeRemoved, this,
            [this](int index) { beginRemoveRows({}, index, index); });
    connect(queue, &TransferQueue::jobRemoved, this, [this] { endRemoveRows(); });
    connect(queue, &TransferQueue::jobChanged, this, [this](int index) {
        emit dataChanged(this->index(index, 0), this->index(index, ColumnCount - 1));
    });
    // The queue usually outlives the model; if not, its rows go with it.
    connect(queue, &QObject::destroyed, this, [this] {
        beginResetModel();
        endResetModel();
    });
}

int TransferModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_queue ? 0 : int(m_queue->jobs().size());
}

int TransferModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

TransferJob *TransferModel::jobAt(int row) const
{
    return m_queue && row >= 0 && row < m_queue->jobs().size() ? m_queue->jobs().at(row) : nullptr;
}

QString TransferModel::formatBytes(qint64 bytes)
{
    return ByteSize::text(bytes);
}

QStringList TransferModel::kindTexts()
{
    return {tr("Upload"), tr("Save dump"), tr("Extract dump")};
}

QString TransferModel::kindText(const TransferJob *job)
{
    if (job->direction() == TransferJob::Direction::Upload)
        return tr("Upload");
    const auto *dump = qobject_cast<const DumpJob *>(job);
    return dump && dump->mode() == DumpJob::Mode::Extract ? tr("Extract dump") : tr("Save dump");
}

QString TransferModel::destinationText(const TransferJob *job)
{
    if (job->direction() == TransferJob::Direction::Upload)
        return tr("local sandbox %1").arg(DisplayText::visible(job->sandboxId()));
    const auto *dump = qobject_cast<const DumpJob *>(job);
    const QString path = !job->resultPath().isEmpty() ? job->resultPath()
                         : dump                       ? dump->targetPath()
                                                      : QString();
    if (path.isEmpty())
        return {};
    const QString shown = DisplayText::visible(QDir::toNativeSeparators(path));
    return dump && dump->mode() == DumpJob::Mode::Extract ? tr("folder %1").arg(shown)
                                                          : tr("file %1").arg(shown);
}

QString TransferModel::detailsText(const TransferJob *job)
{
    if (!job)
        return {};
    const QLocale locale;
    QStringList lines;
    const QString destination = destinationText(job);
    lines << (destination.isEmpty()
                  ? kindText(job)
                  : tr("%1 of %2 to %3").arg(kindText(job), DisplayText::visible(job->name()), destination));
    const auto time = [&](const QDateTime &when) {
        return locale.toString(when.time(), QLocale::LongFormat);
    };
    if (job->startedAt().isValid() && job->finishedAt().isValid()) {
        lines << tr("Started %1, ended %2, took %3.")
                     .arg(time(job->startedAt()), time(job->finishedAt()),
                          DurationText::span(job->durationSeconds()));
    } else if (job->startedAt().isValid()) {
        lines << tr("Started %1.").arg(time(job->startedAt()));
    } else {
        lines << tr("Waiting for a free slot.");
    }
    if (job->state() == TransferJob::State::Done && job->networkBytes() > 0) {
        const qint64 ms = job->networkMilliseconds();
        const QString moved = formatBytes(job->networkBytes());
        lines << (ms > 0 ? tr("%1 transferred at %2/s on average.")
                               .arg(moved,
                                    formatBytes(qint64(double(job->networkBytes()) * 1000.0 / double(ms))))
                         : tr("%1 transferred.").arg(moved));
    }
    if (!job->waitingNote().isEmpty())
        lines << DisplayText::visible(job->waitingNote());
    switch (job->state()) {
    case TransferJob::State::Failed:
        lines << tr("Failed: %1").arg(DisplayText::visible(job->errorText()));
        lines << (job->canRetry() ? tr("Retry may help: the cause can pass.")
                                  : tr("Retry would fail the same way until the cause is fixed."));
        break;
    case TransferJob::State::Cancelled:
        lines << (job->mayHaveLanded()
                      ? tr("Cancelled after the sandbox was asked to unpack the archive: the upload may have "
                           "landed all the same. Dump the workspace to see what it holds.")
                      : tr("Cancelled; nothing half-written was left behind."));
        break;
    case TransferJob::State::Done:
        if (!job->leftOut().isEmpty())
            lines << tr("Left out:") << DisplayText::visibleLines(job->leftOut().join(u'\n'));
        break;
    default:
        break;
    }
    return lines.join(u'\n');
}

QVariant TransferModel::data(const QModelIndex &index, int role) const
{
    Q_ASSERT(checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid));
    const TransferJob *job = jobAt(index.row());
    if (!job)
        return {};
    // One bar over the whole job; floor, so that 100% means done. Clamped: a server may send more than
    // it announced.
    const double fraction = job->overallFraction();
    const int percent = fraction >= 0 ? std::clamp(int(fraction * 100.0), 0, 100) : -1;
    switch (role) {
    case ProgressRole:
        return percent;
    case StateRole:
        return int(job->state());
    case ResultPathRole:
        return job->resultPath();
    case ErrorRole:
        return job->errorText();
    case IsFinishedRole:
        return job->isFinished();
    case LeftOutCountRole:
        return int(job->leftOut().size());
    case Qt::ToolTipRole:
        if (!job->waitingNote().isEmpty())
            return DisplayText::visible(job->waitingNote());
        if (!job->errorText().isEmpty())
            return DisplayText::visible(job->errorText());
        if (!job->leftOut().isEmpty())
            return DisplayText::visible(job->resultPath() + u'\n' + tr("Left out:") + u'\n' +
                                        job->leftOut().join(u'\n'));
        return DisplayText::visible(job->resultPath());
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case DirectionColumn:
        return kindText(job);
    case SandboxColumn:
        return DisplayText::visible(job->sandboxId());
    case NameColumn:
        return DisplayText::visible(job->name());
    case SizeColumn:
        return formatBytes(job->bytesTotal() > 0 ? job->bytesTotal() : -1);
    case ProgressColumn:
        return percent >= 0 ? u"%1%"_s.arg(percent) : QString();
    case SpeedColumn:
        return job->isActive() && job->bytesPerSecond() > 0
                   ? formatBytes(qint64(job->bytesPerSecond())) + u"/s"_s
                   : QString();
    case TimeLeftColumn:
        return job->isActive() ? DurationText::span(job->secondsLeft()) : QString();
    case StateColumn:
        return job->state() == TransferJob::State::Failed
                   ? tr("Failed: %1").arg(DisplayText::visible(job->errorText()))
               : job->state() == TransferJob::State::Done && !job->leftOut().isEmpty()
                   ? tr("Done, %n entry(ies) left out", nullptr, int(job->leftOut().size()))
               : !job->waitingNote().isEmpty()
                   ? tr("%1, waiting for the sandbox to start").arg(job->stateText())
                   : job->stateText();
    default:
        return {};
    }
}

QVariant TransferModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    // Built on each call, not cached: a language switch at run time must show.
    switch (section) {
    case DirectionColumn:
        return tr("Kind");
    case SandboxColumn:
        return tr("Sandbox");
    case NameColumn:
        return tr("Name");
    case SizeColumn:
        return tr("Size");
    case ProgressColumn:
        return tr("Progress");
    case SpeedColumn:
        return tr("Speed");
    case TimeLeftColumn:
        return tr("Time left");
    case StateColumn:
        return tr("State");
    }
    return {};
}

Qt::ItemFlags TransferModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    const TransferJob *job = index.isValid() ? jobAt(index.row()) : nullptr;
    // Only a complete download exists on disk to be dragged.
    if (job && job->direction() == TransferJob::Direction::Download &&
        job->state() == TransferJob::State::Done)
        flags |= Qt::ItemIsDragEnabled;
    return flags;
}

QStringList TransferModel::mimeTypes() const
{
    return {u"text/uri-list"_s};
}

QMimeData *TransferModel::mimeData(const QModelIndexList &indexes) const
{
    QList<QUrl> urls;
    for (const auto &index : indexes) {
        const TransferJob *job = jobAt(index.row());
        if (!job || job->resultPath().isEmpty() || !(flags(index) & Qt::ItemIsDragEnabled))
            continue;
        const QUrl url = QUrl::fromLocalFile(QFileInfo(job->resultPath()).absoluteFilePath());
        if (!urls.contains(url))
            urls.append(url);
    }
    if (urls.isEmpty())
        return nullptr;
    auto *mime = new QMimeData;
    mime->setUrls(urls);
    return mime;
}
