#include "workspace/transferjob.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace {
constexpr qint64 speedWindowMs = 3000;
}

TransferJob::TransferJob(Direction direction, const QString &sandboxId, const QString &name, QObject *parent)
    : QObject(parent), m_direction(direction), m_sandboxId(sandboxId), m_name(name)
{
    m_clock.start();
}

void TransferJob::setState(State state)
{
    if (m_state == state || isFinished())
        return;
    // Each phase has its own byte count (packing, then uploading): speed starts over with it.
    m_samples.clear();
    m_state = state;
    emit stateChanged(state);
}

void TransferJob::setProgress(qint64 done, qint64 total)
{
    m_bytesDone = done;
    m_bytesTotal = total;
    const qint64 now = m_clock.elapsed();
    m_samples.append({now, done});
    while (m_samples.size() > 2 && now - m_samples.first().first > speedWindowMs)
        m_samples.removeFirst();
    emit progressChanged(done, total);
}

double TransferJob::bytesPerSecond() const
{
    if (m_samples.size() < 2 || isFinished())
        return 0;
    const auto &first = m_samples.first();
    const auto &last = m_samples.last();
    const qint64 elapsed = last.first - first.first;
    return elapsed > 0 ? double(last.second - first.second) * 1000.0 / double(elapsed) : 0;
}

qint64 TransferJob::secondsLeft() const
{
    const double speed = bytesPerSecond();
    if (speed <= 0 || m_bytesTotal <= 0)
        return -1;
    return qint64(double(m_bytesTotal - m_bytesDone) / speed);
}

QString TransferJob::stateText() const
{
    switch (m_state) {
    case State::Queued:
        return QCoreApplication::translate("TransferJob", "Queued");
    case State::Packing:
        return QCoreApplication::translate("TransferJob", "Packing");
    case State::Uploading:
        return QCoreApplication::translate("TransferJob", "Uploading");
    case State::Initializing:
        return QCoreApplication::translate("TransferJob", "Unpacking in sandbox");
    case State::Requesting:
        return QCoreApplication::translate("TransferJob", "Preparing");
    case State::Downloading:
        return QCoreApplication::translate("TransferJob", "Downloading");
    case State::Extracting:
        return QCoreApplication::translate("TransferJob", "Extracting");
    case State::Done:
        return QCoreApplication::translate("TransferJob", "Done");
    case State::Failed:
        return QCoreApplication::translate("TransferJob", "Failed");
    case State::Cancelled:
        return QCoreApplication::translate("TransferJob", "Cancelled");
    }
    return {};
}

void TransferJob::fail(const QString &errorText)
{
    if (isFinished())
        return;
    m_errorText = errorText;
    m_state = State::Failed;
    emit stateChanged(m_state);
    emit finished();
}

void TransferJob::succeed()
{
    if (isFinished())
        return;
    m_state = State::Done;
    emit stateChanged(m_state);
    emit finished();
}

void TransferJob::markCancelled()
{
    if (isFinished())
        return;
    m_state = State::Cancelled;
    emit stateChanged(m_state);
    emit finished();
}
