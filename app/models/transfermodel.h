#pragma once

#include <QAbstractTableModel>
#include <QPointer>

class TransferJob;
class TransferQueue;

// The Transfers view's rows: one per job of a TransferQueue. A finished download can be dragged out as
// a file URL into a file manager or terminal.
class TransferModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TransferModel)

public:
    enum Column
    {
        DirectionColumn,
        SandboxColumn,
        NameColumn,
        SizeColumn,
        ProgressColumn,
        SpeedColumn,
        TimeLeftColumn,
        StateColumn,
        ColumnCount
    };
    enum Role
    {
        ProgressRole = Qt::UserRole + 1 /*0..100, -1 unknown*/,
        StateRole,
        ResultPathRole,
        ErrorRole,
        IsFinishedRole,
        LeftOutCountRole // entries a finished extraction deliberately left out
    };

    explicit TransferModel(TransferQueue *queue, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    Qt::DropActions supportedDragActions() const override { return Qt::CopyAction; }

    TransferJob *jobAt(int row) const;

    static QString formatBytes(qint64 bytes);
    // "Upload", "Save dump" or "Extract dump".
    static QString kindText(const TransferJob *job);
    // All three kinds, for sizing a column to the widest.
    static QStringList kindTexts();
    // Where the result goes: the sandbox for an upload, the file or folder for a dump.
    static QString destinationText(const TransferJob *job);
    // The whole story of a transfer for the details area: kind, destination, times, speed, reason.
    static QString detailsText(const TransferJob *job);

private:
    QPointer<TransferQueue> m_queue;
};
