#pragma once

#include <QUrl>

// An upload or download URL of the object store: carries its own signature, so it is used
// without the API key.
struct SignedUrl
{
    QUrl url;
    int expiresInMinutes = 0;
};
