#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// How many Klavis sandboxes of one server a run holds ("github:10").
struct RunServerCount
{
    QString server;
    int count = 0;

    bool operator==(const RunServerCount &) const = default;
};

// How many local sandboxes, each hosting the same servers, a run holds ("filesystem,git:2").
struct RunLocalSet
{
    QStringList servers;
    int count = 0;

    bool operator==(const RunLocalSet &) const = default;
};

// One sandbox of a plan, in the order the provisioner acquires them. `ordinal` counts from 1 within its
// server (Klavis) or its local set, so "the third github" stays the third whatever else the run holds.
struct RunSlot
{
    int index = 0; // 0-based position in the whole run
    bool local = false;
    QStringList servers; // one for a Klavis sandbox
    int ordinal = 1;
    int localSet = 0; // 1-based number of its local set; 0 for a Klavis sandbox

    bool operator==(const RunSlot &) const = default;
};

// A run to provision, as a value: the wizard and `sandboxdeck-cli run create` fill it, the ledger stores
// its JSON form (RunPlanParser), the provisioner walks its slotsInOrder().
struct RunPlan
{
    QString name; // the tag on every sandbox of the run
    QString benchmark;
    QList<RunServerCount> servers;
    QList<RunLocalSet> localSets;
    std::optional<int> ttlSeconds; // nullopt: the server's default
    bool prepare = false;          // ask for capacity first (POST /sandbox/prepare)
    QString seedDataFile;          // JSON: per-server data to initialize each Klavis sandbox with
    QString workspace;             // a folder or .tar.gz uploaded to each local sandbox

    int sandboxCount() const;
    QList<RunSlot> slotsInOrder() const;

    bool operator==(const RunPlan &) const = default;
};
