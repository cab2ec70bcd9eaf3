#pragma once

#include <QStringList>
#include <optional>

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
