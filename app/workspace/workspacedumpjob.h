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
    // For Extract into a staging folder: once extracted, the staging folder's entry named as `destination`'s
    // last part moves to `destination` and the staging folder goes. Part of the job, so that a retry (a
    // clone) lands too. A name taken meanwhile is not replaced: the download then stays whole in the staging
    // folder (the result path), and the job still succeeds.
    void setLandingPath(const QString &destination) { m_landingPath = destination; }
    QString landingPath() const { return m_landingPath; }
    // True once a Done job with a landing path moved its entry there.
    bool landed() const
    {
        return state() == State::Done && !m_landingPath.isEmpty() && resultPath() == m_landingPath;
    }

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
    // The result path after an extraction: the landing path when the entry moved there, else the target.
    QString land();

    Mode m_mode;
    QString m_targetPath;
    QString m_landingPath;
    SafeExtractor *m_extractor = nullptr;
    bool m_moving = false;
    int m_resumes = 0;
};
