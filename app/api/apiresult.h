#pragma once

#include "api/apierror.h"

#include <optional>
#include <utility>

// Either a value or an ApiError: what every service call hands to its callback.
template <typename T> class ApiResult
{
public:
    ApiResult(T value) : m_value(std::move(value)) {}
    ApiResult(ApiError error) : m_error(std::move(error)) {}

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }
    const T &value() const { return *m_value; }
    T &value() { return *m_value; }
    const T *operator->() const { return &*m_value; }
    const ApiError &error() const { return m_error; }
    // The caller aborted the call (it is going, or asked for something else): nothing to say about it.
    bool wasCancelled() const { return !ok() && m_error.kind() == ApiError::Kind::Cancelled; }

private:
    std::optional<T> m_value;
    ApiError m_error;
};
