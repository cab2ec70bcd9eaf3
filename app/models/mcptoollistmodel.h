#pragma once

#include "mcp/mcptool.h"

#include <QAbstractTableModel>

// The tools a server listed, for the Inspect tab: the name (its title beside it when it has one) and
// its annotations as chips ("read-only", "destructive", …). SearchTextRole is what the search matches.
class McpToolListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpToolListModel)

public:
    enum Column
    {
        NameColumn,
        AnnotationsColumn,
        ColumnCount
    };
    enum Role
    {
        AnnotationsRole = Qt::UserRole + 1, // QStringList, for TagChipDelegate
        SearchTextRole,
        NameRole,
    };

    explicit McpToolListModel(QObject *parent = nullptr);

    void setTools(const QList<McpTool> &tools);
    const QList<McpTool> &tools() const { return m_tools; }
    const McpTool *toolAt(int row) const;
    // The hints a server gives about a tool, as words; false hints are left out except openWorldHint.
    static QStringList annotationChips(const QJsonObject &annotations);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<McpTool> m_tools;
};
