#include "widgets/sandboxworktabs.h"

#include "pages/inspectpage.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

SandboxWorkTabs::SandboxWorkTabs(QWidget *details, QNetworkAccessManager *network, QWidget *parent)
    : QTabWidget(parent), m_details(details), m_network(network), m_inspectTab(new QScrollArea(this)),
      m_inspect(new QWidget(m_inspectTab)), m_serverChoice(new QComboBox(m_inspect)),
      m_nothingToInspect(new QLabel(m_inspect)), m_stack(new QStackedWidget(m_inspect))
{
    setDocumentMode(true);
    addTab(details, tr("Details"));
    // In a scroll area: the tab widget is as wide as its widest page's minimum, and the inspector's
    // minimum must not take the table's room while Details is shown.
    m_inspectTab->setWidget(m_inspect);
    m_inspectTab->setWidgetResizable(true);
    m_inspectTab->setFrameShape(QFrame::NoFrame);
    addTab(m_inspectTab, tr("Inspect"));
    setTabToolTip(inspectIndex(), tr("Connect to the sandbox's MCP server, list its tools and call them"));
    setTabEnabled(inspectIndex(), false); // until a sandbox with a server URL is shown

    auto *serverRow = new QWidget(m_inspect);
    auto *serverLayout = new QHBoxLayout(serverRow);
    serverLayout->setContentsMargins(0, 0, 0, 0);
    auto *serverLabel = new QLabel(tr("&Server:"), serverRow);
    serverLabel->setBuddy(m_serverChoice);
    m_serverChoice->setParent(serverRow);
    serverLayout->addWidget(serverLabel);
    serverLayout->addWidget(m_serverChoice, 1);
    // Only a local sandbox has several servers; one server needs no choice.
    serverRow->setVisible(false);
    m_serverRow = serverRow;
    m_nothingToInspect->setText(tr("Select one sandbox with an MCP server URL to inspect it."));
    m_nothingToInspect->setAlignment(Qt::AlignCenter);
    m_nothingToInspect->setWordWrap(true);
    m_nothingToInspect->setEnabled(false);
    m_stack->addWidget(m_nothingToInspect);
    auto *layout = new QVBoxLayout(m_inspect);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(serverRow);
    layout->addWidget(m_stack, 1);
    connect(m_serverChoice, &QComboBox::currentIndexChanged, this, &SandboxWorkTabs::showServer);
    connect(this, &QTabWidget::currentChanged, this, &SandboxWorkTabs::connectShownPageOnce);
    connect(this, &QTabWidget::currentChanged, this, &SandboxWorkTabs::makeRoom);
}

void SandboxWorkTabs::setDataPage(QWidget *page)
{
    m_data = page;
    addTab(page, tr("Data"));
    setTabToolTip(dataIndex(), tr("Dump, seed and compare the data of the sandbox's server"));
    setDataAvailable(false);
}

void SandboxWorkTabs::setDataAvailable(bool available)
{
    if (!m_data)
        return;
    setTabVisible(dataIndex(), available);
}

void SandboxWorkTabs::showServers(const QList<NamedUrl> &servers)
{
    if (servers == m_servers)
        return;
    m_servers = servers;
    const QSignalBlocker blocker(m_serverChoice);
    m_serverChoice->clear();
    for (const NamedUrl &server : servers)
        m_serverChoice->addItem(server.first);
    m_serverRow->setVisible(servers.size() > 1);
    setTabEnabled(inspectIndex(), !servers.isEmpty());
    showServer(servers.isEmpty() ? -1 : 0);
}

void SandboxWorkTabs::showServer(int choice)
{
    if (choice < 0 || choice >= m_servers.size()) {
        m_stack->setCurrentWidget(m_nothingToInspect);
        return;
    }
    m_stack->setCurrentWidget(pageFor(m_servers.at(choice).second));
    connectShownPageOnce();
}

void SandboxWorkTabs::connectShownPageOnce()
{
    // Opening the tab is asking to see the tools: connect the first time, not again after a failure
    // (the page's Connect button retries).
    InspectPage *page = currentInspectPage();
    if (!page || currentWidget() != m_inspectTab || m_connectedOnce.contains(page))
        return;
    m_connectedOnce.insert(page);
    page->connectToServer();
}

InspectPage *SandboxWorkTabs::pageFor(const QUrl &url)
{
    m_recent.removeOne(url);
    m_recent.append(url);
    if (InspectPage *page = m_pages.value(url))
        return page;
    while (m_pages.size() >= maxInspectPages) {
        InspectPage *oldest = m_pages.take(m_recent.takeFirst());
        m_connectedOnce.remove(oldest);
        delete oldest;
    }
    auto *page = new InspectPage(m_network, m_stack);
    page->setServer(url);
    connect(page, &InspectPage::copied, this, &SandboxWorkTabs::copied);
    m_stack->addWidget(page);
    m_pages.insert(url, page);
    return page;
}

void SandboxWorkTabs::makeRoom()
{
    // Inspect and Data need the width the table has; Details gives it back as the user had it.
    auto *splitter = qobject_cast<QSplitter *>(parentWidget());
    if (!splitter || splitter->count() != 2)
        return;
    const bool working = currentWidget() != m_details;
    if (working && m_sizesBeforeWork.isEmpty()) {
        m_sizesBeforeWork = splitter->sizes();
        const int total = m_sizesBeforeWork.at(0) + m_sizesBeforeWork.at(1);
        const int table = std::max(160, total * 3 / 10);
        splitter->setSizes(splitter->widget(0) == this ? QList<int>{total - table, table}
                                                       : QList<int>{table, total - table});
    } else if (!working && !m_sizesBeforeWork.isEmpty()) {
        splitter->setSizes(m_sizesBeforeWork);
        m_sizesBeforeWork.clear();
    }
}

int SandboxWorkTabs::inspectIndex() const
{
    return indexOf(m_inspectTab);
}

InspectPage *SandboxWorkTabs::currentInspectPage() const
{
    return qobject_cast<InspectPage *>(m_stack->currentWidget());
}
