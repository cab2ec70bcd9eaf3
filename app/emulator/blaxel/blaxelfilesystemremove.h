#pragma once

#include "emulator/server/httpreply.h"

#include <QString>
#include <QStringList>

namespace Emulator {

struct IncomingRequest;

// DELETE /filesystem/{path} of a sandbox's API, as @blaxel/core's fs.rm(path, recursive) calls it: a file or
// an empty folder goes, a folder with content only with ?recursive=true (else 400), and the answer is the
// SuccessResponse {message, path}. The sandbox's root and its working directory cannot be removed.
class BlaxelFilesystemRemove
{
public:
    // `root`: the sandbox's canonical folder; `segments`: the URL's decoded segments after /filesystem/.
    static HttpReply remove(const IncomingRequest &request, const QString &root, const QStringList &segments);
};

} // namespace Emulator
