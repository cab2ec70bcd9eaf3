#pragma once

#include <QColor>
#include <QHash>
#include <QIcon>
#include <QStyledItemDelegate>

// The State cell of a transfer: a failed one in the status red with the error icon, a cancelled one in grey
// with the cancel icon, a success that left entries out with the warning icon. Read at a glance, not only
// by the words.
class TransferStateDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TransferStateDelegate)

public:
    explicit TransferStateDelegate(QObject *parent = nullptr);

    // The colour of a finished transfer's text and bar; invalid for a running or successful one.
    static QColor colorFor(int state);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    // The icon at `path`, selected in the highlighted-text colour (not Qt's tint, which loses a red icon on
    // the highlight), made once per size and colour instead of once per painted cell.
    QIcon stateIcon(const QString &path, const QStyleOptionViewItem &option) const;

    mutable QHash<QString, QIcon> m_icons;
};
