#pragma once

#include "../models/seededrandom.h"

#include <QtGlobal>

// splitmix64 (nextRandom, shared with the model suites): fully specified, so generated inputs are the same on
// every machine and library version.
class BenchRandom
{
public:
    explicit BenchRandom(quint64 seed) : m_state(seed) {}

    quint64 next() { return nextRandom(m_state); }
    quint64 below(quint64 bound) { return next() % bound; }

private:
    quint64 m_state;
};
