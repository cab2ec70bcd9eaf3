#pragma once

#include "workspace/workspaceuploadjob.h"

#include <QPointer>

class BlaxelSandboxCall;
class BlaxelSandboxFiles;

// Puts a workspace into a Blaxel sandbox: pack with our parallel packer (or take a dropped .tar.gz as it is)
// -> PUT the archive through the sandbox's filesystem API to a temporary path -> `tar -xzf` through its
// process API in the sandbox's working directory -> remove the temporary archive. A command that exits
// non-zero fails the job with the end of its log. resultPath() is the working directory the sandbox named.
// With a remote folder (absolute, inside the sandbox) the archive unpacks there instead, the folder made
// first if missing; resultPath() is then that folder.
class BlaxelUploadJob final : public WorkspaceUploadJob
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelUploadJob)

public:
    BlaxelUploadJob(BlaxelSandboxFiles *files, const QStringList &sources, QObject *parent = nullptr,
                    const QString &remoteFolder = {});
    ~BlaxelUploadJob() override;

    // The archive's temporary path in the sandbox (set once the upload starts).
    QString remoteArchivePath() const { return m_remoteArchive; }
    // Empty: the sandbox's working directory.
    QString remoteFolder() const { return m_remoteFolder; }
    TransferJob *clone(QObject *parent) const override;

private:
    QList<QPair<State, double>> phaseWeights(bool packed) const override;
    QString cannotSend() const override;
    void send() override;
    void abortSending() override;
    void stopTransfer() override;
    void unpack();
    void extractArchive();
    // The temporary archive in the sandbox goes, whatever the outcome; nobody waits for the answer.
    void removeRemoteArchive();

    QPointer<BlaxelSandboxFiles> m_files;
    QString m_remoteFolder;
    QString m_remoteArchive;
    bool m_remoteWritten = false;
    QPointer<BlaxelSandboxCall> m_call;
};
