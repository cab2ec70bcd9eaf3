#pragma once

#include <QByteArray>
#include <QString>

// A file that holds a token or a signed URL (a run's URL map, .env and mcpServers files, a saved MCP client
// configuration, a dump of a server's data): written whole or not at all, and readable by its owner alone
// from the moment it exists, whatever the umask and whatever mode an older file of that name had.
class SecretFile
{
public:
    // Writes `bytes` to `path` (its folder must exist). Empty on success, else what went wrong.
    static QString write(const QString &path, const QByteArray &bytes);
};
