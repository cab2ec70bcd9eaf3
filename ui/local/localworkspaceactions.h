#pragma once

// The Local sandboxes page's workspace actions are the shared WorkspaceActions with the Klavis local
// provider.
#include "transfers/workspaceactions.h"

using LocalWorkspaceActions = WorkspaceActions;
