#pragma once

#include "api/blaxelsandboxfiles.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

// The first bytes of a file of a sandbox, as read for a preview or an edit.
struct BlaxelFileBytes
{
    QByteArray bytes; // at most the maxBytes asked for
    qint64 size = -1; // the whole file's size as the sandbox said (Content-Range total, else Content-Length),
                      // -1 unknown
    bool isWhole() const { return size >= 0 && bytes.size() == size; }
};

// A file's content and the small changes of a file manager, through a sandbox's own API
// (blaxel-notes.md, "Inside a sandbox"): a bounded read with Range, a write from memory as putFile sends a
// file, a folder made as @blaxel/core's mkdir, and a rename, which the API has no call for, as a process
// (mv), the way @blaxel/core's cp runs `cp -r`. Every call answers through `done` exactly once, as
// BlaxelSandboxFiles' do.
class BlaxelFileContent
{
    Q_DECLARE_TR_FUNCTIONS(BlaxelFileContent)

public:
    // `files` outlives every call made through this.
    explicit BlaxelFileContent(BlaxelSandboxFiles *files) : m_files(files) {}

    // GET /filesystem/{path} with Accept: application/octet-stream, Accept-Encoding: identity and Range:
    // bytes=0-(maxBytes-1): never more than maxBytes held (the reply is aborted once past it, which is no
    // failure); a 416 on an empty file is an empty file; a folder (a JSON listing answered) fails saying it
    // is a folder. Ends within listDeadlineMs.
    BlaxelSandboxCall *read(const QString &remotePath, qint64 maxBytes, QObject *context,
                            ResultHandler<BlaxelFileBytes> done);
    // Writes `bytes` as the file (created or replaced, parent folders made) the way putFile sends a file
    // (multipart/form-data, binary-safe). `done` gets the size written.
    BlaxelSandboxCall *write(const QString &remotePath, const QByteArray &bytes, QObject *context,
                             ResultHandler<qint64> done);
    // PUT /filesystem/{path} JSON {"isDirectory": true, "permissions": "0755"} (as @blaxel/core's mkdir).
    // `done` gets the path.
    BlaxelSandboxCall *makeFolder(const QString &remotePath, QObject *context, ResultHandler<QString> done);
    // Renames or moves a file or folder: `mv -n --` through BlaxelSandboxFiles::run, after making sure
    // nothing is at `toPath` (an existing target, file or folder, is refused and left as it was), and checked
    // afterwards. A failed mv fails with the process's log tail. `done` gets the new path.
    BlaxelSandboxCall *move(const QString &fromPath, const QString &toPath, QObject *context,
                            ResultHandler<QString> done);

private:
    BlaxelSandboxFiles *m_files;
};
