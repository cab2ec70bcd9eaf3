#include "api/executionstatus.h"

using namespace Qt::StringLiterals;

namespace ExecutionStatusWords {

std::optional<ExecutionStatus> fromWord(const QString &word)
{
    if (word == "pending"_L1)
        return ExecutionStatus::Pending;
    if (word == "running"_L1)
        return ExecutionStatus::Running;
    if (word == "completed"_L1)
        return ExecutionStatus::Completed;
    if (word == "failed"_L1)
        return ExecutionStatus::Failed;
    return std::nullopt;
}

QString word(ExecutionStatus status)
{
    switch (status) {
    case ExecutionStatus::Pending:
        return u"pending"_s;
    case ExecutionStatus::Running:
        return u"running"_s;
    case ExecutionStatus::Completed:
        return u"completed"_s;
    case ExecutionStatus::Failed:
        return u"failed"_s;
    }
    return {};
}

} // namespace ExecutionStatusWords
