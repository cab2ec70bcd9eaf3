#include "blaxel/blaxelsandboxtabs.h"

#include "files/filespane.h"
#include "previews/previewspane.h"
#include "processes/processespane.h"
#include "session/appsession.h"
#include "terminal/terminalpane.h"

#include <QSignalBlocker>

using namespace Qt::StringLiterals;

BlaxelSandboxTabs::BlaxelSandboxTabs(QWidget *details, AppSession *session, QWidget *parent)
    : QTabWidget(parent), m_session(session)
{
    setObjectName(u"blaxelSideTabs"_s);
    setDocumentMode(true);
    addTab(details, tr("Details"));
    addTab(new QWidget(this), tr("Terminal"));
    addTab(new QWidget(this), tr("Files"));
    addTab(new QWidget(this), tr("Processes"));
    addTab(new QWidget(this), tr("Previews"));
    // Connected first: the pane is in place before anyone else hears of the change.
    connect(this, &QTabWidget::currentChanged, this, &BlaxelSandboxTabs::make);
}

void BlaxelSandboxTabs::showSandbox(const QString &name, const QUrl &url, bool deployed)
{
    m_name = name;
    m_url = url;
    m_deployed = deployed;
    if (m_terminal)
        m_terminal->showSandbox(name, url, deployed);
    if (m_files)
        m_files->showSandbox(name, url, deployed);
    if (m_processes)
        m_processes->showSandbox(name, url, deployed);
    if (m_previews)
        m_previews->showSandbox(name, deployed);
}

bool BlaxelSandboxTabs::isMade(int index) const
{
    switch (index) {
    case TerminalTab:
        return m_terminal != nullptr;
    case FilesTab:
        return m_files != nullptr;
    case ProcessesTab:
        return m_processes != nullptr;
    case PreviewsTab:
        return m_previews != nullptr;
    default:
        return index == DetailsTab;
    }
}

TerminalPane *BlaxelSandboxTabs::terminalPane()
{
    make(TerminalTab);
    return m_terminal;
}

FilesPane *BlaxelSandboxTabs::filesPane()
{
    make(FilesTab);
    return m_files;
}

ProcessesPane *BlaxelSandboxTabs::processesPane()
{
    make(ProcessesTab);
    return m_processes;
}

PreviewsPane *BlaxelSandboxTabs::previewsPane()
{
    make(PreviewsTab);
    return m_previews;
}

void BlaxelSandboxTabs::make(int index)
{
    if (isMade(index) || index < 0 || index > PreviewsTab)
        return;
    switch (index) {
    case TerminalTab:
        m_terminal = new TerminalPane(m_session->terminals(), this);
        m_terminal->showSandbox(m_name, m_url, m_deployed);
        replaceStandIn(index, m_terminal);
        break;
    case FilesTab:
        m_files = new FilesPane(m_session->files(), this);
        m_files->showSandbox(m_name, m_url, m_deployed);
        replaceStandIn(index, m_files);
        break;
    case ProcessesTab:
        m_processes = new ProcessesPane(m_session->processes(), this);
        m_processes->showSandbox(m_name, m_url, m_deployed);
        replaceStandIn(index, m_processes);
        break;
    default:
        m_previews = new PreviewsPane(m_session->previews(), this);
        m_previews->showSandbox(m_name, m_deployed);
        replaceStandIn(index, m_previews);
        break;
    }
}

void BlaxelSandboxTabs::replaceStandIn(int index, QWidget *pane)
{
    QWidget *standIn = widget(index);
    const bool wasCurrent = currentIndex() == index;
    {
        // The tab a user sees does not change: nobody is told it did.
        const QSignalBlocker blocker(this);
        insertTab(index, pane, tabText(index));
        removeTab(index + 1);
        if (wasCurrent)
            setCurrentIndex(index);
    }
    standIn->deleteLater();
}
