#pragma once

// Whose sandbox a record is about. Stored words ("klavis", "klavis-local", "blaxel"): LedgerWords.
enum class LedgerProvider
{
    Klavis,
    KlavisLocal,
    Blaxel,
};
