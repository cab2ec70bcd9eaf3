#include "blaxel/blaxelworkspacehooks.h"

#include "api/blaxelsandboxfiles.h"
#include "api/blaxelstatus.h"
#include "models/displaytext.h"
#include "session/appsession.h"
#include "session/blaxelsandboxescontroller.h"
#include "workspace/blaxeldumpjob.h"
#include "workspace/blaxeluploadjob.h"
#include "workspace/transferqueue.h"

#include <QCoreApplication>
#include <QPointer>

using namespace Qt::StringLiterals;

namespace {

// The client for a sandbox as listed now, or null when it cannot be reached.
BlaxelSandboxFiles *filesFor(const BlaxelSandboxesController *controller, const QString &name)
{
    if (!controller || !BlaxelWorkspaceHooks::refusal(controller, name).isEmpty())
        return nullptr;
    return controller->session()->blaxelSandboxFiles(name, controller->store()->find(name)->url, nullptr);
}

} // namespace

QString BlaxelWorkspaceHooks::refusal(const BlaxelSandboxesController *controller, const QString &name)
{
    const BlaxelSandbox *sandbox = controller->store()->find(name);
    const QString shownName = DisplayText::visible(name);
    if (!sandbox || !controller->session()->hasBlaxel())
        return tr("Blaxel sandbox %1 is not listed any more; refresh the list and try again.").arg(shownName);
    // A deletion started here shows as DELETING until it ends, as the row does.
    const QString status =
        controller->store()->isBusy(name) && BlaxelStatus::of(sandbox->status) != BlaxelStatus::Gone
            ? BlaxelStatus::deleting()
            : sandbox->status;
    if (BlaxelStatus::of(status) != BlaxelStatus::Running) {
        return tr("Blaxel sandbox %1 is %2: only a DEPLOYED sandbox has a working directory to transfer "
                  "with.")
            .arg(shownName, status.isEmpty() ? tr("in no stated status") : DisplayText::visible(status));
    }
    if (!sandbox->url.isValid()) {
        return tr("Blaxel sandbox %1 states no URL this app may call (https, or http on this machine), so "
                  "its "
                  "files cannot be reached.")
            .arg(shownName);
    }
    return {};
}

WorkspaceActions::Hooks BlaxelWorkspaceHooks::make(BlaxelSandboxesController *controller)
{
    QPointer<BlaxelSandboxesController> guarded = controller;
    TransferQueue *queue = controller->session()->transfers();
    WorkspaceActions::Hooks hooks;
    hooks.uploadRefusal = [guarded](const QString &name) {
        return guarded ? refusal(guarded, name) : tr("The Blaxel connection is gone.");
    };
    hooks.queueUpload = [guarded, queue](const QString &name, const QStringList &sources) -> TransferJob * {
        BlaxelSandboxFiles *files = filesFor(guarded, name);
        if (!files)
            return nullptr;
        auto *job = new BlaxelUploadJob(files, sources);
        files->setParent(job); // the job's own client: it goes with the job (or its retry, which takes it)
        queue->enqueue(job);
        return job;
    };
    hooks.queueDump = [guarded, queue](const QString &name, bool extract,
                                       const QString &target) -> TransferJob * {
        BlaxelSandboxFiles *files = filesFor(guarded, name);
        if (!files)
            return nullptr;
        auto *job = new BlaxelDumpJob(
            files, extract ? BlaxelDumpJob::Mode::Extract : BlaxelDumpJob::Mode::SaveArchive, target);
        files->setParent(job);
        queue->enqueue(job);
        return job;
    };
    return hooks;
}
