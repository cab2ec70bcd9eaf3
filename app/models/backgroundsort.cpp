#include "models/backgroundsort.h"

#include "models/proxyroworder.h"

#include <QFuture>
#include <QtConcurrentRun>

#include <algorithm>

BackgroundSort::BackgroundSort(Done done, QObject *parent) : QObject(parent), m_done(std::move(done)) {}

BackgroundSort::~BackgroundSort() = default;

void BackgroundSort::start(Order order, std::vector<int> rows, quint64 version, RankTask task)
{
    const quint64 request = ++m_requests;
    m_pending = order;
    auto sorted = [rows = std::move(rows), task = std::move(task), order]() mutable {
        const std::vector<quint32> ranks = task();
        const auto unused = [](int, int, int) { return 0; };
        std::sort(rows.begin(), rows.end(), ProxyRowOrder(order.column, order.order, &ranks, unused));
        return rows;
    };
    // The continuation runs on this object's thread, and not at all once this object is gone. It runs at
    // once when the worker is already done, so the order is posted: start() never delivers it itself.
    QtConcurrent::run(std::move(sorted)).then(this, [this, request, version](std::vector<int> sortedRows) {
        QMetaObject::invokeMethod(
            this,
            [this, request, version, sortedRows = std::move(sortedRows)]() mutable {
                deliver(request, version, std::move(sortedRows));
            },
            Qt::QueuedConnection);
    });
}

void BackgroundSort::cancel()
{
    ++m_requests;
    m_pending.reset();
}

void BackgroundSort::deliver(quint64 request, quint64 version, std::vector<int> rows)
{
    if (request != m_requests || !m_pending)
        return; // a later start() or a cancel() came after it
    const Order order = *m_pending;
    m_pending.reset();
    m_done(order, version, std::move(rows));
}
