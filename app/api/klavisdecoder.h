#pragma once

#include "api/acquiredsandbox.h"
#include "api/apiresult.h"
#include "api/localsandbox.h"
#include "api/localsandboxlist.h"
#include "api/sandboxactionresult.h"
#include "api/sandboxdetails.h"
#include "api/sandboxlist.h"
#include "api/signedurl.h"

#include <QByteArray>
#include <QJsonObject>

// Tolerant readers of the Klavis API's JSON: unknown fields are ignored, every historical shape of the
// API notes is read (server_url vs server_urls, tags as list or object, open status strings), and a
// body of the wrong shape becomes an ApiError, never a crash.
class KlavisDecoder
{
public:
    static ApiResult<SandboxList> sandboxList(const QByteArray &body);
    static ApiResult<SandboxDetails> sandboxDetails(const QByteArray &body);
    static ApiResult<AcquiredSandbox> acquiredSandbox(const QByteArray &body);
    static ApiResult<SandboxActionResult> actionResult(const QByteArray &body);
    static ApiResult<LocalSandbox> localSandbox(const QByteArray &body);
    static ApiResult<LocalSandboxList> localSandboxList(const QByteArray &body);
    static ApiResult<SignedUrl> signedUrl(const QByteArray &body, const QString &urlField);

    // Building blocks, public for the models' benchmarks and tests.
    static bool readSummary(const QJsonObject &object, SandboxSummary *summary);
    static QStringList readTags(const QJsonValue &value);
    static QMap<QString, QString> readServerUrls(const QJsonObject &object, const QString &serverName);
    static bool readLocalSandbox(const QJsonObject &object, LocalSandbox *sandbox);
};
