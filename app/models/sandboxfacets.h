#pragma once

#include "api/sandboxsummary.h"
#include "models/facetcounter.h"

// The filterable values of the sandbox list (servers, statuses, benchmarks, tags), counted over its rows,
// and the strings the rows share through them. The list model adopts each row it stores and forgets each
// row it drops, so the filter combos offer exactly the values present.
class SandboxFacets
{
public:
    // Replaces the row's repeated strings with the shared ones and returns its search text: lower-cased
    // server, id, status, benchmark and tags, with a separator no search can cross.
    QString adopt(SandboxSummary *summary);
    // Undoes adopt() for a row that goes away (or is replaced).
    void forget(const SandboxSummary &summary);
    void clear();
    // Whether any facet's set of values changed since the last call.
    bool takeChanged();

    QStringList servers() const { return m_servers.values(); } // spellings merged case-insensitively
    QStringList statuses() const { return m_statuses.values(); }
    QStringList benchmarks() const { return m_benchmarks.values(); }
    QStringList tags() const { return m_tags.values(); }

private:
    FacetCounter m_servers{Qt::CaseInsensitive};
    FacetCounter m_statuses;
    FacetCounter m_benchmarks;
    FacetCounter m_tags;
};
