#pragma once

#include "transfers/workspaceactions.h"

#include <QCoreApplication>

class BlaxelSandboxesController;

// What WorkspaceActions needs from Blaxel: a sandbox as last listed takes a workspace only when DEPLOYED and
// with a usable URL (UrlPolicy-checked), and its jobs get a files client of their own from the session (the
// key stays there), owned by the job.
class BlaxelWorkspaceHooks final
{
    Q_DECLARE_TR_FUNCTIONS(BlaxelWorkspaceHooks)

public:
    BlaxelWorkspaceHooks() = delete;

    static WorkspaceActions::Hooks make(BlaxelSandboxesController *controller);
    // The sentence a transfer with this sandbox is refused with, or "" when it may go.
    static QString refusal(const BlaxelSandboxesController *controller, const QString &name);
};
