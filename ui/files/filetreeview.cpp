#include "files/filetreeview.h"

#include <QDrag>
#include <QMimeData>

FileTreeView::FileTreeView(QWidget *parent) : QTreeView(parent)
{
    setDragEnabled(true);
    setDragDropMode(QAbstractItemView::DragOnly);
}

void FileTreeView::setDragOut(DragBegin begin, DragEnd end)
{
    m_begin = std::move(begin);
    m_end = std::move(end);
}

void FileTreeView::startDrag(Qt::DropActions supportedActions)
{
    const QModelIndex index = currentIndex();
    if (!m_begin || !index.isValid())
        return;
    QMimeData *data = m_begin(index.siblingAtColumn(0));
    if (!data)
        return;
    auto *drag = new QDrag(this);
    drag->setMimeData(data);
    // A copy only: the sandbox's file stays where it is.
    const Qt::DropAction action = drag->exec(supportedActions & Qt::CopyAction, Qt::CopyAction);
    // Qt deletes the drag, and the data with it, later: the data is still there to be told about.
    if (m_end)
        m_end(data, action);
}
