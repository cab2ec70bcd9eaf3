#pragma once

#include "runs/runsandbox.h"

#include <QByteArray>
#include <QList>
#include <QString>

// What an agent harness reads to find a run's sandboxes: a JSON URL map, a .env file and one mcpServers
// config per sandbox (McpClientConfig). Every file is written through QSaveFile: a reader never sees half of
// one, and a failed write leaves the old file as it was.
//
// The one home of how a sandbox is named in them (key()): a Klavis sandbox is SERVER_N ("github_3": the
// third github of the run), a server of a local sandbox is local_S_N_SERVER ("local_1_2_git": git in the
// second sandbox of the first --local set). Characters other than letters and digits become '_'. The .env
// variable is the key in upper case, then MCP_URL after an underscore (GITHUB_3_MCP_URL,
// LOCAL_1_2_GIT_MCP_URL).
class RunExporter
{
public:
    static QString key(const RunSlot &slot, const QString &server);
    static QString variableName(const RunSlot &slot, const QString &server);
    // The file name (without folder) of a sandbox's mcpServers config: github_3.json, local_1_2.json.
    static QString configFileName(const RunSlot &slot);

    // Only held sandboxes are exported; URLs that are not http(s) or carry control characters are left out
    // (remote input), and so named in `skipped` when given.
    static QByteArray urlMap(const QString &runName, const QList<RunSandbox> &sandboxes,
                             QStringList *skipped = nullptr);
    static QByteArray envFile(const QString &runName, const QList<RunSandbox> &sandboxes);

    // Each returns an error sentence, empty on success.
    static QString writeUrlMap(const QString &path, const QString &runName,
                               const QList<RunSandbox> &sandboxes);
    static QString writeEnvFile(const QString &path, const QString &runName,
                                const QList<RunSandbox> &sandboxes);
    // One <configFileName> per held sandbox in `folder` (created when missing).
    static QString writeMcpConfigs(const QString &folder, const QList<RunSandbox> &sandboxes);
    static QString writeAtomically(const QString &path, const QByteArray &bytes);

private:
    static bool isExportable(const QString &url);
};
