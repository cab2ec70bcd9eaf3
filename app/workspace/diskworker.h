#pragma once

#include <QFuture>

#include <functional>
#include <memory>

class QObject;
class QSaveFile;
class QTemporaryDir;

// Disk calls that block for long on big files run off the caller's (GUI) thread: committing a QSaveFile of
// a gigabyte waits about a second in fdatasync, unlinking it half a second. `then` runs in `context`'s
// thread afterwards, and not at all when the context is gone by then.
class DiskWorker
{
public:
    // The caller keeps the future and waits for it before it frees anything `work` touches.
    static QFuture<bool> run(QObject *context, std::function<bool()> work, std::function<void(bool)> then);
    // Removes a temporary folder with what it holds; the folder is the worker's from now on. `then` runs at
    // once for no folder; without a `then` nobody waits for the removal.
    static void remove(QObject *context, std::unique_ptr<QTemporaryDir> folder,
                       std::function<void()> then = {});
    // Drops a QSaveFile without committing it: its temporary file, as big as what was written, is closed
    // and removed on a worker (freeing its blocks takes as long as unlinking it). Nobody waits.
    static void discard(std::unique_ptr<QSaveFile> file);
};
