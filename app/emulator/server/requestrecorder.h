#pragma once

#include "emulator/server/recordedrequest.h"

#include <QList>

namespace Emulator {

// The requests one origin received, for tests and the control endpoint. Off unless turned on, and then only
// the newest `keepLast`: a demo that runs for days must not grow with every poll.
class RequestRecorder
{
public:
    static constexpr qsizetype defaultKeepLast = 10'000;

    // 0 turns recording off. What is kept already stays, the oldest dropped where it no longer fits.
    void setKeepLast(qsizetype keepLast);
    qsizetype keepLast() const { return m_keepLast; }
    bool isRecording() const { return m_keepLast > 0; }

    void record(const RecordedRequest &request);
    QList<RecordedRequest> requests() const; // oldest first
    // Recorded and then pushed out by newer ones since the last clear().
    qint64 dropped() const { return m_dropped; }
    void clear();

private:
    qsizetype m_keepLast = 0;
    QList<RecordedRequest> m_ring;
    qsizetype m_oldest = 0; // index of the oldest request once the ring is full
    qint64 m_dropped = 0;
};

} // namespace Emulator
