#include "workspace/diskworker.h"

#include <QFutureWatcher>
#include <QObject>
#include <QSaveFile>
#include <QtConcurrent/QtConcurrentRun>
#include <QTemporaryDir>

QFuture<bool> DiskWorker::run(QObject *context, std::function<bool()> work, std::function<void(bool)> then)
{
    // The watcher belongs to the context: if the context dies first, so does the watcher and its call.
    auto *watcher = new QFutureWatcher<bool>(context);
    QObject::connect(watcher, &QFutureWatcher<bool>::finished, context, [watcher, then = std::move(then)] {
        watcher->deleteLater();
        then(watcher->result());
    });
    QFuture<bool> future = QtConcurrent::run(std::move(work));
    watcher->setFuture(future);
    return future;
}

void DiskWorker::remove(QObject *context, std::unique_ptr<QTemporaryDir> folder, std::function<void()> then)
{
    if (!folder) {
        if (then)
            then();
        return;
    }
    std::shared_ptr<QTemporaryDir> owned(std::move(folder));
    if (!then) {
        // Nobody waits: no watcher, so a context on its way out (a job's destructor) is no concern.
        (void)QtConcurrent::run([owned] { owned->remove(); });
        return;
    }
    run(
        context,
        [owned] {
            owned->remove();
            return true;
        },
        [then = std::move(then)](bool) { then(); });
}

void DiskWorker::discard(std::unique_ptr<QSaveFile> file)
{
    if (!file)
        return;
    file->cancelWriting();
    // Destroyed on the worker: a QObject may go there only once no thread's events reach it.
    file->moveToThread(nullptr);
    std::shared_ptr<QSaveFile> owned(std::move(file));
    (void)QtConcurrent::run([owned]() mutable { owned.reset(); });
}
