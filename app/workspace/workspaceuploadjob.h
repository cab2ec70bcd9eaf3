#pragma once

#include "api/workspacelimits.h"
#include "workspace/transferjob.h"

#include <QList>
#include <QPair>
#include <QStringList>

class WorkspaceArchiver;

// The start every workspace upload shares, whichever provider receives it: nothing to upload is refused; a
// single dropped .tar.gz goes as it is once it proves to be one; anything else is packed with
// WorkspaceArchiver into the job's temporary folder first. Then send() hands the archive to the provider.
// It also owns the cancel: a running packer is stopped, otherwise the subclass aborts what it sends.
class WorkspaceUploadJob : public TransferJob
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WorkspaceUploadJob)

public:
    ~WorkspaceUploadJob() override;

    QStringList sources() const { return m_sources; }
    // What the provider says one upload may hold: a workspace past it is refused after the count, before
    // it is packed or sent.
    void setLimits(const WorkspaceLimits &limits) { m_limits = limits; }
    WorkspaceLimits limits() const { return m_limits; }
    void start() final;
    void cancel() final;

protected:
    WorkspaceUploadJob(const QString &sandboxId, const QStringList &sources, QObject *parent);

    // The archive to send: the packed one in the temporary folder, or the dropped one itself.
    QString archivePath() const { return m_archivePath; }
    // The progress weights of the phases, for an archive sent as it is or one packed first.
    virtual QList<QPair<State, double>> phaseWeights(bool packed) const = 0;
    // Why this job cannot send at all (its connection is gone): asked before packing for nothing.
    virtual QString cannotSend() const { return {}; }
    virtual void send() = 0;
    // cancel() past the packing: abort what is under way and clear up after it on the provider's side.
    virtual void abortSending() = 0;

private:
    void pack();

    QStringList m_sources;
    WorkspaceLimits m_limits;
    QString m_archivePath;
    WorkspaceArchiver *m_archiver = nullptr;
};
