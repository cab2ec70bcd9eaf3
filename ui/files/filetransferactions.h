#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class FileController;
class FilesPane;
class QMimeData;
class QModelIndex;

// The Files tab's files in and out of this computer: a drop on the tree uploads, Download… and a drag out to
// another program download, each queued by the controller in the transfer queue (Transfers shows them). It
// acts on the sandbox and selection the pane shows, and says what happened through stateChanged().
class FileTransferActions final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FileTransferActions)

public:
    FileTransferActions(FileController *controller, FilesPane *pane);

    // Local files and folders into `remoteFolder`; the folder is listed again when the upload ends.
    void upload(const QStringList &localPaths, const QString &remoteFolder);
    // Asks for a local folder, then downloadSelectedTo() it.
    void downloadSelected();
    // The selected file or folder into `localFolder`.
    void downloadSelectedTo(const QString &localFolder);
    // The data of a drag of the entry at `index` out to another program (FileTreeView asks): its download
    // starts now. Null, with the reason said, when it cannot.
    QMimeData *dragOut(const QModelIndex &index);
    // The drag of `data` ended with `action`.
    void dragEnded(QMimeData *data, Qt::DropAction action);

Q_SIGNALS:
    void stateChanged(const QString &text);

private:
    FileController *m_controller;
    FilesPane *m_pane;
};
