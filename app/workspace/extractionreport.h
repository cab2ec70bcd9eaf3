#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>

// The one result of an extraction. On failure nothing is left on disk, so the counters only tell how far
// it went before it stopped.
struct ExtractionReport
{
    bool ok = false;
    bool cancelled = false;
    QString error; // a sentence a person can act on, naming the entry; empty when ok
    qint64 filesWritten = 0;
    qint64 dirsCreated = 0;
    qint64 linksCreated = 0;
    qint64 bytesWritten = 0;
    // "path: why" for entries deliberately not extracted: links out of the tree, hard links to anything but
    // a file extracted before them, devices, ... A caller that shows success must show these too.
    QStringList skipped;
};

Q_DECLARE_METATYPE(ExtractionReport)
