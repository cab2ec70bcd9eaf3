#pragma once

#include "settings/blaxelcredential.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

// What a look at the Blaxel CLI's configuration and the environment found.
struct BlaxelConfigScan
{
    QList<BlaxelCredential> credentials;
    // Sentences for the user: a file that is not YAML or too large, a workspace without a usable key, a
    // BL_API_URL that is refused. None of them quotes a key.
    QStringList problems;
    // The CLI's current workspace: BL_WORKSPACE, else the file's context.workspace; empty when none.
    QString currentWorkspace;
    bool configFileFound = false;
};

// Reads the workspaces and keys the `bl` CLI keeps in ~/.blaxel/config.yaml (context.workspace and
// workspaces[] {name, credentials {apiKey | access_token}}) and the environment's BL_API_KEY, BL_WORKSPACE
// and BL_API_URL, so that Settings can offer them as Blaxel profiles.
//
// Both are hostile input: the file is read only when it is a regular file of at most maxConfigBytes, at
// most maxWorkspaces entries are read, every field is optional and unknown keys are ignored, workspace
// names must pass ProfileStore::workspaceProblem(), keys ApiKeyPolicy, and a URL UrlPolicy (https, or http
// to this machine).
class BlaxelConfigImport
{
    Q_DECLARE_TR_FUNCTIONS(BlaxelConfigImport)

public:
    static constexpr qint64 maxConfigBytes = qint64(1024) * 1024;
    static constexpr int maxWorkspaces = 100;

    // ~/.blaxel/config.yaml
    static QString defaultConfigPath();

    // The file and the environment together, as the CLI sees them: BL_WORKSPACE picks the current
    // workspace, BL_API_URL applies to every workspace, and the environment's key comes first (it wins
    // over the file's for the same workspace and URL). A missing file is no problem.
    static BlaxelConfigScan scan(const QString &configPath, const QProcessEnvironment &environment);

    // One file; `baseUrl` is where its workspaces' keys go.
    static BlaxelConfigScan readConfigFile(const QString &path, const QUrl &baseUrl);
    static BlaxelConfigScan parseConfig(const QByteArray &yaml, const QUrl &baseUrl);

    // The last four characters behind dots ("••••3f9a"), or only dots for a key too short to show any:
    // enough to tell two keys apart, not enough to use one.
    static QString maskedKey(const QString &key);
};
