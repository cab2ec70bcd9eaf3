#pragma once

#include "models/allsandboxrow.h"
#include "store/sandboxstore.h"

#include <vector>

// How each provider's sandboxes, as its store holds them, read as rows of the All sandboxes view. Pure: the
// model runs them on a worker over a whole snapshot. Each row keeps the source's raw text (the model makes it
// visible), says whether the provider's verbs apply, and carries its identity within its provider.
namespace AllSandboxSources {

AllSandboxRow klavis(const SandboxSummary &sandbox, bool busy);
AllSandboxRow klavisLocal(const LocalSandbox &sandbox, bool busy);
// `deleting`: a deletion started here runs, which the row shows as DELETING until the sandbox is gone.
AllSandboxRow blaxel(const BlaxelSandbox &sandbox, bool deleting);

std::vector<AllSandboxRow> rows(const KlavisSandboxStore::Snapshot &snapshot, const QSet<SandboxKey> &busy);
std::vector<AllSandboxRow> rows(const LocalSandboxStore::Snapshot &snapshot, const QSet<QString> &busy);
std::vector<AllSandboxRow> rows(const BlaxelSandboxStore::Snapshot &snapshot, const QSet<QString> &deleting);

} // namespace AllSandboxSources
