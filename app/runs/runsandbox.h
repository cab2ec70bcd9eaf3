#pragma once

#include "runs/runplan.h"

#include <QList>
#include <QPair>
#include <QString>

// Where one sandbox of a run stands while it is provisioned. Progress signals and the CLI's lines carry it.
enum class RunSandboxState
{
    Pending,     // not asked for yet
    Acquiring,   // the request is out (its intent is in the ledger)
    RateLimited, // a 429: waiting out Retry-After before asking again
    Seeding,     // acquired; its data or workspace is being sent
    Acquired,
    Failed,    // a definite "no": nothing is held
    Ambiguous, // no answer we can trust: the server may hold it; left for reconciliation
    Cancelled, // never asked for: the run was cancelled first
};

// One sandbox of a run: its slot in the plan and what the provisioner learnt about it.
struct RunSandbox
{
    RunSlot slot;
    RunSandboxState state = RunSandboxState::Pending;
    QString sandboxId;
    // (server name, MCP URL) pairs, as the API answered them: the exports need them unredacted, so they are
    // kept in memory only (the ledger stores them redacted).
    QList<QPair<QString, QString>> mcpUrls;
    QString error;          // why it failed, or what makes it ambiguous
    qint64 operationId = 0; // its acquire in the ledger

    bool isHeld() const { return state == RunSandboxState::Acquired || state == RunSandboxState::Seeding; }
};
