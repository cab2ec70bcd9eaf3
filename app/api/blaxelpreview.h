#pragma once

#include <QDateTime>
#include <QString>
#include <QUrl>

// A preview of a Blaxel sandbox (@blaxel/core's Preview): a URL on Blaxel's edge that reaches one port of the
// sandbox, public or behind a token, until it expires.
struct BlaxelPreview
{
    QString name;
    int port = 0;
    bool isPublic = false;
    QUrl url;        // empty when the API named none this app may open (https, or http to this machine)
    QString urlText; // as the API sent it, for saying why it was not taken
    QString ttl;     // "24h"; empty when none
    QDateTime expires;
    QString status;
    QDateTime createdAt;
};

// What POST /sandboxes/{name}/previews is asked to make.
struct BlaxelPreviewRequest
{
    QString name;
    int port = 0;
    bool isPublic = false;
    QString ttl; // empty: no expiry
};

// A private preview's token (@blaxel/core's PreviewToken): its value is a secret, shown once and kept
// nowhere.
struct BlaxelPreviewToken
{
    QString name;
    QString value;
    QDateTime expiresAt;
};
