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
    // A sandbox listed again takes the texts of its last listing that did not change: the new list and the
    // one the views still read then share them, instead of holding two of each of 100,000 sandboxes while
    // a refresh goes through (some 25 MB at its peak).
    static void shareUnchanged(Item &fresh, const Item &last)
    {
        share(fresh.sandboxId, last.sandboxId);
        share(fresh.serverName, last.serverName);
        share(fresh.status, last.status);
        share(fresh.benchmark, last.benchmark);
        share(fresh.updatedAtText, last.updatedAtText);
        share(fresh.tags, last.tags);
    }
    template <typename Text> static void share(Text &fresh, const Text &last)
    {
        if (fresh == last)
            fresh = last;
    }
};

struct LocalSandboxes
{
    using Item = LocalSandbox;
    using Key = QString;
    static Key keyOf(const Item &sandbox) { return sandbox.localSandboxId; }
    static bool sameContent(const Item &a, const Item &b) { return a.sameContentAs(b); }
    static void shareUnchanged(Item &, const Item &) {} // a few sandboxes: nothing worth sharing
};

struct BlaxelSandboxes
{
    using Item = BlaxelSandbox;
    using Key = QString;
    static Key keyOf(const Item &sandbox) { return sandbox.name; }
    static bool sameContent(const Item &a, const Item &b) { return a.sameContentAs(b); }
    static void shareUnchanged(Item &, const Item &) {} // a few sandboxes: nothing worth sharing
};
