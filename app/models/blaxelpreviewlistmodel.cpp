#include "models/blaxelpreviewlistmodel.h"

#include "models/displaytext.h"

#include <QLocale>

BlaxelPreviewListModel::BlaxelPreviewListModel(QObject *parent) : QAbstractTableModel(parent) {}

void BlaxelPreviewListModel::setPreviews(const QList<BlaxelPreview> &previews)
{
    beginResetModel();
    m_previews = previews;
    endResetModel();
}

int BlaxelPreviewListModel::rowOf(const QString &name) const
{
    for (int row = 0; row < m_previews.size(); ++row) {
        if (m_previews.at(row).name == name)
            return row;
    }
    return -1;
}

int BlaxelPreviewListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_previews.size());
}

int BlaxelPreviewListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BlaxelPreviewListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_previews.size())
        return {};
    const BlaxelPreview &preview = m_previews.at(index.row());
    switch (role) {
    case NameRole:
        return preview.name;
    case UrlRole:
        return preview.url;
    case PublicRole:
        return preview.isPublic;
    case Qt::ToolTipRole:
        if (index.column() == UrlColumn && !preview.url.isValid() && !preview.urlText.isEmpty())
            return tr("Not opened: %1 is neither https nor on this machine.")
                .arg(DisplayText::visible(preview.urlText.left(200)));
        return {};
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case NameColumn:
        return DisplayText::visible(preview.name);
    case PortColumn:
        return preview.port > 0 ? QString::number(preview.port) : QString();
    case AccessColumn:
        return preview.isPublic ? tr("public") : tr("private");
    case UrlColumn:
        return preview.url.isValid() ? preview.url.toDisplayString() : tr("(none)");
    case ExpiresColumn:
        if (preview.expires.isValid())
            return QLocale().toString(preview.expires.toLocalTime(), QLocale::ShortFormat);
        return preview.ttl.isEmpty() ? tr("never")
                                     : tr("%1 after creation").arg(DisplayText::visible(preview.ttl));
    default:
        return {};
    }
}

QVariant BlaxelPreviewListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case PortColumn:
        return tr("Port");
    case AccessColumn:
        return tr("Access");
    case UrlColumn:
        return tr("URL");
    case ExpiresColumn:
        return tr("Expires");
    default:
        return {};
    }
}
