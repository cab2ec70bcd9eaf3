#pragma once

#include "workspace/extractionlimits.h"

#include <QString>

class ExtractEntryPath;

// What one extraction may still expand to. Declared sizes count before a byte is written, data a sparse
// map places beyond them counts as it comes, and so does the data of skipped entries, which the tar reader
// decompresses all the same. Each check answers "" or the sentence the extraction fails with.
class ExtractBudget
{
public:
    explicit ExtractBudget(const ExtractionLimits &limits);

    // A file's declared size, before anything is written for it.
    QString claim(const ExtractEntryPath &path, qint64 declared);
    // A data block of the file at `offset`: counts what goes past `*counted`, this file's bytes so far.
    QString reach(const ExtractEntryPath &path, qint64 offset, qint64 size, qint64 *counted);
    // The data of an entry that is skipped.
    QString skipData(qint64 size);
    // A hard link copied where the file system has none: the most it may copy, and the sentence past that.
    qint64 copyAllowance() const;
    QString copyRefusal(const ExtractEntryPath &path) const;
    void addCopied(qint64 bytes) { m_expandedBytes += bytes; }

private:
    QString tooLargeMessage(const ExtractEntryPath &path) const;
    QString tooMuchMessage() const;

    qint64 m_maxEntryBytes;
    qint64 m_maxTotalBytes;
    qint64 m_expandedBytes = 0;
};
