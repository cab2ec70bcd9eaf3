#include "session/filecontroller.h"

#include "api/blaxelsandboxfiles.h"
#include "session/appsession.h"
#include "session/filebrowser.h"
#include "workspace/blaxeluploadjob.h"
#include "workspace/transferqueue.h"

#include <QUrl>

using namespace Qt::StringLiterals;

FileController::FileController(AppSession *session, QObject *parent) : QObject(parent), m_session(session) {}

FileBrowser *FileController::browseBlaxel(const QString &name, const QUrl &url, QObject *parent,
                                          QString *problem)
{
    BlaxelSandboxFiles *files = m_session->checkedBlaxelSandboxFiles(
        name, url, tr("Connect to Blaxel to see a sandbox's files."), problem);
    if (!files)
        return nullptr;
    auto *browser = new FileBrowser(name, files, parent);
    // Where a sandbox's work is: its working directory, as the API reads a relative path.
    browser->setRootPath(u"/blaxel"_s);
    return browser;
}

TransferJob *FileController::uploadInto(const QString &name, const QUrl &url, const QStringList &sources,
                                        const QString &remoteFolder, QString *problem)
{
    BlaxelSandboxFiles *files = m_session->checkedBlaxelSandboxFiles(
        name, url, tr("Connect to Blaxel to upload into a sandbox."), problem);
    if (!files)
        return nullptr;
    auto *job = new BlaxelUploadJob(files, sources, nullptr, remoteFolder);
    files->setParent(job); // the job's own client: it goes with the job (or its retry, which takes it)
    m_session->transfers()->enqueue(job);
    return job;
}

bool FileController::isLocal() const
{
    return m_session->isDemo();
}
