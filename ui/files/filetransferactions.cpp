#include "files/filetransferactions.h"

#include "files/filespane.h"
#include "models/blaxelfiletreemodel.h"
#include "models/displaytext.h"
#include "session/filebrowser.h"
#include "session/filecontroller.h"
#include "session/filedragout.h"
#include "workspace/transferjob.h"

#include <QDir>
#include <QFileDialog>
#include <QPointer>

FileTransferActions::FileTransferActions(FileController *controller, FilesPane *pane)
    : QObject(pane), m_controller(controller), m_pane(pane)
{
    connect(m_controller, &FileController::downloadLanded, this, [this](const QString &path) {
        Q_EMIT stateChanged(tr("Downloaded %1.").arg(QDir::toNativeSeparators(path)));
    });
    connect(m_controller, &FileController::downloadKept, this,
            [this](const QString &path, const QString &keptIn) {
                Q_EMIT stateChanged(
                    tr("%1 appeared while the download ran, so it was not replaced: the download is in %2.")
                        .arg(QDir::toNativeSeparators(path), QDir::toNativeSeparators(keptIn)));
            });
}

void FileTransferActions::upload(const QStringList &localPaths, const QString &remoteFolder)
{
    QString problem = tr("There is no sandbox to upload into.");
    const QPointer<FileBrowser> browser = m_pane->browser();
    TransferJob *job = browser ? m_controller->uploadInto(m_pane->sandboxName(), m_pane->sandboxUrl(),
                                                          localPaths, remoteFolder, &problem)
                               : nullptr;
    const QString shownFolder = DisplayText::visible(remoteFolder);
    if (!job) {
        Q_EMIT stateChanged(problem);
        return;
    }
    Q_EMIT stateChanged(tr("Uploading into %1; Transfers shows its progress.").arg(shownFolder));
    connect(job, &TransferJob::finished, this, [this, browser, job, shownFolder] {
        if (!browser || browser != m_pane->browser())
            return; // another sandbox is shown now
        browser->refresh();
        Q_EMIT stateChanged(
            job->state() == TransferJob::State::Done
                ? tr("Uploaded into %1.").arg(shownFolder)
                : tr("The upload into %1 did not finish: %2").arg(shownFolder, job->errorText()));
    });
}

void FileTransferActions::downloadSelected()
{
    const QString folder = QFileDialog::getExistingDirectory(m_pane, tr("Download into"));
    if (!folder.isEmpty())
        downloadSelectedTo(folder);
}

void FileTransferActions::downloadSelectedTo(const QString &localFolder)
{
    const QString path = m_pane->selectedPath();
    QString problem = tr("Choose a file or folder to download.");
    TransferJob *job = m_pane->browser() && !path.isEmpty()
                           ? m_controller->downloadInto(m_pane->sandboxName(), m_pane->sandboxUrl(), path,
                                                        localFolder, &problem)
                           : nullptr;
    Q_EMIT stateChanged(
        job ? tr("Downloading %1; Transfers shows its progress.").arg(DisplayText::visible(path)) : problem);
}

QMimeData *FileTransferActions::dragOut(const QModelIndex &index)
{
    if (!m_pane->browser())
        return nullptr;
    const QString path = m_pane->browser()->model()->pathOf(index);
    QString problem;
    FileDragOut *data = m_controller->dragOut(m_pane->sandboxName(), m_pane->sandboxUrl(), {path}, &problem);
    Q_EMIT stateChanged(
        data ? tr("Fetching %1 for the drop; Transfers shows its progress.").arg(DisplayText::visible(path))
             : problem);
    return data;
}

void FileTransferActions::dragEnded(QMimeData *data, Qt::DropAction action)
{
    m_controller->endDragOut(qobject_cast<FileDragOut *>(data), action);
    if (action == Qt::IgnoreAction)
        Q_EMIT stateChanged(tr("The drag ended without a drop: its download is cancelled."));
}
