#pragma once

#include <QString>

// The workspace the transfer benchmarks move: about 12,000 files and 218 MB laid out like a code base
// (40 x 10 folders of 30 files: 92% source-like text of 1..24 KiB that gzip shrinks 3-4 times, 8% binary
// of 8..120 KiB, plus an 8 MB binary and a 6 MB log), the same bytes on every machine.
class WorkspaceTree
{
public:
    static bool generate(const QString &root);
};
