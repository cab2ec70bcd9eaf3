#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class AppSession;
class FileBrowser;
class FileDragOut;
class QUrl;
class TransferJob;

// The file browsers of Blaxel sandboxes, made on the window's request with the connected key and workspace,
// so that the key never leaves this layer (as ProcessController does for processes).
class FileController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FileController)

public:
    explicit FileController(AppSession *session, QObject *parent = nullptr);

    // The files of sandbox `name` at `url` (its metadata.url), a child of `parent`, rooted at its working
    // directory (/blaxel), not yet watching. Null, with `problem` said, without a Blaxel connection or when
    // the URL may not carry the key.
    FileBrowser *browseBlaxel(const QString &name, const QUrl &url, QObject *parent, QString *problem);
    // Local files and folders into `remoteFolder` of sandbox `name`, through the session's transfer queue
    // (the Transfers page shows it; the job owns its own files client). Null, with `problem` said, when the
    // sandbox cannot be reached.
    TransferJob *uploadInto(const QString &name, const QUrl &url, const QStringList &sources,
                            const QString &remoteFolder, QString *problem);
    // A file or folder of the sandbox into local folder `localFolder`, through the transfer queue: extracted
    // safely into a hidden folder there, then moved beside it under its own name (a file as itself, a folder
    // as its tree). Null, with `problem` said, when the sandbox cannot be reached or the name is taken.
    TransferJob *downloadInto(const QString &name, const QUrl &url, const QString &remotePath,
                              const QString &localFolder, QString *problem);
    // A drag of `remotePaths` of sandbox `name` out to another program: their downloads start now, each into
    // a folder of this drag under this user's cache (readable by them alone), and the drop is given the files
    // once they are whole. Null, with `problem` said, when the sandbox cannot be reached. Drag folders older
    // than a day go: a drop target may still be reading one from the last hours.
    FileDragOut *dragOut(const QString &name, const QUrl &url, const QStringList &remotePaths,
                         QString *problem);
    // The drag ended with `action`: a drag dropped nowhere cancels what it was still downloading and removes
    // its folder; a drop keeps the files, which the target may read later (a path dropped on a terminal).
    void endDragOut(FileDragOut *drag, Qt::DropAction action);
    // Where drag folders are made.
    static QString dragFolderParent();
    // True when the sandbox's files are a folder of this machine (the demo), which the view says.
    bool isLocal() const;

Q_SIGNALS:
    // A download is in place at `path`.
    void downloadLanded(const QString &path);
    // A download ended, but `path` was taken meanwhile: it is kept whole in `keptIn`, nothing was removed.
    void downloadKept(const QString &path, const QString &keptIn);

private:
    AppSession *m_session;
};
