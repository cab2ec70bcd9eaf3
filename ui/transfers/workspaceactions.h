#pragma once

#include "api/workspacelimits.h"
#include "common/workspacedroptarget.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>

class QWidget;
class TransferJob;

// What a person does with a sandbox's workspace: upload files and folders (dropped or chosen), save its dump
// as a .tar.gz, or extract the dump into a folder. Each ends as a job in the transfer queue; the choosing and
// confirming happens here. The provider (Klavis local sandboxes, Blaxel sandboxes) brings its words, what it
// refuses, and the jobs.
class WorkspaceActions final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WorkspaceActions)

public:
    enum class Provider
    {
        KlavisLocal,
        Blaxel
    };
    struct Hooks
    {
        // The sentence an upload into `sandbox` is refused with (not usable), or "" when it may go.
        std::function<QString(const QString &sandbox)> uploadRefusal;
        // A warning the confirmation shows (an idle Klavis sandbox), or "".
        std::function<QString(const QString &sandbox)> uploadWarning;
        // What the provider says one upload into `sandbox` may hold; the confirmation refuses more.
        std::function<WorkspaceLimits(const QString &sandbox)> uploadLimits;
        // Make a job and put it in the transfer queue; null when it cannot be made (the sandbox is gone).
        std::function<TransferJob *(const QString &sandbox, const QStringList &sources)> queueUpload;
        std::function<TransferJob *(const QString &sandbox, bool extract, const QString &target)> queueDump;
    };

    WorkspaceActions(Provider provider, Hooks hooks, QWidget *dialogParent);
    Provider provider() const { return m_provider; }

    // Shows the confirmation (target, file count, size) and queues the upload when confirmed; a sandbox the
    // provider refuses gets a message box instead.
    void confirmUpload(const QString &sandbox, const QStringList &paths);
    void chooseUpload(const QString &sandbox);
    void chooseDumpFile(const QString &sandbox);
    void chooseExtractFolder(const QString &sandbox);

    TransferJob *saveDumpTo(const QString &sandbox, const QString &archivePath);
    // Queues the extraction into `folder`; its job refuses a folder that is not new or empty
    // (ExtractStaging::targetProblem), which chooseExtractFolder() asks about first.
    TransferJob *extractDumpTo(const QString &sandbox, const QString &folder);
    // The folder to extract into: `folder` itself when new or empty, else what the person answers to
    // "not empty": a new folder inside it, or (with *chooseAgain set) another choice, or nothing.
    QString confirmExtractTarget(const QString &sandbox, const QString &folder, bool *chooseAgain);

    // A fresh folder name inside `parentFolder` for a sandbox's extracted workspace.
    static QString extractionFolder(const QString &parentFolder, const QString &sandbox);

    // The provider's words for where the files go, for the confirmation and the drop targets.
    QString uploadQuestion(const QString &sandbox) const;
    QString uploadEffect() const;
    QString notLocalFilesRefusal() const;
    QString dropHereHint() const;

    // Files dropped on a row of a sandboxes list (`rowAt` answers its sandbox) or on the details pane
    // showing `shownSandbox()` go to confirmUpload(); a refused drop says why through statusMessage().
    void acceptDrops(QWidget *listViewport, WorkspaceDropTarget::SandboxAt rowAt, QWidget *details,
                     std::function<QString()> shownSandbox);

signals:
    void statusMessage(const QString &message);
    void transferQueued(TransferJob *job);

private:
    TransferJob *queueDump(const QString &sandbox, bool extract, const QString &target);
    QString lastFolder() const;
    void rememberFolder(const QString &path);

    Provider m_provider;
    Hooks m_hooks;
    QPointer<QWidget> m_dialogParent;
};
