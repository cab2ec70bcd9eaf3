#pragma once

#include "models/allsandboxesmodel.h"

class BlaxelSandboxListModel;
class LocalSandboxTreeModel;
class SandboxListModel;

// How each provider's own list model reads as rows of the All sandboxes view. Each reader keeps the
// source's raw text (the All model makes it visible) and says whether the provider's verbs apply.
namespace AllSandboxSources {

AllSandboxesModel::RowReader klavis(const SandboxListModel *model);
AllSandboxesModel::RowReader klavisLocal(const LocalSandboxTreeModel *model);
AllSandboxesModel::RowReader blaxel(const BlaxelSandboxListModel *model);

} // namespace AllSandboxSources
