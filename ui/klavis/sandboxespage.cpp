#include "klavis/sandboxespage.h"

#include "catalog/mcpclientconfig.h"
#include "common/confirmationbox.h"
#include "common/connecthint.h"
#include "common/emptystatehint.h"
#include "common/rowchangeflash.h"
#include "common/sandboxtable.h"
#include "common/tagchipdelegate.h"
#include "inspector/sandboxworktabs.h"
#include "klavis/acquiredialog.h"
#include "klavis/sandboxdetailspane.h"
#include "models/sandboxfilterproxy.h"
#include "models/sandboxlistmodel.h"
#include "models/statuskind.h"
#include "sandboxlist/releasewording.h"
#include "sandboxlist/sandboxfilterbar.h"
#include "sandboxlist/statusdelegate.h"
#include "serverdata/sandboxdatapage.h"
#include "session/appsession.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QTableView>

using namespace Qt::StringLiterals;

SandboxesPage::SandboxesPage(SandboxesController *controller, QWidget *parent)
    : SandboxListPage(controller, u"sandboxes"_s, parent), m_controller(controller),
      m_view(new QTableView(this)), m_details(new SandboxDetailsPane(this)),
      m_workTabs(new SandboxWorkTabs(m_details, controller->session()->mcpInspector(), this)),
      m_data(new SandboxDataPage(controller->session()->serverData(), m_workTabs))
{
    m_workTabs->setDataPage(m_data);
    setupView();
    watchRefreshes(controller, tr("Could not refresh the sandbox list"));

    auto *proxy = controller->proxy();
    SandboxFilterBar *bar = filterBar();
    // Every filter is the proxy's: the store keeps the whole account, which every other view reads too.
    connect(bar, &SandboxFilterBar::searchChanged, proxy, &SandboxFilterProxy::setSearchText);
    connect(bar, &SandboxFilterBar::statusChanged, proxy, &SandboxFilterProxy::setStatusFilter);
    connect(bar, &SandboxFilterBar::benchmarkChanged, proxy, &SandboxFilterProxy::setBenchmarkFilter);
    connect(bar, &SandboxFilterBar::serverChanged, proxy, &SandboxFilterProxy::setServerFilter);
    connect(bar, &SandboxFilterBar::tagChanged, proxy, &SandboxFilterProxy::setTagFilter);
    connect(proxy, &SandboxFilterProxy::countsChanged, this, [this](int shown, int total) {
        filterBar()->setCounts(shown, total);
        emptyHint()->followUnfilteredRows(m_controller->model()->rowCount());
    });
    auto *model = controller->model();
    connect(model, &SandboxListModel::facetsChanged, this, [this, model] {
        filterBar()->addFacets(model->knownServers(), model->knownStatuses(), model->knownBenchmarks(),
                               model->knownTags());
    });
    connect(controller->store(), &SandboxStoreSignals::published, this, &SandboxesPage::followShownSandbox);
    connect(controller, &SandboxesController::detailsLoaded, this, [this](const SandboxDetails &details) {
        if (details.summary.sandboxId != m_shownKey.sandboxId)
            return;
        m_details->showDetails(details);
        QList<SandboxWorkTabs::NamedUrl> servers;
        for (auto it = details.serverUrls.cbegin(); it != details.serverUrls.cend(); ++it)
            servers.append({it.key(), QUrl(it.value())});
        m_workTabs->showServers(servers);
    });
    connect(controller, &SandboxListController::detailsFailed, m_details, &SandboxDetailsPane::showError);
    connect(controller, &SandboxesController::acquiredSandboxListed, this, &SandboxesPage::selectSandbox);
    const auto announceCopy = [this](const QString &what) {
        emit statusMessage(tr("Copied %1 to the clipboard.").arg(what));
    };
    connect(m_details, &SandboxDetailsPane::copied, this, announceCopy);
    connect(m_workTabs, &SandboxWorkTabs::copied, this, announceCopy);
    connect(m_details, &SandboxDetailsPane::copyMcpConfigRequested, this, &SandboxesPage::copyMcpConfig);
    connect(m_details, &SandboxDetailsPane::tagClicked, bar, &SandboxFilterBar::setTag);
    m_details->showEmpty(0);
    setVerbAction(Verb::Acquire, [this] { acquire(); });
    setVerbAction(Verb::Release, [this] { releaseSelected(); });
    setVerbAction(Verb::Reset, [this] { resetSelected(); });
    setVerbAction(Verb::CopyIds, [this] { copySelectedIds(); });
    setVerbAction(Verb::CopyMcpConfig, [this] { copyMcpConfig(); });
}

void SandboxesPage::setupView()
{
    using Model = SandboxListModel;
    SandboxTable::setUp(m_view, m_controller->proxy(),
                        {.newestFirst = Model::UpdatedColumn,
                         .identifying = Model::SandboxIdColumn,
                         .widths = {{Model::ServerColumn, 105},
                                    {Model::SandboxIdColumn, 215},
                                    {Model::StatusColumn, 95},
                                    {Model::BenchmarkColumn, 95},
                                    {Model::TagsColumn, 150}},
                         .hiddenByDefault = {}});
    placeView(m_view, m_workTabs);
    m_view->setItemDelegateForColumn(Model::StatusColumn, new StatusDelegate(m_view));
    auto *tags = new TagChipDelegate(Model::TagsRole, m_view);
    m_view->setItemDelegateForColumn(Model::TagsColumn, tags);
    m_view->setMouseTracking(true);
    connect(tags, &TagChipDelegate::tagClicked, filterBar(), &SandboxFilterBar::setTag);
    setEmptyText(tr("No sandboxes. Acquire one with Ctrl+N."));
    setConnectHint(
        new ConnectHint(tr("No Klavis account yet"),
                        tr("Add a profile with your Klavis API key in Settings to list and acquire "
                           "sandboxes, or look around first in the built-in demo."),
                        ConnectHint::Demo::Offered, this));
    setFlashKey([](const QModelIndex &index) {
        return flashKey(index.data(Model::ServerNameRole).toString(),
                        index.data(Model::SandboxIdRole).toString());
    });
    connect(m_controller->model(), &Model::rowsRefreshed, changeFlash(),
            [this](const QList<SandboxKey> &keys) {
                if (keys.size() > RowChangeFlash::maxKeys)
                    return;
                QStringList names;
                names.reserve(keys.size());
                for (const auto &key : keys)
                    names << flashKey(key.serverName, key.sandboxId);
                changeFlash()->flash(names);
            });
}

QString SandboxesPage::flashKey(const QString &serverName, const QString &sandboxId)
{
    return serverName.toCaseFolded() + u'/' + sandboxId;
}

QList<SandboxKey> SandboxesPage::selectedKeys() const
{
    QList<SandboxKey> keys;
    for (const auto &index : selectedRows())
        keys.append({index.data(SandboxListModel::ServerNameRole).toString(),
                     index.data(SandboxListModel::SandboxIdRole).toString()});
    return keys;
}

QList<SandboxKey> SandboxesPage::selectedActiveKeys(int *leftOut) const
{
    QList<SandboxKey> keys;
    int skipped = 0;
    for (const auto &index : selectedRows()) {
        if (StatusKind::isReleasable(StatusKind::Kind(index.data(SandboxListModel::StatusKindRole).toInt())))
            keys.append({index.data(SandboxListModel::ServerNameRole).toString(),
                         index.data(SandboxListModel::SandboxIdRole).toString()});
        else
            ++skipped;
    }
    if (leftOut)
        *leftOut = skipped;
    return keys;
}

QStringList SandboxesPage::contextActionNames() const
{
    return {u"copyId"_s, u"copyMcpConfig"_s, {},           u"release"_s,   u"reset"_s,
            {},          u"acquire"_s,       u"refresh"_s, u"exportRows"_s};
}

SandboxListPage::VerbState SandboxesPage::verbState(Verb verb) const
{
    const int selected = selectedCount();
    switch (verb) {
    case Verb::Acquire:
        return {true, true, {}, {}};
    case Verb::Release:
    case Verb::Reset: {
        // Idle sandboxes have nothing to release or reset: only the active ones in the selection count.
        return releaseOrResetState(verb, int(selectedActiveKeys().size()));
    }
    case Verb::CopyIds:
        return copyIdsState();
    case Verb::CopyMcpConfig: {
        // An idle sandbox has no lease and so no MCP URL: a config of it would point nowhere.
        const bool anyOccupied = !selectedActiveKeys().isEmpty();
        return {true,
                anyOccupied,
                {},
                anyOccupied ? QString()
                : selected == 0
                    ? tr("Select an occupied sandbox: its MCP URL goes into the config.")
                    : tr("The selection holds no occupied sandbox: an idle or failed one has no MCP URL.")};
    }
    case Verb::Edit:
        return klavisEditState();
    default:
        return {};
    }
}

RowExport SandboxesPage::visibleRows() const
{
    RowExport rows({u"server"_s, u"sandbox_id"_s, u"status"_s, u"benchmark"_s, u"tags"_s, u"updated_at"_s});
    const auto *proxy = m_controller->proxy();
    const auto *model = m_controller->model();
    for (int row = 0; row < proxy->rowCount(); ++row) {
        const int sourceRow = proxy->mapToSource(proxy->index(row, 0)).row();
        const SandboxSummary &sandbox = model->sandboxAt(sourceRow);
        rows.addRow({sandbox.serverName, sandbox.sandboxId, sandbox.status, sandbox.benchmark, sandbox.tags,
                     sandbox.updatedAt.isValid() ? sandbox.updatedAt.toUTC().toString(Qt::ISODate)
                                                 : sandbox.updatedAtText});
    }
    return rows;
}

QString SandboxesPage::exportFileName() const
{
    return u"sandboxes.csv"_s;
}

void SandboxesPage::onSelectionChanged()
{
    const auto keys = selectedKeys();
    if (keys.size() != 1) {
        m_shownKey = {};
        m_shownSummary.reset();
        m_details->showEmpty(int(keys.size()));
        m_workTabs->showServers({});
        m_workTabs->setDataAvailable(false);
        return;
    }
    const auto &key = keys.first();
    if (key == m_shownKey)
        return; // a refresh re-selected the same row: the store tells the pane what changed
    m_shownKey = key;
    m_shownSummary.reset();
    m_workTabs->setSandboxLabel(key.serverName + u' ' + key.sandboxId.left(8));
    m_workTabs->showServers({}); // the URL comes with the details
    m_data->setSandbox(key.serverName, key.sandboxId);
    followShownSandbox();
}

// The pane shows what the store holds of the selected sandbox: a newer list that changed it (released,
// reset, re-tagged) reloads its details, and one that no longer lists it says so.
void SandboxesPage::followShownSandbox()
{
    if (m_shownKey.sandboxId.isEmpty())
        return;
    const SandboxSummary *listed = m_controller->store()->find(m_shownKey);
    if (!listed) {
        if (!m_controller->store()->hasListed())
            return; // nothing listed yet (another account): the selection goes with the rows
        m_shownSummary.reset();
        m_details->showGone(m_shownKey.label());
        m_workTabs->showServers({});
        m_workTabs->setDataAvailable(false);
        return;
    }
    if (m_shownSummary && *m_shownSummary == *listed)
        return;
    const bool statusChanged = m_shownSummary && m_shownSummary->status != listed->status;
    m_shownSummary = *listed;
    m_details->showSummary(*listed);
    // Work that needs a lease is offered on a held sandbox only; the page says when a server has no data.
    m_workTabs->setDataAvailable(StatusKind::isReleasable(StatusKind::of(listed->status)),
                                 tr("Sandbox %1 is %2: its data went with its lease. Only an occupied "
                                    "sandbox has data to dump or seed.")
                                     .arg(m_shownKey.label(), listed->status));
    if (statusChanged)
        m_workTabs->showServers({}); // the lease's MCP URL went with it
    m_data->setSandboxChangedAt(listed->updatedAt);
    m_controller->loadDetails(m_shownKey);
}

void SandboxesPage::selectSandbox(const QString &serverName, const QString &sandboxId)
{
    const int row = m_controller->model()->rowOf(serverName, sandboxId);
    if (row < 0)
        return;
    auto proxyIndex = m_controller->proxy()->mapFromSource(m_controller->model()->index(row, 0));
    if (!proxyIndex.isValid()) {
        // Filtered out: a new sandbox the user cannot see would leave the selection on another row, where
        // the next Delete would release the wrong one.
        filterBar()->clearFilters();
        proxyIndex = m_controller->proxy()->mapFromSource(m_controller->model()->index(row, 0));
        emit statusMessage(
            tr("Filters cleared to show the new sandbox %1.").arg(SandboxKey{serverName, sandboxId}.label()));
    }
    if (!proxyIndex.isValid())
        return;
    m_view->selectionModel()->setCurrentIndex(proxyIndex, QItemSelectionModel::ClearAndSelect |
                                                              QItemSelectionModel::Rows);
    m_view->scrollTo(proxyIndex);
}

void SandboxesPage::acquire()
{
    auto *dialog = new AcquireDialog(m_controller->model()->knownServers(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &FormDialog::submitted, this, [this, dialog] {
        dialog->setBusy(true, tr("Acquiring…"));
        m_controller->acquire(
            dialog->request(), dialog, [this, dialog](const ApiResult<AcquiredSandbox> &result) {
                dialog->setBusy(false);
                if (!result) {
                    dialog->showServerError(result.error());
                    return;
                }
                emit statusMessage(tr("Acquired %1 sandbox %2.").arg(result->serverName, result->sandboxId));
                // Until the new row is listed nothing is selected: Delete must not meet the old row.
                m_view->clearSelection();
                revealAcquired(result->serverName, dialog->request().tag);
                dialog->accept();
            });
    });
    dialog->open();
}

void SandboxesPage::revealAcquired(const QString &serverName, const QString &acquiredTag)
{
    // A filter that would hide the new sandbox goes now; the others are checked once it is listed.
    const QString server = filterBar()->server();
    const QString tag = filterBar()->tag();
    if ((!server.isEmpty() && server.compare(serverName, Qt::CaseInsensitive) != 0) ||
        (!tag.isEmpty() && tag != acquiredTag)) {
        filterBar()->clearFilters();
        emit statusMessage(tr("Filters cleared to show the new %1 sandbox.").arg(serverName));
    }
}

void SandboxesPage::runBulk(SandboxesController::Bulk kind)
{
    int leftOut = 0;
    const auto keys = selectedActiveKeys(&leftOut);
    if (keys.isEmpty())
        return;
    // One sandbox by its name; several by their number, in the language's plural form.
    using Wording = ReleaseWording;
    const auto verb =
        kind == SandboxesController::Bulk::Release ? Wording::Verb::Release : Wording::Verb::Reset;
    const int count = int(keys.size());
    if (!ConfirmationBox::ask(this, Wording::klavisQuestion(verb, count, keys.first().label()),
                              Wording::klavisConsequence(verb, count) + ConfirmationBox::leftOutNote(leftOut),
                              Wording::actionText(verb)))
        return;
    m_controller->runBulk(kind, keys);
}

void SandboxesPage::releaseSelected()
{
    runBulk(SandboxesController::Bulk::Release);
}

void SandboxesPage::resetSelected()
{
    runBulk(SandboxesController::Bulk::Reset);
}

void SandboxesPage::copySelectedIds()
{
    QStringList ids;
    for (const auto &key : selectedKeys())
        ids << key.sandboxId;
    if (SandboxTable::copyLines(ids))
        emit statusMessage(tr("Copied %n sandbox id(s).", nullptr, int(ids.size())));
}

void SandboxesPage::copyMcpConfig()
{
    // The list has no URLs; the details call does. Ask for each occupied selected sandbox's details.
    const auto keys = selectedActiveKeys();
    if (keys.isEmpty())
        return;
    auto collected = std::make_shared<QList<QPair<QString, QString>>>();
    auto remaining = std::make_shared<int>(int(keys.size()));
    auto failures = std::make_shared<int>(0);
    for (const auto &key : keys) {
        m_controller->fetchDetails(
            key, this, [this, collected, remaining, failures](const ApiResult<SandboxDetails> &result) {
                if (result) {
                    for (auto it = result->serverUrls.cbegin(); it != result->serverUrls.cend(); ++it)
                        collected->append({it.key(), it.value()});
                } else {
                    ++*failures;
                }
                if (--*remaining > 0)
                    return;
                if (collected->isEmpty()) {
                    emit statusMessage(tr("No MCP URLs to copy: the selected sandboxes have none."));
                    return;
                }
                QGuiApplication::clipboard()->setText(QString::fromUtf8(McpClientConfig::build(*collected)));
                emit statusMessage(
                    *failures
                        ? tr("Copied MCP client config; %1 sandbox(es) could not be read.").arg(*failures)
                        : tr("Copied MCP client config for %n server(s).", nullptr, int(collected->size())));
            });
    }
}
