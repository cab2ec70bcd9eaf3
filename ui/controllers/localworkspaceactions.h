#pragma once

#include "models/localsandboxtreemodel.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

class QWidget;
class TransferJob;
class TransferQueue;

// What a person does with a local sandbox's workspace: upload files and folders (dropped or chosen),
// save its dump as a .tar.gz, or extract the dump into a folder. Each ends as a job in the transfer
// queue; the choosing and confirming happens here.
class LocalWorkspaceActions final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocalWorkspaceActions)

public:
    LocalWorkspaceActions(TransferQueue *queue, QWidget *dialogParent);
    // Where the sandboxes' statuses come from, so the upload confirmation can warn about an idle one.
    void setSandboxes(const LocalSandboxTreeModel *model) { m_sandboxes = model; }

    // Shows the confirmation (target, file count, size) and queues the upload when confirmed.
    void confirmUpload(const QString &localSandboxId, const QStringList &paths);
    void chooseUpload(const QString &localSandboxId);
    void chooseDumpFile(const QString &localSandboxId);
    void chooseExtractFolder(const QString &localSandboxId);

    TransferJob *saveDumpTo(const QString &localSandboxId, const QString &archivePath);
    // Queues the extraction into `folder`; its job refuses a folder that is not new or empty
    // (ExtractStaging::targetProblem), which chooseExtractFolder() asks about first.
    TransferJob *extractDumpTo(const QString &localSandboxId, const QString &folder);
    // The folder to extract into: `folder` itself when new or empty, else what the person answers to
    // "not empty": a new folder inside it, or (with *chooseAgain set) another choice, or nothing.
    QString confirmExtractTarget(const QString &localSandboxId, const QString &folder, bool *chooseAgain);

    // A fresh folder name inside `parentFolder` for a sandbox's extracted workspace.
    static QString extractionFolder(const QString &parentFolder, const QString &localSandboxId);

signals:
    void statusMessage(const QString &message);
    void transferQueued(TransferJob *job);

private:
    QString lastFolder() const;
    void rememberFolder(const QString &path);

    TransferQueue *m_queue;
    QPointer<QWidget> m_dialogParent;
    QPointer<const LocalSandboxTreeModel> m_sandboxes;
};
