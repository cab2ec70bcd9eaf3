#pragma once

#include <QStyledItemDelegate>

// The Details column of the Local sandboxes tree. A server row shows its MCP URL from where it differs
// from its siblings' ("/local/git/mcp/?…" rather than "http://127.0.0.1:4…", which every row shares);
// a sandbox row names its servers. The full URL stays in the tooltip and the model.
class LocalDetailDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocalDetailDelegate)

public:
    explicit LocalDetailDelegate(QObject *parent = nullptr);

    static QString textFor(const QModelIndex &index);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};
