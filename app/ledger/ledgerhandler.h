#pragma once

#include "ledger/ledgerresult.h"

#include <functional>

// The ledger's answer to a caller: on the caller's (context's) thread, exactly once, unless the context is
// destroyed first (the ResultHandler rule of the api layer).
template <typename T> using LedgerHandler = std::function<void(const LedgerResult<T> &)>;
