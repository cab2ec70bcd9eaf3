#include "transfers/transfernotifier.h"

#include "common/desktopnotifier.h"
#include "workspace/blaxeluploadjob.h"
#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"
#include "workspace/workspacedumpjob.h"

#include <QWidget>

TransferNotifier::TransferNotifier(TransferQueue *queue, QWidget *window)
    : QObject(window), m_desktop(new DesktopNotifier(window))
{
    connect(queue, &TransferQueue::jobFinished, this, &TransferNotifier::onFinished);
}

QString TransferNotifier::summary(const TransferJob *job)
{
    const bool upload = job->direction() == TransferJob::Direction::Upload;
    switch (job->state()) {
    case TransferJob::State::Done: {
        if (upload && qobject_cast<const BlaxelUploadJob *>(job))
            return tr("Uploaded %1 to Blaxel sandbox %2.").arg(job->name(), job->sandboxId());
        if (upload)
            return tr("Uploaded %1 to local sandbox %2.").arg(job->name(), job->sandboxId());
        const auto *dump = qobject_cast<const WorkspaceDumpJob *>(job);
        if (dump && dump->mode() == WorkspaceDumpJob::Mode::Extract)
            return tr("Extracted the dump of %1 into %2.").arg(job->sandboxId(), job->resultPath());
        return tr("Downloaded the dump of %1 to %2.").arg(job->sandboxId(), job->resultPath());
    }
    case TransferJob::State::Cancelled:
        if (job->mayHaveLanded())
            return tr("Upload of %1 cancelled after the sandbox was asked to unpack it: it may have landed.")
                .arg(job->name());
        return upload ? tr("Upload of %1 cancelled.").arg(job->name())
                      : tr("Download of the dump of %1 cancelled.").arg(job->sandboxId());
    default:
        return upload ? tr("Upload of %1 failed: %2").arg(job->name(), job->errorText())
                      : tr("Download of the dump of %1 failed: %2").arg(job->sandboxId(), job->errorText());
    }
}

void TransferNotifier::onFinished(TransferJob *job, qint64 seconds)
{
    const QString text = summary(job);
    emit statusMessage(text);
    // A cancel is the person's own doing: no need to call them back for it.
    if (seconds < m_longSeconds || job->state() == TransferJob::State::Cancelled)
        return;
    const QString title =
        job->state() == TransferJob::State::Done ? tr("Transfer finished") : tr("Transfer failed");
    m_desktop->notify(title, text,
                      job->state() == TransferJob::State::Done ? DesktopNotifier::Severity::Information
                                                               : DesktopNotifier::Severity::Warning);
}
