#pragma once

#include "mcp/mcpexchange.h"

#include <QAbstractTableModel>

// The protocol log of the Inspect tab: every request the client sent and what came back, newest last,
// capped so that a long session does not grow without end (the oldest entries go first).
class McpExchangeLogModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpExchangeLogModel)

public:
    enum Column
    {
        MethodColumn,
        StatusColumn,
        TimeColumn,
        ColumnCount
    };
    static constexpr int maximumEntries = 500;

    explicit McpExchangeLogModel(QObject *parent = nullptr);

    void append(const McpExchange &exchange);
    void clear();
    const McpExchange *exchangeAt(int row) const;
    // Request and response, headers and bodies, JSON indented, control characters visible.
    static QString describe(const McpExchange &exchange);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<McpExchange> m_entries;
};
