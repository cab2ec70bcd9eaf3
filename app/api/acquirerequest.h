#pragma once

#include <optional>
#include <QString>
#include <QStringList>

// What the user asks for when acquiring a sandbox (POST /sandbox/{server}).
struct AcquireRequest
{
    QString serverName;
    QString benchmark;        // empty: none
    QString testAccountEmail; // empty: any account
    QString tag;              // empty: none
    // Seconds until automatic release (60..86400). nullopt with noAutoRelease=false: the server's
    // default (7200). noAutoRelease sends an explicit null.
    std::optional<int> ttlSeconds;
    bool noAutoRelease = false;

    // The API's bounds for ttl_seconds, shared by every front end that asks for a time to live.
    static constexpr int minimumTtlSeconds = 60;
    static constexpr int maximumTtlSeconds = 86400;
};
