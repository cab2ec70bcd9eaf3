#pragma once

#include "models/statuskind.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

// One sandbox of any provider as the All sandboxes view lists it: enough to show, filter and sort the
// row and to route a verb to the controller that owns it. Every text is the store's own (shared, not
// copied: 100,000 rows of composed names and details were 60 MB); the Name and Detail cells are composed
// when a view asks. Text is kept as the server sent it; the model makes it visible (DisplayText).
struct AllSandboxRow
{
    enum class Provider
    {
        Klavis,      // a Klavis sandbox: one MCP server
        KlavisLocal, // a Klavis local sandbox: a VM with several servers
        Blaxel       // a Blaxel sandbox: a micro-VM
    };

    Provider provider = Provider::Klavis;
    QString id;         // Klavis: the sandbox id; local: the local sandbox id; Blaxel: the name
    QString serverName; // Klavis only: the server, which with the id names the sandbox
    QString status;     // the word as sent
    StatusKind::Kind statusKind = StatusKind::Unknown;
    // The Detail cell's parts. Klavis: the benchmark and the tags; local: the server count and the servers;
    // Blaxel: the image and the region.
    QString detailHead;
    QStringList detailList;
    QDateTime when;         // Klavis: updated; local and Blaxel: created. Invalid when unknown
    bool busy = false;      // an action is in flight on it
    bool actionable = true; // the provider's verbs apply (not idle in a pool, not terminated)

    // The Name cell: "github/abc123", the local id, or the Blaxel name.
    QString name() const { return serverName.isEmpty() ? id : serverName + u'/' + id; }
    // The Detail cell: "MCP_Atlas · nightly, ci", "2 servers: github, jira", "image · region".
    QString detail() const;
    // Whether `needle` (lower case) is in the Name, Status or Detail cell, without composing them.
    bool contains(const QString &needle) const;
    // Tells rows of one provider apart; Klavis server names drift in case. Made when needed (a worker
    // comparing lists), not kept.
    QString key() const { return serverName.isEmpty() ? id : serverName.toCaseFolded() + u'/' + id; }
    bool operator==(const AllSandboxRow &) const = default;
};
