#pragma once

#include "api/blaxelsandbox.h"
#include "api/localsandbox.h"
#include "api/sandboxkey.h"
#include "api/sandboxsummary.h"

#include <QString>

// What each provider's store holds and how it names one of them: the identity every view of a sandbox
// agrees on (a row, a details pane, the All view, the Runs view and the leak monitor).
struct KlavisSandboxes
{
    using Item = SandboxSummary;
    using Key = SandboxKey;
    static Key keyOf(const Item &sandbox) { return {sandbox.serverName, sandbox.sandboxId}; }
    static bool sameContent(const Item &a, const Item &b) { return a == b; }
};

struct LocalSandboxes
{
    using Item = LocalSandbox;
    using Key = QString;
    static Key keyOf(const Item &sandbox) { return sandbox.localSandboxId; }
    static bool sameContent(const Item &a, const Item &b) { return a.sameContentAs(b); }
};

struct BlaxelSandboxes
{
    using Item = BlaxelSandbox;
    using Key = QString;
    static Key keyOf(const Item &sandbox) { return sandbox.name; }
    static bool sameContent(const Item &a, const Item &b) { return a.sameContentAs(b); }
};
