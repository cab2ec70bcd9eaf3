#pragma once

#include <QDeadlineTimer>
#include <QList>
#include <QMimeData>
#include <QPointer>
#include <QString>

class WorkspaceDumpJob;

// What a drag out of the Files tab carries: the sandbox's files as local files, which do not exist yet when
// the drag starts. Their downloads run in the transfer queue from the drag's start; the list of files is
// given only when the drop asks for it, after the downloads ended, so a drop never receives a file that is
// not whole. Waiting for them keeps the event loop running (the window paints) and ends by a deadline: a drop
// that comes too early receives only what has arrived, and the rest stays in Transfers, to be dragged from
// there.
class FileDragOut final : public QMimeData
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FileDragOut)

public:
    // `folder`: the drag's own folder, where each of `jobs` lands its entry.
    FileDragOut(const QString &folder, const QList<WorkspaceDumpJob *> &jobs);

    QStringList formats() const override;
    QString folder() const { return m_folder; }
    QList<WorkspaceDumpJob *> jobs() const;
    bool allFinished() const;
    // The longest a drop waits for the downloads, counted from the first time it asks.
    static constexpr int maxWaitMs = 15000;

protected:
    QVariant retrieveData(const QString &mimeType, QMetaType type) const override;

private:
    void waitForDownloads() const;

    QString m_folder;
    QList<QPointer<WorkspaceDumpJob>> m_jobs;
    // One deadline for the whole drag: a drop target that asks at every move does not wait each time.
    mutable QDeadlineTimer m_deadline{QDeadlineTimer::Forever};
    mutable bool m_asked = false;
};
