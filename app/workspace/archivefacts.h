#pragma once

#include <QMetaType>
#include <QString>

#include <atomic>

// What the ledger keeps of a transferred workspace archive: its SHA-256 and size, and the regular files it
// holds. Whoever has the bytes in hand computes them (the packer as it writes, a dump as it downloads); a
// file that is only on disk is measured here, once, on a worker.
struct ArchiveFacts
{
    QString sha256; // lowercase hex; empty while unknown
    qint64 bytes = 0;
    qint64 fileCount = -1; // regular files; -1 while unknown, or when the archive could not be walked

    // Reads `path` once, so only on a worker: every byte is hashed and, with `countFiles`, the same bytes go
    // through libarchive's header walk. An archive the walk cannot finish (damaged, or past
    // ExtractionLimits' entries and total size: a gzip bomb would keep a worker busy for nothing) is still
    // hashed whole, its count left unknown. `stop` is polled between blocks; a stopped measure knows
    // nothing.
    static ArchiveFacts measure(const QString &path, bool countFiles, const std::atomic_bool &stop);
};

Q_DECLARE_METATYPE(ArchiveFacts)
