#pragma once

#include "api/apiresult.h"

#include <functional>

// Service calls take a context QObject and one of these. The handler runs on the context's thread,
// exactly once, unless the context is destroyed first: then the call is aborted and it never runs.
template <typename T> using ResultHandler = std::function<void(const ApiResult<T> &)>;
