#pragma once

#include <QtGlobal>

// Caps applied by SafeExtractor. The defaults are sized for real workspaces (a dump of a sandbox with a
// toolchain and a node_modules folder stays well below them); a hostile archive hits them long before it
// can fill the disk or exhaust inodes.
struct ExtractionLimits
{
    static constexpr qint64 GiB = qint64(1) << 30;

    qint64 maxTotalBytes = 20 * GiB; // bytes actually written, plus data of skipped entries
    qint64 maxEntryBytes = 8 * GiB;  // one file, declared or written
    qint64 maxEntries = 1'000'000;   // every header counts, skipped ones too
    int maxPathBytes = 4096;         // whole relative path, UTF-8 bytes (Linux PATH_MAX)
    int maxNameBytes = 255;          // one path component (NAME_MAX)
    // Symbolic links are remembered until every file is written, so their number bounds memory.
    qint64 maxLinks = 100'000;
};
