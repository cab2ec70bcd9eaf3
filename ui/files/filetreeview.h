#pragma once

#include <QTreeView>

#include <functional>

class QMimeData;

// The Files tab's tree, whose entries drag out to other programs. The drag's data comes from whoever set
// setDragOut (the data is files that must first be downloaded, which a view does not do); the view only
// runs the drag and says how it ended.
class FileTreeView final : public QTreeView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FileTreeView)

public:
    using DragBegin = std::function<QMimeData *(const QModelIndex &index)>;
    using DragEnd = std::function<void(QMimeData *data, Qt::DropAction action)>;

    explicit FileTreeView(QWidget *parent = nullptr);

    // `begin` gives the data of a drag of the entry at an index (null: no drag); `end` hears how it ended,
    // before the data is deleted.
    void setDragOut(DragBegin begin, DragEnd end);

protected:
    void startDrag(Qt::DropActions supportedActions) override;

private:
    DragBegin m_begin;
    DragEnd m_end;
};
