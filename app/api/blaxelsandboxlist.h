#pragma once

#include "api/blaxelsandbox.h"

#include <QList>
#include <QString>

// GET /sandboxes, one page as decoded or every page as BlaxelSandboxService::list gathered them.
struct BlaxelSandboxList
{
    QList<BlaxelSandbox> items;
    // The server said more pages follow (meta.hasMore). After a whole listing: more existed where it stopped.
    bool hasMore = false;
    QString nextCursor;
    int total = -1;  // meta.total, -1 when not stated or not believable
    int skipped = 0; // rows without a name, which nothing can act on
    // Empty when the list is whole; else a sentence saying why it stopped early (a repeated cursor, the
    // page or row cap, the decoder's row cap).
    QString incompleteReason;
};
