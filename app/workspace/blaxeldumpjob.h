#pragma once

#include "workspace/workspacedumpjob.h"

#include <QPointer>

#include <functional>
#include <memory>

class BlaxelSandboxCall;
class BlaxelSandboxFiles;

// Takes a Blaxel sandbox's workspace out: `tar -czf` of its working directory through the process API into a
// temporary archive -> GET it through the filesystem API, resuming with Range after a cut -> remove the
// temporary archive -> save it at the target, or extract it there safely with SafeExtractor. The target
// appears only when complete. With a remote path (absolute, inside the sandbox: a folder or one file) only
// that is packed, under its own name: the target then holds that one folder or file.
class BlaxelDumpJob final : public WorkspaceDumpJob
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelDumpJob)

public:
    BlaxelDumpJob(BlaxelSandboxFiles *files, Mode mode, const QString &targetPath, QObject *parent = nullptr,
                  const QString &remotePath = {});
    ~BlaxelDumpJob() override;

    void start() override;
    void cancel() override;
    TransferJob *clone(QObject *parent) const override;
    // Empty: the sandbox's working directory.
    QString remotePath() const { return m_remotePath; }

private:
    void packInSandbox();
    void download();
    void removeRemoteArchive();
    void stopTransfer() override;
    QString tarCommand() const;

    QPointer<BlaxelSandboxFiles> m_files;
    QString m_remotePath;
    QString m_archivePath;
    QString m_remoteArchive;
    bool m_remoteWritten = false;
    QPointer<BlaxelSandboxCall> m_call;
};
