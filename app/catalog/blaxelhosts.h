#pragma once

#include <QString>
#include <QUrl>

// The one home of the Blaxel control-plane facts: its API root and the API version we speak.
class BlaxelHosts
{
public:
    // https://api.blaxel.ai/v0: the default base URL of a Blaxel profile and of `sandboxdeck-cli blaxel`.
    static QUrl defaultBaseUrl();
    // https to the default host, on its port: where a key from BL_API_KEY may go without being asked.
    static bool isOfficial(const QUrl &baseUrl);
    // The Blaxel-Version header's value: without it the service answers in its earliest stable version.
    static QString apiVersion();
};
