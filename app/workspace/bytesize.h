#pragma once

#include <QLocale>
#include <QString>

// How a byte count reads to a person, the same in the Transfers view, the CLI and the jobs' messages.
namespace ByteSize {

// "4.0 MB" (1024-based units, one decimal) in `locale`; empty for a negative count, which means unknown.
QString text(qint64 bytes, const QLocale &locale = QLocale());

} // namespace ByteSize
