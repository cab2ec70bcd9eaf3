#pragma once

#include "emulator/server/httpreply.h"

#include <QString>
#include <QStringList>

namespace Emulator {

struct IncomingRequest;

// A sandbox's filesystem API on its real folder: GET lists a folder in @blaxel/core's Directory shape
// ({name, path, files: [{name, path, size, permissions, lastModified, owner, group}], subdirectories:
// [{name, path}]}) or answers a file: its bytes, honouring a single Range, when the request asks for them
// (Accept: application/octet-stream, as the SDKs' readBinary), else FileWithContent {..., content}; PUT
// writes a file as the SDKs send it (sdk-python src/blaxel/core/sandbox/default/filesystem.py write_binary,
// sdk-typescript
// @blaxel/core/src/sandbox/filesystem/filesystem.ts writeBinary: multipart/form-data with a "file" part, a
// "permissions" field "0644" and a "path" field repeating the URL's path, which the sandbox ignores) or a
// JSON FileRequest {content, isDirectory, permissions} for text and folders. Any other body is refused with
// 400, as the sandbox's API reads it as JSON (blaxel-ai/sandbox, sandbox-api/src/handler/filesystem.go).
class BlaxelFilesystemApi
{
public:
    // The sandbox's API lists a folder whole; the emulator bounds its own memory a good way above what the
    // Files tab shows (FileBrowser::maxListedEntries), so that a folder of 100,000 entries is listed whole.
    static constexpr int maxListedEntries = 250'000;

    // `root`: the sandbox's canonical folder; `segments`: the URL's decoded segments after /filesystem/.
    static HttpReply get(const IncomingRequest &request, const QString &root, const QStringList &segments);
    static HttpReply put(const IncomingRequest &request, const QString &root, const QStringList &segments,
                         qint64 maxFileBytes);
    // Go's os.FileMode text ("-rw-r--r--", "drwxr-xr-x", "Lrwxrwxrwx"), as the sandbox's API writes it.
    static QString modeText(const QString &realPath);
    // The same for a mode lstat(2) gave.
    static QString modeText(unsigned int mode);
};

} // namespace Emulator
