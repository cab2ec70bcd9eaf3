#pragma once

#include <QStyledItemDelegate>

// Tags as rounded chips, coloured from the palette so that they read in light and dark themes. Chips
// that do not fit collapse into a "+N" chip (the tooltip lists every tag); clicking a chip emits
// tagClicked() so that the view can filter by it.
class TagChipDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TagChipDelegate)

public:
    // tagsRole: the model role holding the tags as a QStringList (e.g. SandboxListModel::TagsRole).
    explicit TagChipDelegate(int tagsRole, QObject *parent = nullptr);

    struct Chip
    {
        QRect rect;
        QString text; // what is painted (elided, or "+N")
        QString tag;  // the tag it stands for; empty for the "+N" chip
    };
    // Where each chip goes in a cell: paint and hit-testing share it, so a click always lands on
    // what is drawn.
    QList<Chip> layoutChips(const QStyleOptionViewItem &option, const QModelIndex &index) const;
    QString tagAt(const QStyleOptionViewItem &option, const QModelIndex &index, const QPoint &pos) const;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    bool editorEvent(QEvent *event, QAbstractItemModel *model, const QStyleOptionViewItem &option,
                     const QModelIndex &index) override;
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

signals:
    void tagClicked(const QString &tag);

private:
    QStringList tags(const QModelIndex &index) const;

    int m_tagsRole;
};
