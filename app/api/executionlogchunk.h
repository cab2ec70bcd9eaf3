#pragma once

#include "api/executionstatus.h"

#include <QByteArray>

// One reply of execution-logs: the log text after the cursor that was asked for (UTF-8 bytes exactly as the
// server sent them), the cursor to ask with next, and the status at the time of the reply. When the status is
// final and text is empty, the whole log has been read.
struct ExecutionLogChunk
{
    ExecutionStatus status = ExecutionStatus::Pending;
    QByteArray text;
    qint64 nextCursor = 0;
};
