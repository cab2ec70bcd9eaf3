#pragma once

#include "workspace/transferjob.h"

#include <QPointer>
#include <QStringList>

#include <functional>
#include <memory>

class BlaxelSandboxCall;
class BlaxelSandboxFiles;
class QTemporaryDir;
class WorkspaceArchiver;

// Puts a workspace into a Blaxel sandbox: pack with our parallel packer (or take a dropped .tar.gz as it is)
// -> PUT the archive through the sandbox's filesystem API to a temporary path -> `tar -xzf` through its
// process API in the sandbox's working directory -> remove the temporary archive. A command that exits
// non-zero fails the job with the end of its log. resultPath() is the working directory the sandbox named.
class BlaxelUploadJob final : public TransferJob
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelUploadJob)

public:
    BlaxelUploadJob(BlaxelSandboxFiles *files, const QStringList &sources, QObject *parent = nullptr);
    ~BlaxelUploadJob() override;

    QStringList sources() const { return m_sources; }
    // The archive's temporary path in the sandbox (set once the upload starts).
    QString remoteArchivePath() const { return m_remoteArchive; }
    void start() override;
    void cancel() override;
    TransferJob *clone(QObject *parent) const override;

private:
    void pack();
    void upload();
    void unpack();
    // The temporary archive in the sandbox goes, whatever the outcome; nobody waits for the answer.
    void removeRemoteArchive();
    void cleanUp();
    void cleanUpThen(std::function<void()> end);

    QPointer<BlaxelSandboxFiles> m_files;
    QStringList m_sources;
    std::unique_ptr<QTemporaryDir> m_tempDir;
    WorkspaceArchiver *m_archiver = nullptr;
    QString m_archivePath;
    QString m_remoteArchive;
    bool m_remoteWritten = false;
    QPointer<BlaxelSandboxCall> m_call;
    bool m_cancelled = false;
};
