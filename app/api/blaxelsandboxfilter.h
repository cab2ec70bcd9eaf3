#pragma once

#include <QString>
#include <QStringList>

// The query of GET /sandboxes.
struct BlaxelSandboxFilter
{
    QStringList statuses; // sent as one comma list, e.g. DEPLOYED,FAILED
    // Searched in name, display name and labels. The API needs two characters or more: a shorter search is
    // not sent, and the rows are matched here instead.
    QString search;
    bool showTerminated = false;
    int pageSize = 100; // `limit`, 1..200
    QString sort;       // e.g. "name:asc"; empty: the server's default (createdAt:desc)
};
