#include "models/mcptoollistmodel.h"

#include "models/displaytext.h"

using namespace Qt::StringLiterals;

McpToolListModel::McpToolListModel(QObject *parent) : QAbstractTableModel(parent) {}

void McpToolListModel::setTools(const QList<McpTool> &tools)
{
    beginResetModel();
    m_tools = tools;
    endResetModel();
}

const McpTool *McpToolListModel::toolAt(int row) const
{
    return row >= 0 && row < m_tools.size() ? &m_tools.at(row) : nullptr;
}

QStringList McpToolListModel::annotationChips(const QJsonObject &annotations)
{
    QStringList chips;
    if (annotations.value(u"readOnlyHint"_s).toBool())
        chips.append(tr("read-only"));
    if (annotations.value(u"destructiveHint"_s).toBool())
        chips.append(tr("destructive"));
    if (annotations.value(u"idempotentHint"_s).toBool())
        chips.append(tr("idempotent"));
    // Its default is true, so only a server that says false is news.
    if (annotations.value(u"openWorldHint"_s) == QJsonValue(false))
        chips.append(tr("closed world"));
    return chips;
}

int McpToolListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_tools.size());
}

int McpToolListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant McpToolListModel::data(const QModelIndex &index, int role) const
{
    const McpTool *tool = index.isValid() ? toolAt(index.row()) : nullptr;
    if (!tool)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == NameColumn)
            return DisplayText::visible(tool->name);
        return annotationChips(tool->annotations).join(u", "_s);
    case Qt::ToolTipRole:
        return DisplayText::visibleLines(tool->title.isEmpty() ? tool->description
                                                               : tool->title + u"\n\n"_s + tool->description);
    case AnnotationsRole:
        return annotationChips(tool->annotations);
    case SearchTextRole:
        return QString(tool->name + u'\n' + tool->title + u'\n' + tool->description);
    case NameRole:
        return tool->name;
    default:
        return {};
    }
}

QVariant McpToolListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == NameColumn ? tr("Tool") : tr("Hints");
}
