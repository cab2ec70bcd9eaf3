#pragma once

// Whose sandbox a record is about. Stored words ("klavis", "klavis-local", "blaxel", "klavis-universe"):
// LedgerWords.
enum class LedgerProvider
{
    Klavis,
    KlavisLocal,
    Blaxel,
    // An instance of a Klavis universe: its id is the instance id, its servers the universe's services, its
    // benchmark the universe's id (what its data was seeded from, as a benchmark seeds a sandbox's).
    KlavisUniverse,
};
