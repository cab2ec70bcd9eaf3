#pragma once

#include "emulator/httpreply.h"

#include <QString>

namespace Emulator {

struct IncomingRequest;

// A sandbox's filesystem API on its real folder: GET lists a folder in @blaxel/core's Directory shape
// ({name, path, files: [{name, path, size, permissions, lastModified, owner, group}], subdirectories:
// [{name, path}]}) or sends a file's bytes, honouring a single Range; PUT writes a file from the raw body
// (or, with a JSON body, @blaxel/core's FileRequest {content, isDirectory, permissions}).
class BlaxelFilesystemApi
{
public:
    static constexpr int maxListedEntries = 10000;

    // `root`: the sandbox's canonical folder; `path`: as the URL gave it after /filesystem/.
    static HttpReply get(const IncomingRequest &request, const QString &root, const QString &path);
    static HttpReply put(const IncomingRequest &request, const QString &root, const QString &path,
                         qint64 maxFileBytes);
    // Go's os.FileMode text ("-rw-r--r--", "drwxr-xr-x", "Lrwxrwxrwx"), as the sandbox's API writes it.
    static QString modeText(const QString &realPath);
};

} // namespace Emulator
