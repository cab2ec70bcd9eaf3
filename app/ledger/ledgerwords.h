#pragma once

#include "ledger/ledgeroperation.h"
#include "ledger/ledgerprovider.h"
#include "ledger/ledgerrun.h"
#include "ledger/ledgersandbox.h"

#include <QString>

#include <optional>

// The one home of the words the ledger stores for its enums. They are the database's format: renaming one
// is a migration, not an edit here. An unknown word reads back as nullopt (a newer writer's kind).
class LedgerWords
{
public:
    static QString word(LedgerRunState state);
    static QString word(LedgerProvider provider);
    static QString word(LedgerRelease release);
    static QString word(LedgerOperationKind kind);
    static QString word(LedgerOperationState state);

    static std::optional<LedgerRunState> runState(const QString &word);
    static std::optional<LedgerProvider> provider(const QString &word);
    static std::optional<LedgerRelease> release(const QString &word);
    static std::optional<LedgerOperationKind> operationKind(const QString &word);
    static std::optional<LedgerOperationState> operationState(const QString &word);
};
