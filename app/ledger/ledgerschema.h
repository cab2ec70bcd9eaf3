#pragma once

#include "ledger/ledgerresult.h"

class LedgerDatabase;

// The ledger's tables, as an ordered list of migration steps: step N takes a database from version N-1 to
// N (`PRAGMA user_version`), in one transaction. A step, once released, is never edited: a change is a new
// step. A database newer than the last step is refused, never downgraded.
class LedgerSchema
{
public:
    static int currentVersion();
    // Reads the version; fails with TooNew when this code does not know it. Writes nothing.
    static LedgerResult<int> check(LedgerDatabase &db);
    // Runs the missing steps. Two processes opening an old file at once both succeed: each step checks the
    // version again under the write lock.
    static LedgerStatus migrate(LedgerDatabase &db);
};
