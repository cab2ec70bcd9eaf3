#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

// Counts how many rows use each value of one column (server, status, benchmark, tag), so that the filter
// combos offer exactly the values present, and hands out one shared QString per distinct value: a
// 100,000-row list then holds about 70 server-name strings instead of 100,000 copies, and each row's
// lower-cased form comes from the same table instead of being recomputed.
class FacetCounter
{
public:
    struct Interned
    {
        QString value;
        QString lower;
    };

    // CaseInsensitive merges spellings ("Cal.com", "cal.com") into one facet value.
    explicit FacetCounter(Qt::CaseSensitivity sensitivity = Qt::CaseSensitive);

    // One more row uses `value`. An empty value is returned as it is and not counted.
    Interned acquire(const QString &value);
    // One row fewer uses `value` (which it acquired before).
    void release(const QString &value);
    void clear();

    // The distinct non-empty values, sorted case-insensitively. For a case-insensitive facet, the
    // spelling most rows use stands for the others.
    QStringList values() const;
    // Whether the set of values changed since the last call. Counts pass through zero within one
    // snapshot (a row's status changes while another row keeps it), so membership is settled here.
    bool takeChanged();

private:
    struct Entry
    {
        QString value;
        QString lower;
        int uses = 0;
        bool published = false; // part of the set that values() reported at the last takeChanged()
    };

    Qt::CaseSensitivity m_sensitivity;
    QHash<QString, Entry> m_entries;      // by exact spelling
    QHash<QString, int> m_lowerSpellings; // case-insensitive facets: spellings per lower-cased value
    QStringList m_touched;                // values created or dropped to zero since takeChanged()
    bool m_changed = false;
};
