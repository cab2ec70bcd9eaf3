#pragma once

#include <optional>
#include <QStringList>

// POST /local-sandbox. An empty serverNames with allServers=true sends "ALL".
struct LocalAcquireRequest
{
    QStringList serverNames;
    bool allServers = false;
    QString benchmark;
    QString testAccountEmail;
    std::optional<int> ttlSeconds;
    bool noAutoRelease = false;
};
