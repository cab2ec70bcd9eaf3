#pragma once

#include "api/blaxelpreview.h"

#include <QAbstractTableModel>
#include <QList>

// A Blaxel sandbox's previews as its Previews tab lists them: name, port, public or private, URL, expiry.
class BlaxelPreviewListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelPreviewListModel)

public:
    enum Column
    {
        NameColumn,
        PortColumn,
        AccessColumn,
        UrlColumn,
        ExpiresColumn,
        ColumnCount
    };
    enum Role
    {
        NameRole = Qt::UserRole + 1,
        UrlRole,
        PublicRole
    };

    explicit BlaxelPreviewListModel(QObject *parent = nullptr);

    // Replaces the rows (a reset: previews change only when asked, so keeping a selection matters little).
    void setPreviews(const QList<BlaxelPreview> &previews);
    int rowOf(const QString &name) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<BlaxelPreview> m_previews;
};
