#pragma once

#include <QtGlobal>

// Caps applied by SafeExtractor. The defaults are sized for real workspaces (a dump of a sandbox with a
// toolchain and a node_modules folder stays well below them); a hostile archive hits them long before it
// can fill the disk or exhaust inodes.
struct ExtractionLimits
{
    static constexpr qint64 GiB = qint64(1) << 30;

    // Sizes count as declared, before any data is written (a sparse file by the size it describes).
    qint64 maxTotalBytes = 20 * GiB; // every file, plus data of skipped entries
    qint64 maxEntryBytes = 8 * GiB;  // one file
    // Every header counts, skipped ones too; folders made on the way are capped at the same number.
    qint64 maxEntries = 1'000'000;
    int maxPathBytes = 4096; // whole relative path, UTF-8 bytes (Linux PATH_MAX)
    int maxNameBytes = 255;  // one path component (NAME_MAX)
    // Symbolic links are remembered until every file is written, so their number bounds memory.
    qint64 maxLinks = 100'000;
    int maxDepth = 256; // components of one path: real trees stay far below it
};
