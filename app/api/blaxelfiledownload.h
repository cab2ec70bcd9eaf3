#pragma once

#include "api/blaxelsandboxfiles.h"

#include <QCoreApplication>
#include <QNetworkRequest>

// GET of one file of a sandbox into a local file for BlaxelSandboxFiles::getFile: the bytes are streamed to
// disk through a bounded buffer, a 206 must start where we are, a 200 to a Range request starts over, and a
// cut connection resumes with Range from the bytes written, until maxResumes cuts in a row bring nothing new.
class BlaxelFileDownload
{
    Q_DECLARE_TR_FUNCTIONS(BlaxelFileDownload)

public:
    // `get`: the request for the file, headers and timeout set. The call ends through `handler`.
    static void start(BlaxelSandboxCall *call, QNetworkAccessManager *network, const QNetworkRequest &get,
                      const QString &remotePath, const QString &localPath, bool resume,
                      const BlaxelSandboxFiles::Limits &limits, const QString &apiKey,
                      const std::shared_ptr<ResultHandler<BlaxelDownload>> &handler);
};
