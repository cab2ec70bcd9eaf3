#pragma once

#include <QSortFilterProxyModel>

class ProxyCounts;

// A filter proxy of a sandboxes view: it announces "12 of 40 shown" (ProxyCounts) and filters again when
// one of its criteria changes.
class CountedFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CountedFilterProxy)

public:
    // Top-level rows shown and listed, for "12 of 40 shown".
    int acceptedCount() const;
    int totalCount() const;

signals:
    void countsChanged(int shown, int total);

protected:
    explicit CountedFilterProxy(QObject *parent);

    template <typename T> void setCriterion(T &field, const T &value)
    {
        if (field == value)
            return;
        field = value;
        refilter();
    }

private:
    void refilter();

    ProxyCounts *m_counts;
};
