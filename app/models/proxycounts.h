#pragma once

#include <QList>
#include <QMetaObject>
#include <QObject>

class QAbstractProxyModel;

// "12 of 40 shown" for a filter proxy: the top-level rows it shows and the ones its source lists,
// announced once per change. Follows every structural change of the proxy and of whichever source it
// has (the total moves even when every new row is filtered out); a proxy calls update() after it
// changes its own filter. A child of the proxy.
class ProxyCounts final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProxyCounts)

public:
    explicit ProxyCounts(QAbstractProxyModel *proxy);

    int shown() const;
    int total() const;
    void update();

signals:
    void countsChanged(int shown, int total);

private:
    void followSource();

    QAbstractProxyModel *m_proxy;
    QList<QMetaObject::Connection> m_sourceConnections;
    int m_shownReported = -1;
    int m_totalReported = -1;
};
