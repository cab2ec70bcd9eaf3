#pragma once

#include "api/apiresult.h"
#include "api/executionlogchunk.h"
#include "api/executionstarted.h"
#include "api/executionstatus.h"

#include <QByteArray>

#include <utility>

// Readers of the execution endpoints' JSON. Tolerant where the schema has defaults (logs "" and cursor 0 when
// absent, unknown fields ignored), strict where a wrong value would make a follower lose, repeat or wait for
// ever: an unknown status word, logs that are not a string, a cursor that is negative, not a whole number,
// goes backwards or does not match the text that came with it are decode errors.
class ExecutionDecoder
{
public:
    static ApiResult<ExecutionStatus> status(const QByteArray &body);
    // `requestedCursor` is the cursor the request asked from: the reply's cursor must be it plus the raw log
    // bytes the text stands for.
    static ApiResult<ExecutionLogChunk> logChunk(const QByteArray &body, qint64 requestedCursor);
    static ApiResult<ExecutionStarted> started(const QByteArray &body);

    // How many raw log bytes `text` may stand for, as [least, most]: its own length, or less where the server
    // replaced invalid bytes of the script's output with U+FFFD (3 bytes for each 1 to 3 raw ones).
    static std::pair<qint64, qint64> rawLengthRange(const QByteArray &text);
};
