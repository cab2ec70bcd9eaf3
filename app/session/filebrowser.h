#pragma once

#include "api/blaxelfilecontent.h"
#include "api/blaxelsandboxsearch.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QTimer>

#include <functional>

class BlaxelFileTreeModel;
class BlaxelFileWatch;
class BlaxelSandboxCall;
class BlaxelSandboxFiles;

// The files of one Blaxel sandbox for its Files tab: the tree, each folder listed when it is opened and
// listed again when the sandbox's watch stream says something in it changed (watched only while the tab is
// shown); the file shown, read up to maxOpenBytes; a save that first reads the file again and stops when it
// is no longer what was opened; new folder, rename and delete, each followed by a new listing of what it
// touched; find by name and search by content under the tree's root. It owns the sandbox's API client, so the
// key stays in this layer. Whatever it was asking goes with it.
class FileBrowser final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FileBrowser)

public:
    // A file past this is shown in part and cannot be edited.
    static constexpr qint64 maxOpenBytes = qint64{2} * 1024 * 1024;
    // A folder with more is shown in part, and says so.
    static constexpr int maxListedEntries = 200'000;
    // Changes are gathered this long before the folders they touched are listed again.
    static constexpr int relistDelayMs = 150;

    // Takes `files` (made for this sandbox) as its child.
    FileBrowser(const QString &sandbox, BlaxelSandboxFiles *files, QObject *parent = nullptr);
    ~FileBrowser() override;

    QString sandbox() const { return m_sandbox; }
    BlaxelFileTreeModel *model() const { return m_model; }

    // Starts over at `path` (absolute): the tree shows what is under it, and the watch follows it.
    void setRootPath(const QString &path);
    QString rootPath() const;
    // While active the root is watched; inactive, nothing is asked.
    void setActive(bool active);
    bool isActive() const { return m_active; }
    bool isWatching() const;
    // Lists every open folder again.
    void refresh();

    // Reads `path` for the view: opened() or openFailed(). An open still running is dropped.
    void open(const QString &path);
    // Writes `bytes` to `path`, unless the file is no longer `base` (what open() gave), which conflict()
    // says; `overwrite` writes without looking.
    void save(const QString &path, const QByteArray &bytes, const QByteArray &base, bool overwrite);
    void makeFolder(const QString &path);
    void rename(const QString &fromPath, const QString &toPath);
    void remove(const QString &path, bool folder);
    // Under the root: names matching `glob` (find), or lines holding `text` (search by content). A search
    // still running is dropped.
    void find(const QString &glob);
    void grep(const QString &text);

Q_SIGNALS:
    void listingFailed(const QString &folder, const QString &problem);
    // The folder holds more than maxListedEntries: the first `shown` are in the tree.
    void listedInPart(const QString &folder, int shown);
    void opened(const QString &path, const BlaxelFileBytes &file);
    void openFailed(const QString &path, const QString &problem);
    void saved(const QString &path, qint64 bytes);
    // The file changed in the sandbox since it was opened: nothing was written.
    void conflict(const QString &path);
    // A new folder, rename or delete went through (`path`: what it made or removed).
    void actionDone(const QString &message, const QString &path);
    void actionFailed(const QString &problem);
    void found(const BlaxelFoundPaths &paths);
    void matched(const BlaxelContentMatches &matches);
    void searchFailed(const QString &problem);
    // A changed entry the watch stream named (the view reloads a file it shows).
    void changedInSandbox(const QString &path);
    // The watch stream broke (`problem`) or is live again (empty).
    void watchChanged(const QString &problem);

private:
    QString watchedPath() const;
    void list(const QString &folder);
    // A listing that arrived: sorted off the GUI thread, then into the tree.
    void applySoon(const QString &folder, const BlaxelDirectory &directory);
    void relistSoon(const QString &folder);
    void relistParentOf(const QString &path);
    // The answer to a change the user asked for: nothing when it was cancelled, actionFailed() when it
    // failed, else the folders holding `touched` listed again and `done` given the value.
    template <typename T>
    ResultHandler<T> afterChange(const QStringList &touched, std::function<void(const T &)> done)
    {
        return [this, touched, done = std::move(done)](const ApiResult<T> &result) {
            if (result.wasCancelled())
                return;
            if (!result) {
                Q_EMIT actionFailed(result.error().fullText());
                return;
            }
            for (const QString &path : touched)
                relistParentOf(path);
            done(result.value());
        };
    }
    void relistPending();
    void write(const QString &path, const QByteArray &bytes);
    void changed(const QString &op, const QString &path);

    QString m_sandbox;
    BlaxelSandboxFiles *m_files;
    BlaxelFileContent m_content;
    BlaxelSandboxSearch m_search;
    BlaxelFileTreeModel *m_model;
    BlaxelFileWatch *m_watch;
    bool m_active = false;
    QHash<QString, QPointer<BlaxelSandboxCall>> m_listCalls; // by folder: one in flight each
    QSet<QString> m_relistAfter;                             // changed while its listing was in flight
    QSet<QString> m_relistPending;
    QTimer m_relistTimer;
    QPointer<BlaxelSandboxCall> m_openCall;
    QPointer<BlaxelSandboxCall> m_searchCall;
};
