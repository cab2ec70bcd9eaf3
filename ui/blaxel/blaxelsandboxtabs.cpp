#include "blaxel/blaxelsandboxtabs.h"

#include "files/filespane.h"
#include "previews/previewspane.h"
#include "processes/processespane.h"
#include "session/appsession.h"
#include "terminal/terminalpane.h"

using namespace Qt::StringLiterals;

BlaxelSandboxTabs::BlaxelSandboxTabs(QWidget *details, AppSession *session, QWidget *parent)
    : QTabWidget(parent), m_terminal(new TerminalPane(session->terminals(), this)),
      m_files(new FilesPane(session->files(), this)),
      m_processes(new ProcessesPane(session->processes(), this)),
      m_previews(new PreviewsPane(session->previews(), this))
{
    setObjectName(u"blaxelSideTabs"_s);
    setDocumentMode(true);
    addTab(details, tr("Details"));
    addTab(m_terminal, tr("Terminal"));
    addTab(m_files, tr("Files"));
    addTab(m_processes, tr("Processes"));
    addTab(m_previews, tr("Previews"));
}

void BlaxelSandboxTabs::showSandbox(const QString &name, const QUrl &url, bool deployed)
{
    m_terminal->showSandbox(name, url, deployed);
    m_files->showSandbox(name, url, deployed);
    m_processes->showSandbox(name, url, deployed);
    m_previews->showSandbox(name, deployed);
}
