#include "transfers/workspaceactions.h"

#include "common/newfolderdialog.h"
#include "models/displaytext.h"
#include "transfers/uploadconfirmdialog.h"
#include "workspace/extractstaging.h"
#include "workspace/transferjob.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace {

// Klavis sandbox ids are UUIDs: their first group is enough to tell folders and files apart. A Blaxel name is
// short and kept whole; either way only characters safe in a file name.
QString shortId(const QString &sandbox)
{
    const QString firstGroup = sandbox.section(u'-', 0, 0);
    bool hex = firstGroup.size() >= 8;
    for (const QChar c : firstGroup)
        hex = hex && (c.isDigit() || (c.toLower() >= u'a' && c.toLower() <= u'f'));
    QString part = hex ? firstGroup.left(12) : sandbox.left(48);
    for (QChar &c : part) {
        if (!c.isLetterOrNumber() && c != u'-' && c != u'_' && c != u'.')
            c = u'_';
    }
    return part;
}

} // namespace

WorkspaceActions::WorkspaceActions(Provider provider, Hooks hooks, QWidget *dialogParent)
    : QObject(dialogParent), m_provider(provider), m_hooks(std::move(hooks)), m_dialogParent(dialogParent)
{}

QString WorkspaceActions::uploadQuestion(const QString &sandbox) const
{
    return m_provider == Provider::Blaxel
               ? tr("Upload into the working directory of Blaxel sandbox <b>%1</b>?")
                     .arg(DisplayText::visible(sandbox).toHtmlEscaped())
               : tr("Upload into the workspace of local sandbox <b>%1</b>?")
                     .arg(DisplayText::visible(sandbox).toHtmlEscaped());
}

QString WorkspaceActions::uploadEffect() const
{
    // What the provider does (and the emulator): the archive is unpacked over the workspace. Nothing is
    // deleted; a file with the same path is replaced.
    if (m_provider == Provider::Blaxel)
        return tr("The files are unpacked with tar into the sandbox's working directory: files already there "
                  "stay, and a file with the same path is replaced.");
    return tr("The files are merged into the workspace: files already there stay, and a file "
              "with the same path is replaced. Use Reset first for an empty workspace.");
}

QString WorkspaceActions::notLocalFilesRefusal() const
{
    return m_provider == Provider::Blaxel
               ? tr("Only files and folders from this computer can be uploaded into a Blaxel sandbox.")
               : tr("Only files and folders from this computer can be uploaded into a local sandbox.");
}

QString WorkspaceActions::dropHereHint() const
{
    return m_provider == Provider::Blaxel ? tr("Drop on a Blaxel sandbox to upload a workspace into it.")
                                          : tr("Drop on a local sandbox to upload a workspace into it.");
}

void WorkspaceActions::acceptDrops(QWidget *listViewport, WorkspaceDropTarget::SandboxAt rowAt,
                                   QWidget *details, std::function<QString()> shownSandbox)
{
    auto *onList = new WorkspaceDropTarget(listViewport, std::move(rowAt), this);
    auto *onDetails = new WorkspaceDropTarget(
        details,
        [details, shownSandbox = std::move(shownSandbox)](const QPoint &, QRect *highlight) {
            *highlight = details->rect();
            return shownSandbox();
        },
        this);
    for (auto *target : {onList, onDetails}) {
        target->setRefusals(notLocalFilesRefusal(), dropHereHint());
        connect(target, &WorkspaceDropTarget::dropped, this, &WorkspaceActions::confirmUpload);
        connect(target, &WorkspaceDropTarget::refused, this, &WorkspaceActions::statusMessage);
    }
}

void WorkspaceActions::confirmUpload(const QString &sandbox, const QStringList &paths)
{
    if (const QString refusal = m_hooks.uploadRefusal ? m_hooks.uploadRefusal(sandbox) : QString();
        !refusal.isEmpty()) {
        emit statusMessage(refusal);
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Cannot upload"), refusal, QMessageBox::Ok,
                                    m_dialogParent);
        box->setObjectName(u"uploadRefused"_s);
        box->setTextFormat(Qt::PlainText);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return;
    }
    const UploadConfirmDialog::Words words{uploadQuestion(sandbox), uploadEffect(),
                                           m_hooks.uploadWarning ? m_hooks.uploadWarning(sandbox)
                                                                 : QString()};
    auto *dialog = new UploadConfirmDialog(
        sandbox, paths, words, m_hooks.uploadLimits ? m_hooks.uploadLimits(sandbox) : WorkspaceLimits{},
        m_dialogParent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, sandbox, paths] {
        TransferJob *job = m_hooks.queueUpload(sandbox, paths);
        if (!job) {
            emit statusMessage(tr("Sandbox %1 cannot be reached any more; refresh and try again.")
                                   .arg(DisplayText::visible(sandbox)));
            return;
        }
        emit statusMessage(m_provider == Provider::Blaxel
                               ? tr("Uploading %1 to Blaxel sandbox %2; see Transfers for progress.")
                                     .arg(job->name(), DisplayText::visible(sandbox))
                               : tr("Uploading %1 to local sandbox %2; see Transfers for progress.")
                                     .arg(job->name(), DisplayText::visible(sandbox)));
        emit transferQueued(job);
    });
    dialog->open();
}

void WorkspaceActions::chooseUpload(const QString &sandbox)
{
    const QString folder = QFileDialog::getExistingDirectory(
        m_dialogParent, tr("Upload a folder as the workspace of %1").arg(shortId(sandbox)), lastFolder());
    if (folder.isEmpty())
        return;
    rememberFolder(folder);
    confirmUpload(sandbox, {folder});
}

void WorkspaceActions::chooseDumpFile(const QString &sandbox)
{
    const QString suggested = QDir(lastFolder()).filePath(u"workspace-"_s + shortId(sandbox) + u".tar.gz"_s);
    const QString path = QFileDialog::getSaveFileName(m_dialogParent, tr("Save dump as"), suggested,
                                                      tr("Gzipped tar archives (*.tar.gz *.tgz)"));
    if (path.isEmpty())
        return;
    rememberFolder(QFileInfo(path).absolutePath());
    saveDumpTo(sandbox, path);
}

void WorkspaceActions::chooseExtractFolder(const QString &sandbox)
{
    QString start = lastFolder();
    for (;;) {
        const QString folder = NewFolderDialog::choose(
            m_dialogParent, tr("Extract the dump of %1 into a new or empty folder").arg(shortId(sandbox)),
            start);
        if (folder.isEmpty())
            return;
        rememberFolder(folder);
        bool chooseAgain = false;
        const QString target = confirmExtractTarget(sandbox, folder, &chooseAgain);
        if (chooseAgain) {
            start = folder;
            continue;
        }
        if (!target.isEmpty())
            extractDumpTo(sandbox, target);
        return;
    }
}

QString WorkspaceActions::confirmExtractTarget(const QString &sandbox, const QString &folder,
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
    QString fresh = extractionFolder(folder, sandbox);
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

TransferJob *WorkspaceActions::queueDump(const QString &sandbox, bool extract, const QString &target)
{
    TransferJob *job = m_hooks.queueDump(sandbox, extract, target);
    if (!job) {
        emit statusMessage(tr("Sandbox %1 cannot be reached any more; refresh and try again.")
                               .arg(DisplayText::visible(sandbox)));
        return nullptr;
    }
    const QString where = QDir::toNativeSeparators(target);
    emit statusMessage(
        extract ? tr("Extracting the dump of %1 into %2.").arg(DisplayText::visible(sandbox), where)
                : tr("Downloading the dump of %1 to %2.").arg(DisplayText::visible(sandbox), where));
    emit transferQueued(job);
    return job;
}

TransferJob *WorkspaceActions::saveDumpTo(const QString &sandbox, const QString &archivePath)
{
    return queueDump(sandbox, false, archivePath);
}

TransferJob *WorkspaceActions::extractDumpTo(const QString &sandbox, const QString &folder)
{
    // chooseExtractFolder() asked about a folder with files in it; the job refuses one all the same.
    return queueDump(sandbox, true, folder);
}

QString WorkspaceActions::extractionFolder(const QString &parentFolder, const QString &sandbox)
{
    const QDir parent(parentFolder);
    const QString base = u"workspace-"_s + shortId(sandbox);
    QString name = base;
    for (int n = 2; parent.exists(name); ++n)
        name = base + u'-' + QString::number(n);
    return parent.filePath(name);
}

QString WorkspaceActions::lastFolder() const
{
    QString remembered = QSettings().value(u"workspace/lastFolder"_s).toString();
    if (!remembered.isEmpty() && QFileInfo(remembered).isDir())
        return remembered;
    return QStandardPaths::writableLocation(QStandardPaths::HomeLocation);
}

void WorkspaceActions::rememberFolder(const QString &path)
{
    QSettings().setValue(u"workspace/lastFolder"_s, path);
}
