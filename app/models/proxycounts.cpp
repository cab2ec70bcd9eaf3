#include "models/proxycounts.h"

#include <QAbstractProxyModel>

ProxyCounts::ProxyCounts(QAbstractProxyModel *proxy) : QObject(proxy), m_proxy(proxy)
{
    using M = QAbstractItemModel;
    for (const auto signal : {&M::rowsInserted, &M::rowsRemoved})
        connect(proxy, signal, this, &ProxyCounts::update);
    connect(proxy, &M::modelReset, this, &ProxyCounts::update);
    connect(proxy, &M::layoutChanged, this, &ProxyCounts::update);
    connect(proxy, &QAbstractProxyModel::sourceModelChanged, this, &ProxyCounts::followSource);
    followSource();
}

int ProxyCounts::shown() const
{
    return m_proxy->rowCount();
}

int ProxyCounts::total() const
{
    return m_proxy->sourceModel() ? m_proxy->sourceModel()->rowCount() : 0;
}

void ProxyCounts::update()
{
    const int shownNow = shown();
    const int totalNow = total();
    if (shownNow == m_shownReported && totalNow == m_totalReported)
        return;
    m_shownReported = shownNow;
    m_totalReported = totalNow;
    emit countsChanged(shownNow, totalNow);
}

void ProxyCounts::followSource()
{
    for (const auto &connection : std::as_const(m_sourceConnections))
        disconnect(connection);
    m_sourceConnections.clear();
    if (QAbstractItemModel *source = m_proxy->sourceModel()) {
        using M = QAbstractItemModel;
        for (const auto signal : {&M::rowsInserted, &M::rowsRemoved})
            m_sourceConnections << connect(source, signal, this, &ProxyCounts::update);
        m_sourceConnections << connect(source, &M::modelReset, this, &ProxyCounts::update);
    }
    update();
}
