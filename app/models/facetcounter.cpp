#include "models/facetcounter.h"

#include <algorithm>

FacetCounter::FacetCounter(Qt::CaseSensitivity sensitivity) : m_sensitivity(sensitivity) {}

FacetCounter::Interned FacetCounter::acquire(const QString &value)
{
    if (value.isEmpty())
        return {value, value};
    auto it = m_entries.find(value);
    if (it == m_entries.end()) {
        it = m_entries.insert(value, Entry{value, value.toLower(), 0, false});
        m_touched << value;
    }
    ++it->uses;
    return {it->value, it->lower};
}

void FacetCounter::release(const QString &value)
{
    if (value.isEmpty())
        return;
    const auto it = m_entries.find(value);
    if (it != m_entries.end() && --it->uses == 0)
        m_touched << value; // dropped only in takeChanged(), in case another row takes it up again
}

void FacetCounter::clear()
{
    for (const auto &entry : std::as_const(m_entries))
        m_changed = m_changed || entry.published;
    m_entries.clear();
    m_lowerSpellings.clear();
    m_touched.clear();
}

QStringList FacetCounter::values() const
{
    QStringList result;
    if (m_sensitivity == Qt::CaseSensitive) {
        result.reserve(m_entries.size());
        for (const auto &entry : m_entries)
            if (entry.uses > 0)
                result << entry.value;
    } else {
        // One spelling per lower-cased value: the most used, then the smallest, so the choice is stable.
        QHash<QString, const Entry *> chosen;
        for (const auto &entry : m_entries) {
            if (entry.uses <= 0)
                continue;
            const Entry *&best = chosen[entry.lower];
            if (!best || entry.uses > best->uses || (entry.uses == best->uses && entry.value < best->value))
                best = &entry;
        }
        result.reserve(chosen.size());
        for (const Entry *entry : std::as_const(chosen))
            result << entry->value;
    }
    std::sort(result.begin(), result.end(), [](const QString &a, const QString &b) {
        const int order = a.compare(b, Qt::CaseInsensitive);
        return order != 0 ? order < 0 : a < b;
    });
    return result;
}

bool FacetCounter::takeChanged()
{
    bool changed = std::exchange(m_changed, false);
    for (const QString &value : std::as_const(m_touched)) {
        const auto it = m_entries.find(value);
        if (it == m_entries.end())
            continue; // listed twice and already settled
        if (it->uses > 0 && !it->published) {
            it->published = true;
            if (m_sensitivity == Qt::CaseSensitive || ++m_lowerSpellings[it->lower] == 1)
                changed = true;
        } else if (it->uses <= 0) {
            if (it->published) {
                if (m_sensitivity == Qt::CaseSensitive || --m_lowerSpellings[it->lower] == 0) {
                    m_lowerSpellings.remove(it->lower);
                    changed = true;
                }
            }
            m_entries.erase(it);
        }
    }
    m_touched.clear();
    return changed;
}
