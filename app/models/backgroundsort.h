#pragma once

#include <QObject>

#include <functional>
#include <optional>
#include <vector>

// The order of a proxy's rows by one column, computed on a pool thread from ranks built there: the rank task
// holds a copy of the column's values, so the rows may change meanwhile. One sort at a time: a new start()
// or a cancel() supersedes the one running, whose order is then dropped. The order always arrives through
// the event loop, never inside start(), and not at all once this object is gone.
class BackgroundSort final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BackgroundSort)

public:
    using RankTask = std::function<std::vector<quint32>()>;
    struct Order
    {
        int column;
        Qt::SortOrder order;
    };
    // `rows` in `order`, and the owner's version of its rows when start() took them.
    using Done = std::function<void(Order order, quint64 version, std::vector<int> rows)>;

    BackgroundSort(Done done, QObject *parent);
    ~BackgroundSort() override;

    void start(Order order, std::vector<int> rows, quint64 version, RankTask task);
    void cancel();
    // The order being computed, if any.
    const std::optional<Order> &pending() const { return m_pending; }

private:
    void deliver(quint64 request, quint64 version, std::vector<int> rows);

    Done m_done;
    std::optional<Order> m_pending;
    quint64 m_requests = 0;
};
