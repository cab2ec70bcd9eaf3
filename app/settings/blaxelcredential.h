#pragma once

#include <QString>
#include <QUrl>

// A Blaxel workspace and its key as the `bl` CLI's configuration or the environment hold them: what an
// import can turn into a profile. The key is a secret: it is never logged or put into a sentence, and
// shown only as BlaxelConfigImport::maskedKey() gives it.
struct BlaxelCredential
{
    enum class Source
    {
        ConfigFile,  // ~/.blaxel/config.yaml
        Environment, // BL_API_KEY (with BL_WORKSPACE or the CLI's current workspace)
    };
    enum class KeyKind
    {
        ApiKey,
        // An OAuth access token from `bl login`, taken only when the workspace has no API key: it expires
        // (within hours), and we do not refresh it.
        AccessToken,
    };

    QString workspace;
    QString key;
    KeyKind keyKind = KeyKind::ApiKey;
    Source source = Source::ConfigFile;
    QUrl baseUrl;                  // BlaxelHosts::defaultBaseUrl(), or BL_API_URL
    bool isCurrentContext = false; // the CLI's current workspace (context.workspace, or BL_WORKSPACE)

    friend bool operator==(const BlaxelCredential &, const BlaxelCredential &) = default;
};
