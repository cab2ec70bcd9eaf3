#pragma once

#include <QDateTime>
#include <QList>

namespace Emulator {

class IdGenerator;
struct LocalSandbox;
struct RemoteSandbox;

// The account a fresh emulator shows: about 40 hosted sandboxes over a dozen servers (idle, occupied, one or
// two in error) and three local sandboxes, one with a small workspace. Everything comes from the seed; times
// are relative to `now`, so ages look natural whenever the emulator starts.
class SeedData
{
public:
    static QList<RemoteSandbox> remoteSandboxes(IdGenerator &ids, const QDateTime &now);
    static QList<LocalSandbox> localSandboxes(IdGenerator &ids, const QDateTime &now);

    // Credentials and settings a sandbox of `serverName` carries (fresh ones on every acquire).
    static void fillSecrets(RemoteSandbox &sandbox, IdGenerator &ids, const QDateTime &now);
    static QString testAccountEmail(const QString &serverName, int number);
};

} // namespace Emulator
