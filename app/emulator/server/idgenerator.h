#pragma once

#include <QList>
#include <QString>

#include <random>

namespace Emulator {

// Every identifier and random choice of the emulator's data comes from here, so one seed gives the same
// sandboxes, ids and contents on every run and every machine.
class IdGenerator
{
public:
    explicit IdGenerator(quint64 seed);

    QString uuid();         // UUID v4 shape
    QString hex(int bytes); // lower-case hex of `bytes` random bytes
    int bounded(int end);   // 0 <= n < end
    double unit();          // 0 <= x < 1
    template <typename T> const T &pick(const QList<T> &list) { return list.at(bounded(int(list.size()))); }

private:
    std::mt19937_64 m_engine;
};

} // namespace Emulator
