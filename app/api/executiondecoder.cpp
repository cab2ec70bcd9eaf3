#include "api/executiondecoder.h"

#include "api/jsonreply.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

ApiResult<ExecutionStatus> readStatus(const QJsonObject &object, const QByteArray &body)
{
    const QJsonValue value = object.value("status"_L1);
    if (!value.isString())
        return ApiError::decode(
            QCoreApplication::translate("ExecutionDecoder", "the reply has no `status` word"), body);
    const auto status = ExecutionStatusWords::fromWord(value.toString());
    if (!status)
        // The word itself is the server's: it goes through the excerpt of the body, not into the sentence.
        return ApiError::decode(
            QCoreApplication::translate("ExecutionDecoder",
                                        "the reply's `status` is not pending, running, completed or failed"),
            body);
    return *status;
}

} // namespace

ApiResult<ExecutionStatus> ExecutionDecoder::status(const QByteArray &body)
{
    const auto parsed = JsonReply::object(body);
    if (!parsed)
        return parsed.error();
    return readStatus(parsed.value(), body);
}

std::pair<qint64, qint64> ExecutionDecoder::rawLengthRange(const QByteArray &text)
{
    static const QByteArray replacement = QByteArrayLiteral("\xEF\xBF\xBD");
    const qint64 replacements = text.count(replacement);
    return {text.size() - 2 * replacements, text.size()};
}

ApiResult<ExecutionLogChunk> ExecutionDecoder::logChunk(const QByteArray &body, qint64 requestedCursor)
{
    const auto parsed = JsonReply::object(body);
    if (!parsed)
        return parsed.error();
    const QJsonObject &object = parsed.value();
    ExecutionLogChunk chunk;
    const auto status = readStatus(object, body);
    if (!status)
        return status.error();
    chunk.status = status.value();

    const QJsonValue logs = object.value("logs"_L1);
    if (logs.isString())
        chunk.text = logs.toString().toUtf8();
    else if (!logs.isUndefined())
        return ApiError::decode(
            QCoreApplication::translate("ExecutionDecoder", "the reply's `logs` is not a string"), body);

    const QJsonValue cursor = object.value("cursor"_L1);
    if (cursor.isUndefined()) {
        chunk.nextCursor = 0;
    } else {
        const double number = cursor.isDouble() ? cursor.toDouble() : -1;
        // 2^53: past it a double no longer holds every whole number, and no log is that long.
        if (number < 0 || number != std::floor(number) || number > 9.0e15)
            return ApiError::decode(
                QCoreApplication::translate("ExecutionDecoder",
                                            "the reply's `cursor` is not a whole number of bytes"),
                body);
        chunk.nextCursor = qint64(number);
    }
    if (chunk.nextCursor < requestedCursor)
        return ApiError::decode(
            QCoreApplication::translate("ExecutionDecoder",
                                        "the reply's cursor %1 goes back before the cursor asked for (%2)")
                .arg(chunk.nextCursor)
                .arg(requestedCursor),
            body);
    const qint64 advance = chunk.nextCursor - requestedCursor;
    const auto [least, most] = rawLengthRange(chunk.text);
    if (advance < least || advance > most)
        return ApiError::decode(
            QCoreApplication::translate("ExecutionDecoder",
                                        "the reply's cursor moved %1 bytes but came with %2 bytes of log")
                .arg(advance)
                .arg(chunk.text.size()),
            body);
    return chunk;
}

ApiResult<ExecutionStarted> ExecutionDecoder::started(const QByteArray &body)
{
    const auto parsed = JsonReply::object(body);
    if (!parsed)
        return parsed.error();
    ExecutionStarted started;
    started.message = parsed.value().value("message"_L1).toString();
    started.executionName = parsed.value().value("execution_name"_L1).toString();
    return started;
}
