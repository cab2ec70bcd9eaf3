#pragma once

// Waiting for the event loop rather than for the clock. What a test needs before it reads a count, a geometry
// or pixels is mostly work already posted to this thread (a queued signal or call, a worker's answer, a
// layout request after a size hint or a visibility changed), and a wait of some milliseconds only hopes it is
// done.

#include <QCoreApplication>
#include <QMetaObject>
#include <QTest>

#include <memory>

namespace PostedEvents {

// Returns once the event loop has handled every event posted to this thread before the call (the queue keeps
// their order), or false after `timeoutMs`.
inline bool handled(int timeoutMs = 10'000)
{
    auto reached = std::make_shared<bool>(false);
    QMetaObject::invokeMethod(
        QCoreApplication::instance(), [reached] { *reached = true; }, Qt::QueuedConnection);
    return QTest::qWaitFor([reached] { return *reached; }, timeoutMs);
}

// The layout passes owed now. Handling a layout request can post the next: a parent's after its child's size
// hint changed, then what depends on the new widths (a word-wrapped label's height, a scroll area's range).
inline bool layoutsSettled(int timeoutMs = 10'000)
{
    for (int pass = 0; pass < 3; ++pass)
        if (!handled(timeoutMs))
            return false;
    return true;
}

} // namespace PostedEvents
