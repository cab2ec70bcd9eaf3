#pragma once

#include "workspace/transferjob.h"

#include <QString>

class QFileDevice;

// What a failed write on this machine means. A disk that fills up makes write() return short without
// setting errno, so QFileDevice says "Unknown error": the free space of the file's disk tells the real
// reason.
namespace DiskSpace {

// Less than a mebibyte left on the disk holding `path` (a file or folder, existing or not yet).
bool isNearlyFull(const QString &path);
struct WriteFailure
{
    QString text;
    TransferJob::FailureKind kind;
};
// "No space left on device: …" and DiskFull when the disk of `file` is full, else the file's own error
// text and Local.
WriteFailure writeFailure(const QFileDevice &file);

} // namespace DiskSpace
