#pragma once

#include <QUrl>

// An upload or download URL of the object store: carries its own signature, so it is used
// without the API key.
struct SignedUrl
{
    QUrl url;
    int expiresInMinutes = 0;
    // The largest body the store takes for an upload, when the server states one; -1: no limit stated.
    qint64 maxUploadBytes = -1;
};
