#pragma once

#include "models/statuskind.h"

#include <QDateTime>
#include <QString>

// One sandbox of any provider as the All sandboxes view lists it: enough to show, filter and sort the
// row and to route a verb to the controller that owns it. Text is kept as the server sent it; the model
// makes it visible (DisplayText) when a view asks.
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
    QString name;       // the Name cell: "github/abc123", the local id, or the Blaxel name
    QString status;     // the word as sent
    StatusKind::Kind statusKind = StatusKind::Unknown;
    QString detail;         // Klavis: benchmark and tags; local: its servers; Blaxel: the image
    QDateTime when;         // Klavis: updated; local and Blaxel: created. Invalid when unknown
    bool busy = false;      // an action is in flight on it
    bool actionable = true; // the provider's verbs apply (not idle in a pool, not terminated)

    // Tells rows of one provider apart; Klavis server names drift in case. Made when needed (a worker
    // comparing lists), not kept: 100,000 of them were 15 MB.
    QString key() const { return serverName.isEmpty() ? id : serverName.toCaseFolded() + u'/' + id; }
    bool operator==(const AllSandboxRow &) const = default;
};
