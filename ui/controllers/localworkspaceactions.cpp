#include "controllers/localworkspaceactions.h"

#include "dialogs/uploadconfirmdialog.h"
#include "models/localsandboxtreemodel.h"
#include "workspace/extractstaging.h"
#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace {

// Sandbox ids are UUIDs: their first group is enough to tell folders and files apart.
QString shortId(const QString &localSandboxId)
{
    return localSandboxId.section(u'-', 0, 0).left(12);
}

} // namespace

LocalWorkspaceActions::LocalWorkspaceActions(TransferQueue *queue, QWidget *dialogParent)
    : QObject(dialogParent), m_queue(queue), m_dialogParent(dialogParent)
{}

void LocalWorkspaceActions::confirmUpload(const QString &localSandboxId, const QStringList &paths)
{
    const LocalSandbox *sandbox = m_sandboxes ? m_sandboxes->sandboxById(localSandboxId) : nullptr;
    auto *dialog =
        new UploadConfirmDialog(localSandboxId, paths, sandbox ? sandbox->status : QString(), m_dialogParent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, localSandboxId, paths] {
        TransferJob *job = m_queue->enqueueUpload(localSandboxId, paths);
        emit statusMessage(tr("Uploading %1 to local sandbox %2; see Transfers for progress.")
                               .arg(job->name(), localSandboxId));
        emit transferQueued(job);
    });
    dialog->open();
}

void LocalWorkspaceActions::chooseUpload(const QString &localSandboxId)
{
    const QString folder = QFileDialog::getExistingDirectory(
        m_dialogParent, tr("Upload a folder as the workspace of %1").arg(shortId(localSandboxId)),
        lastFolder());
    if (folder.isEmpty())
        return;
    rememberFolder(folder);
    confirmUpload(localSandboxId, {folder});
}

void LocalWorkspaceActions::chooseDumpFile(const QString &localSandboxId)
{
    const QString suggested =
        QDir(lastFolder()).filePath(u"workspace-"_s + shortId(localSandboxId) + u".tar.gz"_s);
    const QString path = QFileDialog::getSaveFileName(m_dialogParent, tr("Save dump as"), suggested,
                                                      tr("Gzipped tar archives (*.tar.gz *.tgz)"));
    if (path.isEmpty())
        return;
    rememberFolder(QFileInfo(path).absolutePath());
    saveDumpTo(localSandboxId, path);
}

void LocalWorkspaceActions::chooseExtractFolder(const QString &localSandboxId)
{
    QString start = lastFolder();
    for (;;) {
        const QString folder = QFileDialog::getExistingDirectory(
            m_dialogParent,
            tr("Extract the dump of %1 into a new or empty folder").arg(shortId(localSandboxId)), start);
        if (folder.isEmpty())
            return;
        rememberFolder(folder);
        bool chooseAgain = false;
        const QString target = confirmExtractTarget(localSandboxId, folder, &chooseAgain);
        if (chooseAgain) {
            start = folder;
            continue;
        }
        if (!target.isEmpty())
            extractDumpTo(localSandboxId, target);
        return;
    }
}

QString LocalWorkspaceActions::confirmExtractTarget(const QString &localSandboxId, const QString &folder,
                                                    bool *chooseAgain)
{
    *chooseAgain = false;
    const QString problem = ExtractStaging::targetProblem(folder);
    if (problem.isEmpty())
        return folder;
    // As the CLI: never into a folder with files in it. Here the person may take a fresh folder inside a real
    // folder; never inside a link, which the rule refuses because the files would land where it points.
    const QFileInfo info(folder);
    const bool canNestInside = info.isDir() && !info.isSymLink();
    QString fresh = extractionFolder(folder, localSandboxId);
    QMessageBox box(QMessageBox::Question, canNestInside ? tr("Folder not empty") : tr("Not a folder"),
                    problem, QMessageBox::Cancel, m_dialogParent);
    QPushButton *inside = nullptr;
    if (canNestInside) {
        box.setInformativeText(tr("Extract into a new folder %1 inside it, or choose another folder.")
                                   .arg(QFileInfo(fresh).fileName()));
        inside =
            box.addButton(tr("Extract into %1").arg(QFileInfo(fresh).fileName()), QMessageBox::AcceptRole);
        inside->setObjectName(u"extractIntoNewFolder"_s);
    }
    QPushButton *another = box.addButton(tr("Choose Another Folder…"), QMessageBox::ActionRole);
    another->setObjectName(u"chooseAnotherFolder"_s);
    box.setDefaultButton(inside ? inside : another);
    box.exec();
    if (inside && box.clickedButton() == inside)
        return fresh;
    *chooseAgain = box.clickedButton() == another;
    return {};
}

TransferJob *LocalWorkspaceActions::saveDumpTo(const QString &localSandboxId, const QString &archivePath)
{
    TransferJob *job = m_queue->enqueueDump(localSandboxId, DumpJob::Mode::SaveArchive, archivePath);
    emit statusMessage(
        tr("Downloading the dump of %1 to %2.").arg(localSandboxId, QDir::toNativeSeparators(archivePath)));
    emit transferQueued(job);
    return job;
}

TransferJob *LocalWorkspaceActions::extractDumpTo(const QString &localSandboxId, const QString &folder)
{
    // chooseExtractFolder() asked about a folder with files in it; the job refuses one all the same.
    TransferJob *job = m_queue->enqueueDump(localSandboxId, DumpJob::Mode::Extract, folder);
    emit statusMessage(
        tr("Extracting the dump of %1 into %2.").arg(localSandboxId, QDir::toNativeSeparators(folder)));
    emit transferQueued(job);
    return job;
}

QString LocalWorkspaceActions::extractionFolder(const QString &parentFolder, const QString &localSandboxId)
{
    const QDir parent(parentFolder);
    const QString base = u"workspace-"_s + shortId(localSandboxId);
    QString name = base;
    for (int n = 2; parent.exists(name); ++n)
        name = base + u'-' + QString::number(n);
    return parent.filePath(name);
}

QString LocalWorkspaceActions::lastFolder() const
{
    QString remembered = QSettings().value(u"workspace/lastFolder"_s).toString();
    if (!remembered.isEmpty() && QFileInfo(remembered).isDir())
        return remembered;
    return QStandardPaths::writableLocation(QStandardPaths::HomeLocation);
}

void LocalWorkspaceActions::rememberFolder(const QString &path)
{
    QSettings().setValue(u"workspace/lastFolder"_s, path);
}
