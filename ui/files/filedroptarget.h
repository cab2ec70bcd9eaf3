#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

class FileBrowser;
class QDropEvent;
class QTreeView;

// Local files and folders dragged onto the Files tab's tree, as a file manager sends them (text/uri-list of
// local files): while the drag moves it says which sandbox folder would take them (a folder row: that
// folder; a file row: its folder; empty space: the tree's root), and on the drop it asks for the upload. It
// only asks: the pane has the controller queue the job.
class FileDropTarget final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FileDropTarget)

public:
    explicit FileDropTarget(QTreeView *view);

    // The browser whose tree the view shows; null: nothing is accepted.
    void setBrowser(FileBrowser *browser) { m_browser = browser; }

signals:
    // The folder a drop here would land in; empty when the drag left or holds nothing to upload.
    void hovering(const QString &remoteFolder);
    void dropped(const QStringList &localPaths, const QString &remoteFolder);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The local paths a drag carries; empty when it is not local files.
    static QStringList localPaths(const QDropEvent *event);
    QString folderAt(const QDropEvent *event) const;

    QTreeView *m_view;
    QPointer<FileBrowser> m_browser;
};
