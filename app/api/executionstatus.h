#pragma once

#include <QString>

#include <optional>

// Where one execution in a local sandbox is: the API's four words. Completed and Failed are final.
enum class ExecutionStatus
{
    Pending,
    Running,
    Completed,
    Failed
};

namespace ExecutionStatusWords {

// The API's word ("running"); nullopt for any other word, which a decoder refuses: a client that cannot tell
// whether an execution has ended must not guess (it would stop early or follow for ever).
std::optional<ExecutionStatus> fromWord(const QString &word);
QString word(ExecutionStatus status);
inline bool isFinal(ExecutionStatus status)
{
    return status == ExecutionStatus::Completed || status == ExecutionStatus::Failed;
}

} // namespace ExecutionStatusWords
