#include "session/filebrowser.h"

#include "api/blaxelfilewatch.h"
#include "api/blaxelsandboxcall.h"
#include "api/blaxelsandboxfiles.h"
#include "models/blaxelfiletreemodel.h"

#include <QCoreApplication>
#include <QThreadPool>

#include <algorithm>
#include <memory>
#include <utility>

using namespace Qt::StringLiterals;

FileBrowser::FileBrowser(const QString &sandbox, BlaxelSandboxFiles *files, QObject *parent)
    : QObject(parent), m_sandbox(sandbox), m_files(files), m_content(files), m_search(files),
      m_model(new BlaxelFileTreeModel(this)), m_watch(new BlaxelFileWatch(files, this))
{
    m_files->setParent(this);
    // A tree shows a folder whole: 200,000 entries are about 35 MB of JSON, read off the GUI thread.
    BlaxelSandboxFiles::Limits limits = m_files->limits();
    limits.maxListedEntries = maxListedEntries;
    limits.maxJsonBytes = std::max(limits.maxJsonBytes, qint64{64} * 1024 * 1024);
    m_files->setLimits(limits);
    m_relistTimer.setSingleShot(true);
    m_relistTimer.setInterval(relistDelayMs);
    connect(&m_relistTimer, &QTimer::timeout, this, &FileBrowser::relistPending);
    connect(m_model, &BlaxelFileTreeModel::listingWanted, this, &FileBrowser::list);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        // Aborted calls answer at once, and their answers remove them from the table being read.
        const auto calls = std::exchange(m_listCalls, {});
        for (const auto &call : calls)
            if (call)
                call->abort();
        m_relistAfter.clear();
        m_relistPending.clear();
    });
    connect(m_watch, &BlaxelFileWatch::changed, this, &FileBrowser::changed);
    connect(m_watch, &BlaxelFileWatch::interrupted, this, &FileBrowser::watchChanged);
    connect(m_watch, &BlaxelFileWatch::resumed, this, [this] {
        Q_EMIT watchChanged({});
        // What changed while the stream was down was not said: the open folders are read again.
        refresh();
    });
}

FileBrowser::~FileBrowser()
{
    // The watch and every call go before the client they were made with.
    delete m_watch;
    m_watch = nullptr;
    for (auto *call : findChildren<BlaxelSandboxCall *>())
        call->abortNow();
}

void FileBrowser::setRootPath(const QString &path)
{
    m_model->setRootPath(path);
    if (m_active)
        m_watch->start(watchedPath());
}

QString FileBrowser::watchedPath() const
{
    // Every folder below the root ("/**", as the API reads it), except below "/": a sandbox's whole
    // filesystem
    // (/proc, /sys) is no tree to follow, so there only the top level is watched.
    const QString root = m_model->rootPath();
    return root == u"/"_s ? root : root + u"/**"_s;
}

QString FileBrowser::rootPath() const
{
    return m_model->rootPath();
}

void FileBrowser::setActive(bool active)
{
    if (active == m_active)
        return;
    m_active = active;
    if (active) {
        m_watch->start(watchedPath());
        // Changes made while the tab was hidden were not watched.
        refresh();
    } else {
        m_watch->stop();
    }
}

bool FileBrowser::isWatching() const
{
    return m_watch->isWatching();
}

void FileBrowser::refresh()
{
    for (const QString &folder : m_model->listedFolders())
        relistSoon(folder);
    if (m_relistTimer.isActive()) {
        m_relistTimer.stop();
        relistPending();
    }
}

void FileBrowser::list(const QString &folder)
{
    if (const auto running = m_listCalls.value(folder); running) {
        m_relistAfter.insert(folder);
        return;
    }
    m_listCalls.insert(folder,
                       m_files->list(folder, this, [this, folder](const ApiResult<BlaxelDirectory> &result) {
                           m_listCalls.remove(folder);
                           if (result.wasCancelled())
                               return;
                           if (result) {
                               applySoon(folder, result.value());
                               return;
                           }
                           m_model->setListingFailed(folder);
                           Q_EMIT listingFailed(folder, result.error().fullText());
                           if (m_relistAfter.remove(folder))
                               list(folder);
                       }));
}

void FileBrowser::applySoon(const QString &folder, const BlaxelDirectory &directory)
{
    // Sorting 100,000 names takes longer than a frame: done on a pool thread, and the rows put in the tree
    // back on this one, if this browser is still there.
    QThreadPool::globalInstance()->start([guard = QPointer<FileBrowser>(this), folder, directory] {
        auto entries = std::make_shared<const QList<BlaxelDirectory::Entry>>(
            BlaxelFileTreeModel::preparedEntries(directory));
        QMetaObject::invokeMethod(QCoreApplication::instance(),
                                  [guard, folder, entries, truncated = directory.truncated] {
                                      if (!guard)
                                          return;
                                      guard->m_model->setPreparedListing(folder, *entries, truncated);
                                      if (truncated)
                                          Q_EMIT guard->listedInPart(folder, int(entries->size()));
                                      if (guard->m_relistAfter.remove(folder))
                                          guard->list(folder);
                                  });
    });
}

void FileBrowser::relistSoon(const QString &folder)
{
    m_relistPending.insert(folder);
    if (!m_relistTimer.isActive())
        m_relistTimer.start();
}

void FileBrowser::relistPending()
{
    const QSet<QString> folders = std::exchange(m_relistPending, {});
    for (const QString &folder : folders)
        if (m_model->isListed(folder))
            list(folder);
}

void FileBrowser::changed(const QString &, const QString &path)
{
    relistSoon(BlaxelFileTreeModel::parentPath(path));
    Q_EMIT changedInSandbox(path);
}

void FileBrowser::open(const QString &path)
{
    if (m_openCall)
        m_openCall->abort();
    m_openCall =
        m_content.read(path, maxOpenBytes, this, [this, path](const ApiResult<BlaxelFileBytes> &result) {
            if (result.wasCancelled())
                return;
            if (result)
                Q_EMIT opened(path, result.value());
            else
                Q_EMIT openFailed(path, result.error().fullText());
        });
}

void FileBrowser::save(const QString &path, const QByteArray &bytes, const QByteArray &base, bool overwrite)
{
    if (overwrite) {
        write(path, bytes);
        return;
    }
    // One byte more than was opened: a file that grew is a file that changed.
    m_content.read(path, base.size() + 1, this,
                   [this, path, bytes, base](const ApiResult<BlaxelFileBytes> &result) {
                       if (result.wasCancelled())
                           return;
                       if (!result) {
                           Q_EMIT actionFailed(result.error().fullText());
                           return;
                       }
                       if (result->bytes != base || !result->isWhole()) {
                           Q_EMIT conflict(path);
                           return;
                       }
                       write(path, bytes);
                   });
}

void FileBrowser::write(const QString &path, const QByteArray &bytes)
{
    m_content.write(path, bytes, this, afterChange<qint64>({path}, [this, path](const qint64 &written) {
                        Q_EMIT saved(path, written);
                    }));
}

void FileBrowser::makeFolder(const QString &path)
{
    m_content.makeFolder(path, this, afterChange<QString>({path}, [this, path](const QString &) {
                             Q_EMIT actionDone(tr("Made the folder %1.").arg(path), path);
                         }));
}

void FileBrowser::rename(const QString &fromPath, const QString &toPath)
{
    m_content.move(fromPath, toPath, this,
                   afterChange<QString>({fromPath, toPath}, [this, fromPath, toPath](const QString &) {
                       Q_EMIT actionDone(tr("Renamed %1 to %2.").arg(fromPath, toPath), toPath);
                   }));
}

void FileBrowser::remove(const QString &path, bool folder)
{
    m_files->remove(path, folder, this, afterChange<QString>({path}, [this, path](const QString &) {
                        Q_EMIT actionDone(tr("Deleted %1.").arg(path), path);
                    }));
}

void FileBrowser::relistParentOf(const QString &path)
{
    relistSoon(BlaxelFileTreeModel::parentPath(path));
}

void FileBrowser::find(const QString &glob)
{
    if (m_searchCall)
        m_searchCall->abort();
    m_searchCall =
        m_search.find(rootPath(), glob, {}, this, [this](const ApiResult<BlaxelFoundPaths> &result) {
            if (result.wasCancelled())
                return;
            if (result)
                Q_EMIT found(result.value());
            else
                Q_EMIT searchFailed(result.error().fullText());
        });
}

void FileBrowser::grep(const QString &text)
{
    if (m_searchCall)
        m_searchCall->abort();
    m_searchCall =
        m_search.grep(text, rootPath(), this, [this](const ApiResult<BlaxelContentMatches> &result) {
            if (result.wasCancelled())
                return;
            if (result)
                Q_EMIT matched(result.value());
            else
                Q_EMIT searchFailed(result.error().fullText());
        });
}
