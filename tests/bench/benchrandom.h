#pragma once

#include <QtGlobal>

// splitmix64: fully specified, so generated inputs are the same on every machine and library version.
class BenchRandom
{
public:
    explicit BenchRandom(quint64 seed) : m_state(seed) {}

    quint64 next()
    {
        quint64 z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    quint64 below(quint64 bound) { return next() % bound; }

private:
    quint64 m_state;
};
