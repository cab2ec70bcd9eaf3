#include "files/filedroptarget.h"

#include "models/blaxelfiletreemodel.h"
#include "session/filebrowser.h"

#include <QDropEvent>
#include <QMimeData>
#include <QTreeView>
#include <QUrl>

FileDropTarget::FileDropTarget(QTreeView *view) : QObject(view), m_view(view)
{
    view->viewport()->setAcceptDrops(true);
    view->viewport()->installEventFilter(this);
}

QStringList FileDropTarget::localPaths(const QDropEvent *event)
{
    QStringList paths;
    if (!event->mimeData() || !event->mimeData()->hasUrls())
        return paths;
    for (const QUrl &url : event->mimeData()->urls()) {
        // A link from a browser is not a file here; one such among local files spoils the whole drop.
        if (!url.isLocalFile())
            return {};
        paths.append(url.toLocalFile());
    }
    return paths;
}

QString FileDropTarget::folderAt(const QDropEvent *event) const
{
    const QModelIndex index = m_view->indexAt(event->position().toPoint());
    if (!index.isValid())
        return m_browser->rootPath();
    const QString path = m_browser->model()->pathOf(index);
    return m_browser->model()->isFolder(index) ? path : BlaxelFileTreeModel::parentPath(path);
}

bool FileDropTarget::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove:
    case QEvent::Drop: {
        auto *drop = static_cast<QDropEvent *>(event);
        // A drag out of this tree carries files still downloading: reading them here would wait for that,
        // and dropping them back would only copy them through this machine.
        if (drop->source() == m_view) {
            drop->ignore();
            return true;
        }
        const QStringList paths = localPaths(drop);
        if (!m_browser || paths.isEmpty()) {
            drop->ignore();
            return true; // the view's own drag handling has nothing to do with files from outside
        }
        const QString folder = folderAt(drop);
        drop->setDropAction(Qt::CopyAction);
        drop->accept();
        if (event->type() == QEvent::Drop) {
            emit hovering({});
            emit dropped(paths, folder);
        } else {
            emit hovering(folder);
        }
        return true;
    }
    case QEvent::DragLeave:
        emit hovering({});
        return true;
    default:
        return QObject::eventFilter(watched, event);
    }
}
