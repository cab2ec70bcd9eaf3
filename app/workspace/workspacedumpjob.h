#pragma once

#include "workspace/transferjob.h"

class SafeExtractor;

// The end every workspace dump shares, whichever provider sent it: once the whole archive is on this machine,
// "Save dump as…" puts it at the target and "Extract dump to…" unpacks it there with SafeExtractor (into a
// staging folder, with a report of what it left out). The target appears only when complete.
class WorkspaceDumpJob : public TransferJob
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WorkspaceDumpJob)

public:
    enum class Mode
    {
        SaveArchive,
        Extract
    };

    ~WorkspaceDumpJob() override;

    Mode mode() const { return m_mode; }
    QString targetPath() const { return m_targetPath; }
    // How many times the download was resumed with Range after a cut.
    int resumeCount() const { return m_resumes; }

protected:
    WorkspaceDumpJob(const QString &sandboxId, Mode mode, const QString &targetPath, QObject *parent);

    void setResumeCount(int resumes) { m_resumes = resumes; }
    // For Extract, a target that is not a new or empty folder fails the job before any work: false then.
    bool acceptTarget();
    // The whole archive is at `archivePath`: at the target already (saved there), or in the temporary folder
    // to be moved there (on a worker, once it proves a .tar.gz) or extracted there. The job ends from here.
    void deliver(const QString &archivePath);
    // For cancel(): true while the archive moves to or is extracted at the target, whose end then ends the
    // job (a running extraction is cancelled; a move is too late to stop).
    bool cancelDelivery();

private:
    // deliver() once the archive's facts are known.
    void deliverMeasured(const QString &archivePath);
    void moveToTarget(const QString &archivePath);
    void extract(const QString &archivePath);

    Mode m_mode;
    QString m_targetPath;
    SafeExtractor *m_extractor = nullptr;
    bool m_moving = false;
    int m_resumes = 0;
};
