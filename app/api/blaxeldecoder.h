#pragma once

#include "api/apiresult.h"
#include "api/blaxelsandbox.h"
#include "api/blaxelsandboxlist.h"

#include <QByteArray>
#include <QJsonObject>
#include <QUrl>

// Tolerant readers of the Blaxel control plane's JSON (blaxel-notes.md): every field optional, unknown keys
// ignored, both list shapes ({data, meta} with the version header, a bare array without), the seed's older
// Sandbox shape. Remote input is hostile: texts, rows and entries are bounded, numbers out of any believable
// range are dropped, and a sandbox URL is kept as a URL only when it is https or http to this machine.
class BlaxelDecoder
{
public:
    static constexpr int maxRowsPerList = 10'000;
    static constexpr int maxEntriesPerField = 1'000; // labels, envs, ports, events, errors, volumes, ...
    static constexpr int maxTextLength = 4'096;      // one string field
    static constexpr int maxCursorLength = 4'096;

    static ApiResult<BlaxelSandboxList> sandboxList(const QByteArray &body);
    static ApiResult<BlaxelSandbox> sandbox(const QByteArray &body);

    static BlaxelSandbox readSandbox(const QJsonObject &object);
    // A URL the API named, if a request (or a browser) may go there: https, or plain http to this machine.
    static QUrl acceptedUrl(const QString &text);
    // `raw` with the values of secret environment variables and configurations replaced by
    // RemoteText::mask(): what a raw JSON view or `--json` output may show.
    static QJsonObject maskedSecrets(const QJsonObject &raw);
};
