#include "workspace/workspaceuploadjob.h"

#include "workspace/workspacearchiver.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace {

QString displayName(const QStringList &sources)
{
    if (sources.isEmpty())
        return u"(nothing)"_s;
    if (sources.size() == 1)
        return QFileInfo(sources.first()).fileName();
    // A named count: lupdate hangs on an expression with an operator as the count argument.
    const int more = int(sources.size()) - 1;
    return QCoreApplication::translate("WorkspaceUploadJob", "%1 and %n more", nullptr, more)
        .arg(QFileInfo(sources.first()).fileName());
}

QString sentence(const QString &text)
{
    return text.endsWith(u'.') ? text : QString(text + u'.');
}

bool isArchiveAsItIs(const QStringList &sources)
{
    if (sources.size() != 1 || !QFileInfo(sources.first()).isFile())
        return false;
    const QString name = sources.first().toLower();
    return name.endsWith(u".tar.gz"_s) || name.endsWith(u".tgz"_s);
}

} // namespace

WorkspaceUploadJob::WorkspaceUploadJob(const QString &sandboxId, const QStringList &sources, QObject *parent)
    : TransferJob(Direction::Upload, sandboxId, displayName(sources), parent), m_sources(sources)
{}

WorkspaceUploadJob::~WorkspaceUploadJob()
{
    // The archiver's worker writes into the temporary folder: it must stop before ~TransferJob removes it;
    // the packed archive goes with it, a dropped one stays where it was.
    delete m_archiver;
}

void WorkspaceUploadJob::start()
{
    if (m_sources.isEmpty()) {
        fail(tr("Nothing to upload: choose a folder or files."), FailureKind::Rejected);
        return;
    }
    if (const QString problem = cannotSend(); !problem.isEmpty()) {
        fail(problem, FailureKind::Local);
        return;
    }
    if (isArchiveAsItIs(m_sources)) {
        QString why;
        if (!WorkspaceArchiver::isGzipTar(m_sources.first(), &why)) {
            fail(tr("Not uploaded: %1 Drop the folder itself, or a real .tar.gz archive.").arg(sentence(why)),
                 FailureKind::Rejected);
            return;
        }
        if (const QString refusal = m_limits.refusal(-1, -1, QFileInfo(m_sources.first()).size());
            !refusal.isEmpty()) {
            fail(tr("Not uploaded: %1").arg(refusal), FailureKind::Policy);
            return;
        }
        setPhaseWeights(phaseWeights(false));
        m_archivePath = m_sources.first();
        // Hashed and counted on a worker while it is sent: the upload does not wait, its success does.
        measureArchive(m_archivePath, true);
        send();
        return;
    }
    setPhaseWeights(phaseWeights(true));
    pack();
}

void WorkspaceUploadJob::pack()
{
    setState(State::Packing);
    if (!makeTemporaryFolder(QDir::tempPath() + u"/sandboxdeck-upload-XXXXXX"_s)) {
        fail(tr("Could not create a temporary folder in %1 to pack the workspace.").arg(QDir::tempPath()),
             FailureKind::Local);
        return;
    }
    m_archiver = new WorkspaceArchiver(this);
    connect(m_archiver, &WorkspaceArchiver::progress, this, &WorkspaceUploadJob::setProgress);
    connect(m_archiver, &WorkspaceArchiver::finished, this, [this](const PackResult &result) {
        if (isCancelling() || result.cancelled) {
            cleanUp();
            markCancelled();
            return;
        }
        if (result.pastLimits) {
            cleanUp();
            fail(tr("Not uploaded: %1").arg(result.error), FailureKind::Policy);
            return;
        }
        if (!result.ok) {
            cleanUp();
            fail(tr("Could not pack the workspace: %1").arg(result.error), FailureKind::Local);
            return;
        }
        m_archivePath = result.archivePath;
        // Hashed by the packer as it wrote: the archive is not read once more for the ledger.
        setArchiveFacts({result.archiveSha256, result.archiveBytes, result.scan.fileCount});
        send();
    });
    m_archiver->start(m_sources, temporaryFilePath(u"workspace.tar.gz"_s), m_limits);
}

void WorkspaceUploadJob::cancel()
{
    if (!beginCancel())
        return;
    if (m_archiver && m_archiver->isRunning()) {
        m_archiver->cancel(); // finished() arrives and completes the cancel
        return;
    }
    abortSending();
    cleanUp();
    markCancelled();
}
