#include "session/filedragout.h"

#include "workspace/workspacedumpjob.h"

#include <QEventLoop>
#include <QTimer>
#include <QUrl>

using namespace Qt::StringLiterals;

FileDragOut::FileDragOut(const QString &folder, const QList<WorkspaceDumpJob *> &jobs) : m_folder(folder)
{
    for (WorkspaceDumpJob *job : jobs)
        m_jobs.append(job);
}

QStringList FileDragOut::formats() const
{
    return {u"text/uri-list"_s};
}

QList<WorkspaceDumpJob *> FileDragOut::jobs() const
{
    QList<WorkspaceDumpJob *> alive;
    for (const auto &job : m_jobs) {
        if (job)
            alive.append(job);
    }
    return alive;
}

bool FileDragOut::allFinished() const
{
    const QList<WorkspaceDumpJob *> alive = jobs();
    return std::all_of(alive.cbegin(), alive.cend(),
                       [](const WorkspaceDumpJob *job) { return job->isFinished(); });
}

void FileDragOut::waitForDownloads() const
{
    if (!m_asked) {
        m_asked = true;
        m_deadline = QDeadlineTimer(maxWaitMs);
    }
    if (allFinished() || m_deadline.hasExpired())
        return;
    QEventLoop loop;
    for (WorkspaceDumpJob *job : jobs()) {
        connect(job, &TransferJob::finished, &loop, [this, &loop] {
            if (allFinished())
                loop.quit();
        });
        // A retry replaces the job: this drag's copy of it is gone, and waiting for it would wait in vain.
        connect(job, &QObject::destroyed, &loop, [this, &loop] {
            if (allFinished())
                loop.quit();
        });
    }
    QTimer::singleShot(m_deadline.remainingTime(), &loop, &QEventLoop::quit);
    // The person is dropping: their clicks wait until the drop has its answer, the window still paints.
    loop.exec(QEventLoop::ExcludeUserInputEvents);
}

QVariant FileDragOut::retrieveData(const QString &mimeType, QMetaType type) const
{
    Q_UNUSED(type) // a byte list of URLs converts to any type a uri-list is asked as
    if (mimeType != u"text/uri-list"_s)
        return {};
    waitForDownloads();
    QByteArray list;
    for (const WorkspaceDumpJob *job : jobs()) {
        if (job->state() == TransferJob::State::Done && job->landed())
            list += QUrl::fromLocalFile(job->landingPath()).toEncoded() + "\r\n";
    }
    return list;
}
