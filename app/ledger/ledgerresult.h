#pragma once

#include "ledger/ledgererror.h"

#include <optional>
#include <utility>

// What a write that has nothing to return answers on success.
struct LedgerDone
{
};

// Either a value or a LedgerError: what every RunLedger call returns (the shape of ApiResult).
template <typename T> class LedgerResult
{
public:
    // A result nobody filled in (a call that never ran because the ledger shut down) is an error.
    LedgerResult() : m_error{LedgerError::Kind::NotOpen, QStringLiteral("The run ledger was closed.")} {}
    LedgerResult(T value) : m_value(std::move(value)) {}
    LedgerResult(LedgerError error) : m_error(std::move(error)) {}

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }
    const T &value() const { return *m_value; }
    T &value() { return *m_value; }
    const T *operator->() const { return &*m_value; }
    const LedgerError &error() const { return m_error; }

private:
    std::optional<T> m_value;
    LedgerError m_error;
};

using LedgerStatus = LedgerResult<LedgerDone>;
