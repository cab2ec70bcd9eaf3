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
    QStringList skipped; // "path: why" for entries deliberately not extracted (links, devices, ...)
};

Q_DECLARE_METATYPE(ExtractionReport)
