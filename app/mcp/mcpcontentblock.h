#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

// One block of a tool result's `content`. Binary payloads (image, audio, a resource's blob) arrive as
// base64 and are kept decoded in `data`.
struct McpContentBlock
{
    enum class Kind
    {
        Text,
        Image,
        Audio,
        Resource,
        ResourceLink,
        Unknown
    };

    Kind kind = Kind::Unknown;
    QString text;
    QByteArray data;
    QString mimeType;
    QString uri;
    QJsonObject raw;
};
