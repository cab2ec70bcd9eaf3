#pragma once

#include "runs/runplan.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

// The one home of a run plan's formats: the CLI's spellings and the JSON the ledger stores. Every reader
// answers an error sentence (empty when all is well), written for the person who typed the value.
//
// CLI spellings:
//   --servers github:10,slack:5   Klavis sandboxes per server; a server without ":N" counts 1.
//   --local filesystem,git:2      ONE local set: 2 local sandboxes, each hosting filesystem and git. The
//                                 count follows the last server of the set. Several sets: repeat --local
//                                 (--local filesystem:3 --local git,github:2), one set per option.
class RunPlanParser
{
public:
    // A run name becomes the tag on every sandbox and a part of file and variable names. The API takes any
    // string as a tag; we take letters, digits, '.', '_' and '-', starting with a letter or digit, at most
    // maxNameLength characters, so a name is safe in a query string, a file name, a terminal and a .env.
    static constexpr int maxNameLength = 64;
    // A count past these is a typo, not a plan (the API limits a key to 2 requests/s: 1,000 sandboxes
    // already take more than 8 minutes to acquire).
    static constexpr int maxPerEntry = 500;
    static constexpr int maxSandboxes = 1000;
    static constexpr int maxServersPerLocalSet = 32;

    static QString checkName(const QString &name);
    static QString parseServers(const QString &spec, QList<RunServerCount> *out);
    static QString parseLocalSet(const QString &spec, RunLocalSet *out);
    // What is wrong with the plan as a whole (name, counts, totals, TTL), or empty.
    static QString check(const RunPlan &plan);

    static QJsonObject toJson(const RunPlan &plan);
    // Tolerant of unknown fields (a newer writer), strict about the ones it reads: the plan may come from
    // a ledger or a manifest another machine wrote.
    static QString fromJson(const QJsonObject &json, RunPlan *out);

private:
    static QString parseCount(const QString &text, const QString &what, int *out);
    static QString checkServerName(const QString &name);
};
