#pragma once

#include <QString>

// Why a ledger call failed. The message is a sentence a person can act on; it names the file, never a
// value that was being written.
struct LedgerError
{
    enum class Kind
    {
        NotOpen,      // no open() yet, or open() failed
        CannotOpen,   // folder or file cannot be created or opened, the SQLite driver is missing
        NotADatabase, // the file is something else; it was left as it is
        TooNew,       // written by a newer SandboxDeck; never downgraded
        Busy,         // another process held the write lock past the bound
        Storage,      // the disk said no: read-only, full, I/O error
        NotFound,     // no such run, operation or sandbox
        Invalid,      // the caller asked for something the ledger does not record
    };

    Kind kind = Kind::Storage;
    QString message;
};
