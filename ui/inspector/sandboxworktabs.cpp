#include "inspector/sandboxworktabs.h"

#include "common/elasticcolumn.h"
#include "inspector/inspectpage.h"
#include "inspector/tooldiffdialog.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabBar>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

SandboxWorkTabs::SandboxWorkTabs(QWidget *details, McpInspector *inspector, QWidget *parent)
    : QTabWidget(parent), m_details(details), m_inspector(inspector), m_inspectTab(new QScrollArea(this)),
      m_inspect(new QWidget(m_inspectTab)), m_serverChoice(new QComboBox(m_inspect)),
      m_nothingToInspect(new QLabel(m_inspect)), m_stack(new QStackedWidget(m_inspect))
{
    setDocumentMode(true);
    addTab(details, tr("Details"));
    holdInScrollArea(m_inspectTab, m_inspect);
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
    m_data = new QScrollArea(this);
    holdInScrollArea(m_data, page);
    addTab(m_data, tr("Data"));
    setDataAvailable(false);
}

void SandboxWorkTabs::setExecutionsPage(QWidget *page)
{
    m_executions = new QScrollArea(this);
    holdInScrollArea(m_executions, page);
    addTab(m_executions, tr("Executions"));
    setTabToolTip(executionsIndex(), tr("Run a folder's main.py in the sandbox and follow its log"));
    setExecutionsAvailable(false);
}

void SandboxWorkTabs::setExecutionsAvailable(bool available)
{
    if (m_executions)
        setTabEnabled(executionsIndex(), available);
}

int SandboxWorkTabs::executionsIndex() const
{
    return m_executions ? indexOf(m_executions) : -1;
}

void SandboxWorkTabs::holdInScrollArea(QScrollArea *area, QWidget *page)
{
    // A tab widget is as wide as its widest page's minimum: a work page's minimum must not take the
    // table's room (or the window's 800 pixels) while Details is shown. Narrower than that, it scrolls.
    area->setWidget(page);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
}

void SandboxWorkTabs::setDataAvailable(bool available, const QString &whyNot)
{
    if (!m_data)
        return;
    setTabEnabled(dataIndex(), available);
    setTabToolTip(dataIndex(), available || whyNot.isEmpty()
                                   ? tr("Dump, seed and compare the data of the sandbox's server")
                                   : whyNot);
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
    m_stack->setCurrentWidget(pageFor(m_servers.at(choice)));
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

InspectPage *SandboxWorkTabs::pageFor(const NamedUrl &server)
{
    const QUrl &url = server.second;
    m_recent.removeOne(url);
    m_recent.append(url);
    if (InspectPage *page = m_pages.value(url))
        return page;
    while (m_pages.size() >= maxInspectPages) {
        const QUrl oldestUrl = m_recent.takeFirst();
        m_labels.remove(oldestUrl);
        InspectPage *oldest = m_pages.take(oldestUrl);
        m_connectedOnce.remove(oldest);
        delete oldest;
    }
    auto *page = new InspectPage(m_inspector, m_stack);
    page->setServer(url);
    connect(page, &InspectPage::copied, this, &SandboxWorkTabs::copied);
    connect(page, &InspectPage::compareToolsRequested, this, &SandboxWorkTabs::compareTools);
    m_labels.insert(url, m_sandboxLabel.isEmpty() ? server.first : m_sandboxLabel + u" · "_s + server.first);
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
        applyWorkSplit(splitter);
        // A window made narrower while a work tab is open would take it all from the list (the splitter
        // gives and takes by stretch, and the list has it all): the split is kept on every resize.
        splitter->installEventFilter(this);
    } else if (!working && !m_sizesBeforeWork.isEmpty()) {
        splitter->removeEventFilter(this);
        splitter->setSizes(m_sizesBeforeWork);
        m_sizesBeforeWork.clear();
    }
}

void SandboxWorkTabs::applyWorkSplit(QSplitter *splitter)
{
    // From the splitter's width, not its children's: in a resize they still have the old one.
    const int total = std::max(splitter->contentsRect().width() - splitter->handleWidth(), 0);
    QWidget *list = splitter->widget(splitter->widget(0) == this ? 1 : 0);
    // The list keeps its ids whole (up to half the split) or 30 %, whichever is more: a list of
    // "d6a80…ecd28" beside the tab, or of "20a9" at 800 pixels, no longer tells the sandboxes apart.
    const auto *elastic = list->findChild<const ElasticColumn *>();
    const int whole = elastic ? std::min(elastic->widthShowingWhole(), total / 2) : 0;
    const int table = std::max({160, total * 3 / 10, whole});
    splitter->setSizes(splitter->widget(0) == this ? QList<int>{total - table, table}
                                                   : QList<int>{table, total - table});
}

bool SandboxWorkTabs::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize && watched == parentWidget() && !m_sizesBeforeWork.isEmpty())
        if (auto *splitter = qobject_cast<QSplitter *>(watched))
            applyWorkSplit(splitter);
    return QTabWidget::eventFilter(watched, event);
}

void SandboxWorkTabs::compareTools()
{
    InspectPage *page = currentInspectPage();
    if (!page)
        return;
    auto *dialog = new ToolDiffDialog(m_inspector, window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QUrl shown = m_pages.key(page);
    int shownIndex = 0;
    // Most recent first: the sandbox shown, then the others of this session.
    for (qsizetype i = m_recent.size() - 1; i >= 0; --i) {
        if (m_recent.at(i) == shown)
            shownIndex = int(m_recent.size() - 1 - i);
        dialog->addSandbox(m_labels.value(m_recent.at(i)), m_recent.at(i));
    }
    dialog->setGivenList(ToolDiffDialog::Side::A,
                         tr("%1, as first listed at %2")
                             .arg(m_labels.value(shown),
                                  QLocale().toString(page->firstListedAt().time(), QLocale::ShortFormat)),
                         page->firstListedTools());
    dialog->setSource(ToolDiffDialog::Side::A, ToolDiffDialog::Source::Given);
    dialog->setSource(ToolDiffDialog::Side::B, ToolDiffDialog::Source::Sandbox);
    dialog->setSandbox(ToolDiffDialog::Side::B, shownIndex);
    dialog->show();
    dialog->compare();
}

QSize SandboxWorkTabs::sizeHint() const
{
    const QSize details = m_details->sizeHint();
    return {std::max(details.width(), tabBar()->sizeHint().width()),
            details.height() + tabBar()->sizeHint().height()};
}

int SandboxWorkTabs::dataIndex() const
{
    return m_data ? indexOf(m_data) : -1;
}

int SandboxWorkTabs::inspectIndex() const
{
    return indexOf(m_inspectTab);
}

InspectPage *SandboxWorkTabs::currentInspectPage() const
{
    return qobject_cast<InspectPage *>(m_stack->currentWidget());
}
