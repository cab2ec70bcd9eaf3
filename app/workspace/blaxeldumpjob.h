#pragma once

#include "workspace/transferjob.h"

#include <QPointer>

#include <functional>
#include <memory>

class BlaxelSandboxCall;
class BlaxelSandboxFiles;
class SafeExtractor;

// Takes a Blaxel sandbox's workspace out: `tar -czf` of its working directory through the process API into a
// temporary archive -> GET it through the filesystem API, resuming with Range after a cut -> remove the
// temporary archive -> save it at the target, or extract it there safely with SafeExtractor. The target
// appears only when complete.
class BlaxelDumpJob final : public TransferJob
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelDumpJob)

public:
    enum class Mode
    {
        SaveArchive,
        Extract
    };

    BlaxelDumpJob(BlaxelSandboxFiles *files, Mode mode, const QString &targetPath, QObject *parent = nullptr);
    ~BlaxelDumpJob() override;

    Mode mode() const { return m_mode; }
    QString targetPath() const { return m_targetPath; }
    // How many times the download was resumed with Range after a cut.
    int resumeCount() const { return m_resumes; }

    void start() override;
    void cancel() override;
    TransferJob *clone(QObject *parent) const override;

private:
    void packInSandbox();
    void download();
    void removeRemoteArchive();
    void save();
    void extract();
    void stopTransfer() override;

    QPointer<BlaxelSandboxFiles> m_files;
    Mode m_mode;
    QString m_targetPath;
    QString m_archivePath;
    QString m_remoteArchive;
    bool m_remoteWritten = false;
    QPointer<BlaxelSandboxCall> m_call;
    SafeExtractor *m_extractor = nullptr;
    int m_resumes = 0;
};
