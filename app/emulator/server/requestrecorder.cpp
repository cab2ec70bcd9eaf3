#include "emulator/server/requestrecorder.h"

#include <algorithm>

namespace Emulator {

void RequestRecorder::setKeepLast(qsizetype keepLast)
{
    QList<RecordedRequest> kept = requests();
    m_keepLast = std::max<qsizetype>(0, keepLast);
    const qsizetype excess = std::max<qsizetype>(0, kept.size() - m_keepLast);
    kept.remove(0, excess);
    m_dropped += excess;
    m_ring = kept;
    m_oldest = 0;
}

void RequestRecorder::record(const RecordedRequest &request)
{
    if (m_keepLast <= 0)
        return;
    if (m_ring.size() < m_keepLast) {
        m_ring.append(request);
        return;
    }
    m_ring[m_oldest] = request;
    m_oldest = (m_oldest + 1) % m_ring.size();
    ++m_dropped;
}

QList<RecordedRequest> RequestRecorder::requests() const
{
    QList<RecordedRequest> inOrder;
    inOrder.reserve(m_ring.size());
    inOrder.append(m_ring.mid(m_oldest));
    inOrder.append(m_ring.mid(0, m_oldest));
    return inOrder;
}

void RequestRecorder::clear()
{
    m_ring.clear();
    m_oldest = 0;
    m_dropped = 0;
}

} // namespace Emulator
