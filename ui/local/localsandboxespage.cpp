#include "local/localsandboxespage.h"

#include "api/localsandbox.h"
#include "api/remotetext.h"
#include "catalog/mcpclientconfig.h"
#include "common/confirmationbox.h"
#include "common/connecthint.h"
#include "common/rowchangeflash.h"
#include "common/sandboxtable.h"
#include "common/viewsizing.h"
#include "executions/executionstab.h"
#include "executions/followconsole.h"
#include "inspector/sandboxworktabs.h"
#include "local/localacquiredialog.h"
#include "local/localsandboxdetailspane.h"
#include "models/localsandboxfilterproxy.h"
#include "models/localsandboxtreemodel.h"
#include "models/statuskind.h"
#include "sandboxlist/releasewording.h"
#include "sandboxlist/sandboxfilterbar.h"
#include "sandboxlist/statusdelegate.h"
#include "session/appsession.h"
#include "session/localsandboxescontroller.h"
#include "transfers/workspaceactions.h"
#include "workspace/transferqueue.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QPointer>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

LocalSandboxesPage::LocalSandboxesPage(LocalSandboxesController *controller, QWidget *parent)
    : SandboxListPage(controller, u"local"_s, parent), m_controller(controller), m_view(new QTreeView(this)),
      m_details(new LocalSandboxDetailsPane(this)),
      m_workTabs(new SandboxWorkTabs(m_details, controller->session()->mcpInspector(), this)),
      m_executions(new ExecutionsTab(controller->session()->executionRuns(), this)),
      m_workspace(createWorkspaceActions(controller))
{
    setupView();
    watchRefreshes(controller, tr("Could not refresh the local sandboxes"));

    // A local sandbox has no server of its own and its benchmark is rarely set: search, status and tag.
    SandboxFilterBar *bar = filterBar();
    bar->setFacetShown(SandboxFilterBar::Facet::Server, false);
    bar->setFacetShown(SandboxFilterBar::Facet::Benchmark, false);
    auto *proxy = controller->proxy();
    connect(bar, &SandboxFilterBar::searchChanged, proxy, &LocalSandboxFilterProxy::setSearchText);
    connect(bar, &SandboxFilterBar::statusChanged, proxy, &LocalSandboxFilterProxy::setStatusFilter);
    connect(bar, &SandboxFilterBar::tagChanged, proxy, &LocalSandboxFilterProxy::setTagFilter);
    connect(proxy, &LocalSandboxFilterProxy::countsChanged, bar, &SandboxFilterBar::setCounts);
    bar->setCounts(proxy->acceptedCount(), proxy->totalCount());
    auto *model = controller->model();
    connect(model, &QAbstractItemModel::rowsInserted, this, &LocalSandboxesPage::updateFacets);
    connect(model, &QAbstractItemModel::dataChanged, this, &LocalSandboxesPage::updateFacets);
    connect(controller->store(), &SandboxStoreSignals::published, this,
            &LocalSandboxesPage::followShownSandbox);
    connect(controller, &SandboxListController::detailsFailed, m_details,
            &LocalSandboxDetailsPane::showError);
    connect(controller, &LocalSandboxesController::acquiredSandboxListed, this,
            &LocalSandboxesPage::selectSandbox);
    const auto announceCopy = [this](const QString &what) {
        emit statusMessage(tr("Copied %1 to the clipboard.").arg(what));
    };
    connect(m_details, &LocalSandboxDetailsPane::copied, this, announceCopy);
    connect(m_workTabs, &SandboxWorkTabs::copied, this, announceCopy);
    m_workTabs->setExecutionsPage(m_executions);
    connect(m_executions, &ExecutionsTab::statusMessage, this, &LocalSandboxesPage::statusMessage);
    connect(m_details, &LocalSandboxDetailsPane::copyMcpConfigRequested, this,
            &LocalSandboxesPage::copyMcpConfig);
    connect(m_details, &LocalSandboxDetailsPane::uploadRequested, this, &LocalSandboxesPage::uploadWorkspace);
    connect(m_details, &LocalSandboxDetailsPane::saveDumpRequested, this, &LocalSandboxesPage::saveDump);
    connect(m_details, &LocalSandboxDetailsPane::extractDumpRequested, this,
            &LocalSandboxesPage::extractDump);
    connect(m_workspace, &WorkspaceActions::statusMessage, this, &LocalSandboxesPage::statusMessage);
    m_details->showEmpty(0);
    setVerbAction(Verb::Acquire, [this] { acquire(); });
    setVerbAction(Verb::Release, [this] { releaseSelected(); });
    setVerbAction(Verb::Reset, [this] { resetSelected(); });
    setVerbAction(Verb::CopyIds, [this] { copySelectedIds(); });
    setVerbAction(Verb::CopyMcpConfig, [this] { copyMcpConfig(); });
    setVerbAction(Verb::UploadWorkspace, [this] { uploadWorkspace(); });
    setVerbAction(Verb::SaveDump, [this] { saveDump(); });
    setVerbAction(Verb::ExtractDump, [this] { extractDump(); });
    setupDropTargets();
}

void LocalSandboxesPage::setupView()
{
    m_view->setModel(m_controller->proxy());
    placeView(m_view, m_workTabs);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    m_view->setUniformRowHeights(true);
    m_view->setAllColumnsShowFocus(true);
    m_view->header()->setSectionsMovable(true);
    m_view->header()->setStretchLastSection(true);
    m_view->setColumnWidth(LocalSandboxTreeModel::NameColumn, 300);
    m_view->setColumnWidth(LocalSandboxTreeModel::StatusColumn, 110);
    m_view->setColumnWidth(LocalSandboxTreeModel::BenchmarkColumn, 110);
    m_view->setColumnWidth(LocalSandboxTreeModel::CreatedColumn, 100);
    m_view->setItemDelegateForColumn(LocalSandboxTreeModel::StatusColumn, new StatusDelegate(m_view));
    ViewSizing::setComfortableRows(m_view);
    ViewSizing::keepColumnsFitting(m_view, LocalSandboxTreeModel::NameColumn);
    setEmptyText(tr("No local sandboxes. Acquire one with Ctrl+N: a VM with filesystem, git, terminal "
                    "and other MCP servers around a workspace."));
    setConnectHint(
        new ConnectHint(tr("No Klavis account yet"),
                        tr("Add a profile with your Klavis API key in Settings to list and acquire "
                           "local sandboxes, or look around first in the built-in demo."),
                        ConnectHint::Demo::Offered, this));
    connect(m_controller->proxy(), &QAbstractItemModel::rowsInserted, m_view,
            [this](const QModelIndex &parent) {
                if (!parent.isValid())
                    m_view->expandAll(); // a new sandbox shows its servers at once
            });
    // A server row flashes with its sandbox: they share the sandbox's id.
    setFlashKey([](const QModelIndex &index) {
        return index.data(LocalSandboxTreeModel::LocalSandboxIdRole).toString();
    });
    connect(m_controller->model(), &LocalSandboxTreeModel::sandboxesRefreshed, changeFlash(),
            &RowChangeFlash::flash);
}

WorkspaceActions *LocalSandboxesPage::createWorkspaceActions(LocalSandboxesController *controller)
{
    TransferQueue *queue = controller->session()->transfers();
    QPointer<const LocalSandboxStore> sandboxes = controller->store();
    WorkspaceActions::Hooks hooks;
    hooks.uploadWarning = [sandboxes](const QString &id) -> QString {
        const LocalSandbox *sandbox = sandboxes ? sandboxes->find(id) : nullptr;
        if (!sandbox || StatusKind::of(sandbox->status) != StatusKind::Idle)
            return {};
        return tr(
            "This sandbox is idle: it is not acquired, so it may be handed to someone else or reset, and "
            "your files with it. Acquire it first to keep them.");
    };
    hooks.uploadLimits = [sandboxes](const QString &id) {
        const LocalSandbox *sandbox = sandboxes ? sandboxes->find(id) : nullptr;
        return sandbox ? sandbox->workspaceLimits : WorkspaceLimits{};
    };
    hooks.queueUpload = [queue, sandboxes](const QString &id, const QStringList &sources) {
        const LocalSandbox *sandbox = sandboxes ? sandboxes->find(id) : nullptr;
        return queue->enqueueUpload(id, sources, sandbox ? sandbox->workspaceLimits : WorkspaceLimits{});
    };
    hooks.queueDump = [queue](const QString &id, bool extract, const QString &target) {
        return queue->enqueueDump(id, extract ? DumpJob::Mode::Extract : DumpJob::Mode::SaveArchive, target);
    };
    return new WorkspaceActions(WorkspaceActions::Provider::KlavisLocal, std::move(hooks), this);
}

void LocalSandboxesPage::setupDropTargets()
{
    // A drop on a server row means its sandbox: the workspace belongs to the VM, not to one server.
    m_workspace->acceptDrops(
        m_view->viewport(),
        [this](const QPoint &position, QRect *highlight) -> QString {
            const QModelIndex index = m_view->indexAt(position);
            if (!index.isValid())
                return {};
            const QModelIndex sandboxRow = index.parent().isValid() ? index.parent() : index;
            QRect rows = m_view->visualRect(sandboxRow.siblingAtColumn(0));
            // The sandbox with its servers: everything that the workspace belongs to.
            const int children = m_view->model()->rowCount(sandboxRow);
            if (children > 0 && m_view->isExpanded(sandboxRow))
                rows.setBottom(
                    m_view->visualRect(m_view->model()->index(children - 1, 0, sandboxRow)).bottom());
            *highlight = QRect(0, rows.top(), m_view->viewport()->width(), rows.height());
            return index.data(LocalSandboxTreeModel::LocalSandboxIdRole).toString();
        },
        m_details, [this] { return m_shownId; });
}

void LocalSandboxesPage::uploadWorkspace()
{
    if (m_shownId.isEmpty())
        emit statusMessage(tr("Select one local sandbox to upload a workspace into."));
    else
        m_workspace->chooseUpload(m_shownId);
}

void LocalSandboxesPage::saveDump()
{
    if (m_shownId.isEmpty())
        emit statusMessage(tr("Select one local sandbox to save its dump."));
    else
        m_workspace->chooseDumpFile(m_shownId);
}

void LocalSandboxesPage::extractDump()
{
    if (m_shownId.isEmpty())
        emit statusMessage(tr("Select one local sandbox to extract its dump."));
    else
        m_workspace->chooseExtractFolder(m_shownId);
}

QStringList LocalSandboxesPage::selectedIds() const
{
    QStringList ids;
    for (const auto &index : selectedRows()) {
        const QString id = index.data(LocalSandboxTreeModel::LocalSandboxIdRole).toString();
        if (!id.isEmpty() && !ids.contains(id))
            ids << id;
    }
    return ids;
}

QStringList LocalSandboxesPage::selectedActiveIds(int *leftOut) const
{
    QStringList ids;
    int skipped = 0;
    for (const auto &id : selectedIds()) {
        const auto *sandbox = m_controller->store()->find(id);
        if (StatusKind::isReleasable(StatusKind::of(sandbox ? sandbox->status : QString())))
            ids << id;
        else
            ++skipped;
    }
    if (leftOut)
        *leftOut = skipped;
    return ids;
}

RowExport LocalSandboxesPage::visibleRows() const
{
    RowExport rows(
        {u"local_sandbox_id"_s, u"status"_s, u"benchmark"_s, u"created_at"_s, u"servers"_s, u"mcp_urls"_s});
    const auto *proxy = m_controller->proxy();
    for (int row = 0; row < proxy->rowCount(); ++row) {
        const QString id = proxy->index(row, 0).data(LocalSandboxTreeModel::LocalSandboxIdRole).toString();
        const LocalSandbox *sandbox = m_controller->store()->find(id);
        if (!sandbox)
            continue;
        QStringList servers;
        QStringList urls;
        for (const auto &server : sandbox->servers) {
            servers << server.displayName();
            urls << RemoteText::maskedUrl(server.mcpServerUrl);
        }
        rows.addRow(
            {sandbox->localSandboxId, sandbox->status, sandbox->benchmark,
             sandbox->createdAt.isValid() ? sandbox->createdAt.toUTC().toString(Qt::ISODate) : QString(),
             servers, urls});
    }
    return rows;
}

void LocalSandboxesPage::updateFacets()
{
    filterBar()->addFacets({}, m_controller->model()->knownStatuses(), {},
                           m_controller->model()->knownTags());
}

void LocalSandboxesPage::onSelectionChanged()
{
    const auto ids = selectedIds();
    if (ids.size() != 1) {
        m_shownId.clear();
        m_shownSandbox.reset();
        m_details->showEmpty(int(ids.size()));
        m_workTabs->showServers({});
        m_executions->setSandbox({});
        m_workTabs->setExecutionsAvailable(false);
        return;
    }
    if (ids.first() == m_shownId)
        return; // a refresh re-selected the same row: the store tells the pane what changed
    m_shownId = ids.first();
    m_shownSandbox.reset();
    m_executions->setSandbox(m_shownId);
    followShownSandbox();
    m_controller->loadDetails(m_shownId); // its answer reaches the pane through the store
}

// The pane shows what the store holds of the selected sandbox: a list or details reply that changed it
// shows at once, and one that no longer lists it says so.
void LocalSandboxesPage::followShownSandbox()
{
    if (m_shownId.isEmpty())
        return;
    const LocalSandbox *listed = m_controller->store()->find(m_shownId);
    if (!listed) {
        if (!m_controller->store()->hasListed())
            return;
        m_shownSandbox.reset();
        m_details->showGone(m_shownId);
        m_workTabs->showServers({});
        m_workTabs->setExecutionsAvailable(false);
        return;
    }
    if (m_shownSandbox && m_shownSandbox->sameContentAs(*listed) && m_shownSandbox->raw == listed->raw)
        return;
    m_shownSandbox = *listed;
    // Scripts run in a held sandbox only.
    m_workTabs->setExecutionsAvailable(StatusKind::isReleasable(StatusKind::of(listed->status)));
    showSandbox(*listed);
}

void LocalSandboxesPage::showSandbox(const LocalSandbox &sandbox)
{
    m_details->showSandbox(sandbox);
    m_workTabs->setSandboxLabel(tr("local %1").arg(sandbox.localSandboxId.left(8)));
    QList<SandboxWorkTabs::NamedUrl> servers;
    for (const LocalServer &server : sandbox.servers) {
        if (!server.mcpServerUrl.isEmpty())
            servers.append({server.displayName(), QUrl(server.mcpServerUrl)});
    }
    m_workTabs->showServers(servers);
}

void LocalSandboxesPage::runScriptInSelected()
{
    FollowConsole::askAndRun(m_controller->session()->executionRuns(), selectedActiveIds(), this);
}

void LocalSandboxesPage::selectSandbox(const QString &localSandboxId)
{
    const auto sourceIndex = m_controller->model()->indexOfSandbox(localSandboxId);
    if (!sourceIndex.isValid())
        return;
    auto index = m_controller->proxy()->mapFromSource(sourceIndex);
    if (!index.isValid()) {
        // Hidden by the filters: a new sandbox the user cannot see would leave the selection elsewhere.
        filterBar()->clearFilters();
        index = m_controller->proxy()->mapFromSource(sourceIndex);
        emit statusMessage(tr("Filters cleared to show the new local sandbox %1.").arg(localSandboxId));
    }
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                         QItemSelectionModel::Rows);
    m_view->expand(index);
    m_view->scrollTo(index);
}

void LocalSandboxesPage::acquire()
{
    auto *dialog = new LocalAcquireDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &FormDialog::submitted, this, [this, dialog] {
        dialog->setBusy(true, tr("Acquiring…"));
        m_controller->acquire(
            dialog->request(), dialog, [this, dialog](const ApiResult<LocalSandbox> &result) {
                dialog->setBusy(false);
                if (!result) {
                    dialog->showServerError(result.error());
                    return;
                }
                emit statusMessage(
                    tr("Acquired local sandbox %1 with %n server(s).", nullptr, int(result->servers.size()))
                        .arg(result->localSandboxId));
                m_view->clearSelection(); // until the new sandbox is listed, Delete must not meet the old row
                dialog->accept();
            });
    });
    dialog->open();
}

void LocalSandboxesPage::runBulk(bool release)
{
    int leftOut = 0;
    const auto ids = selectedActiveIds(&leftOut);
    if (ids.isEmpty())
        return;
    using Wording = ReleaseWording;
    const auto verb = release ? Wording::Verb::Release : Wording::Verb::Reset;
    const int count = int(ids.size());
    if (ConfirmationBox::ask(this, Wording::localQuestion(verb, count, ids.first()),
                             Wording::localConsequence(verb, count) + ConfirmationBox::leftOutNote(leftOut),
                             Wording::actionText(verb)))
        m_controller->runBulk(
            release ? LocalSandboxesController::Bulk::Release : LocalSandboxesController::Bulk::Reset, ids);
}

void LocalSandboxesPage::releaseSelected()
{
    runBulk(true);
}

void LocalSandboxesPage::resetSelected()
{
    runBulk(false);
}

void LocalSandboxesPage::copySelectedIds()
{
    const auto ids = selectedIds();
    if (SandboxTable::copyLines(ids))
        emit statusMessage(tr("Copied %n local sandbox id(s).", nullptr, int(ids.size())));
}

void LocalSandboxesPage::copyMcpConfig()
{
    QList<QPair<QString, QString>> urls;
    for (const auto &id : selectedActiveIds())
        if (const auto *sandbox = m_controller->store()->find(id))
            for (const auto &server : sandbox->servers)
                if (!server.mcpServerUrl.isEmpty())
                    urls.append({server.displayName(), server.mcpServerUrl});
    if (urls.isEmpty()) {
        emit statusMessage(tr("No MCP URLs to copy: select a local sandbox with servers."));
        return;
    }
    QGuiApplication::clipboard()->setText(QString::fromUtf8(McpClientConfig::build(urls)));
    emit statusMessage(tr("Copied MCP client config for %n server(s).", nullptr, int(urls.size())));
}

QStringList LocalSandboxesPage::contextActionNames() const
{
    return {u"copyId"_s,  u"copyMcpConfig"_s, {}, u"uploadWorkspace"_s, u"saveDump"_s, u"extractDump"_s, {},
            u"release"_s, u"reset"_s,         {}, u"acquire"_s,         u"refresh"_s,  u"exportRows"_s};
}

SandboxListPage::VerbState LocalSandboxesPage::verbState(Verb verb) const
{
    const int selected = selectedCount();
    switch (verb) {
    case Verb::Acquire:
        return {true, true, {}, {}};
    case Verb::Release:
    case Verb::Reset: {
        return releaseOrResetState(verb, int(selectedActiveIds().size()));
    }
    case Verb::CopyIds:
        return copyIdsState();
    case Verb::CopyMcpConfig: {
        // An idle local sandbox is the pool's: no lease, so no MCP URLs and no workspace of the user's.
        const bool anyOccupied = !selectedActiveIds().isEmpty();
        return {true,
                anyOccupied,
                {},
                anyOccupied     ? QString()
                : selected == 0 ? tr("Select an occupied local sandbox: its MCP URLs go into the config.")
                                : tr("The selection holds no occupied local sandbox: an idle or failed one "
                                     "has no MCP URLs.")};
    }
    case Verb::UploadWorkspace:
    case Verb::SaveDump:
    case Verb::ExtractDump: {
        const bool oneOccupied = selected == 1 && selectedActiveIds().size() == 1;
        return {true,
                oneOccupied,
                {},
                oneOccupied ? QString()
                : selected != 1
                    ? tr("Select one occupied local sandbox: its workspace is the one used.")
                    : tr("This local sandbox is not occupied: its workspace went with its lease.")};
    }
    case Verb::Edit:
        return klavisEditState();
    default:
        return {};
    }
}

QString LocalSandboxesPage::exportFileName() const
{
    return u"local-sandboxes.csv"_s;
}
