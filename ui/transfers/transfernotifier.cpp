#include "transfers/transfernotifier.h"

#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"
#include "workspace/workspacedumpjob.h"

#include <QApplication>
#include <QSystemTrayIcon>
#include <QWidget>

using namespace Qt::StringLiterals;

TransferNotifier::TransferNotifier(TransferQueue *queue, QWidget *window) : QObject(window), m_window(window)
{
    connect(queue, &TransferQueue::jobFinished, this, &TransferNotifier::onFinished);
}

QString TransferNotifier::summary(const TransferJob *job)
{
    const bool upload = job->direction() == TransferJob::Direction::Upload;
    switch (job->state()) {
    case TransferJob::State::Done: {
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
    if (QSystemTrayIcon::isSystemTrayAvailable() && QSystemTrayIcon::supportsMessages()) {
        if (!m_tray) {
            m_tray = new QSystemTrayIcon(QIcon(u":/icons/sandboxdeck.svg"_s), this);
            m_tray->setToolTip(u"SandboxDeck"_s);
        }
        m_tray->show();
        m_tray->showMessage(title, text,
                            job->state() == TransferJob::State::Done ? QSystemTrayIcon::Information
                                                                     : QSystemTrayIcon::Warning);
    }
    if (m_window)
        QApplication::alert(m_window); // the taskbar entry asks for attention where no tray exists
}
