#include "blaxel/blaxelsandboxespage.h"

#include "api/blaxeloperation.h"
#include "api/blaxelstatus.h"
#include "api/remotetext.h"
#include "blaxel/blaxelsandboxdetailspane.h"
#include "blaxel/blaxelsandboxdialogs.h"
#include "blaxel/blaxelstatusdelegate.h"
#include "blaxel/blaxelworkspacehooks.h"
#include "common/connecthint.h"
#include "common/emptystatehint.h"
#include "common/errorbanner.h"
#include "common/rowchangeflash.h"
#include "common/sandboxtable.h"
#include "common/splittersizing.h"
#include "common/tagchipdelegate.h"
#include "common/viewstatesettings.h"
#include "common/workspacedroptarget.h"
#include "models/blaxelsandboxfilterproxy.h"
#include "models/blaxelsandboxlistmodel.h"
#include "models/displaytext.h"
#include "sandboxlist/deletewording.h"
#include "sandboxlist/sandboxfilterbar.h"
#include "session/appsession.h"
#include "session/blaxelsandboxescontroller.h"
#include "transfers/workspaceactions.h"

#include <QCheckBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QSettings>
#include <QTableView>
#include <QTimer>

using namespace Qt::StringLiterals;

BlaxelSandboxesPage::BlaxelSandboxesPage(BlaxelSandboxesController *controller, QWidget *parent)
    : SandboxListPage(controller, u"blaxelSandboxes"_s, parent), m_controller(controller),
      m_connectHint(
          new ConnectHint(tr("Add a Blaxel profile in Settings"),
                          tr("Blaxel sandboxes are listed here once a Blaxel workspace and its API key "
                             "are set up. Settings can also import them from the Blaxel CLI."),
                          ConnectHint::Demo::NotOffered, this)),
      m_showTerminated(new QCheckBox(tr("Show &terminated"), this)), m_view(new QTableView(this)),
      m_details(new BlaxelSandboxDetailsPane(this)), m_clock(new QTimer(this)),
      m_workspace(new WorkspaceActions(WorkspaceActions::Provider::Blaxel,
                                       BlaxelWorkspaceHooks::make(controller), this)),
      m_dialogs(new BlaxelSandboxDialogs(controller, this))
{
    m_connectHint->setObjectName(u"blaxelConnectHint"_s);
    setConnectHint(m_connectHint);
    m_showTerminated->setObjectName(u"showTerminatedBox"_s);
    m_showTerminated->setToolTip(tr("Also list deleted sandboxes, which Blaxel keeps a while as TERMINATED"));
    addFilterWidget(m_showTerminated);
    SandboxFilterBar *bar = filterBar();
    bar->setFacetShown(SandboxFilterBar::Facet::Server, false);
    bar->setFacetShown(SandboxFilterBar::Facet::Benchmark, false);
    bar->setFacetShown(SandboxFilterBar::Facet::Tag, false);
    bar->addFacets({}, BlaxelStatus::statuses(), {}, {});
    bar->searchField()->setPlaceholderText(tr("Search names, display names and labels"));
    setupView();
    watchRefreshes(controller, tr("Could not refresh the Blaxel sandbox list"));

    auto *proxy = controller->proxy();
    connect(bar, &SandboxFilterBar::searchChanged, proxy, &BlaxelSandboxFilterProxy::setSearchText);
    connect(bar, &SandboxFilterBar::statusChanged, proxy, &BlaxelSandboxFilterProxy::setStatusFilter);
    connect(m_showTerminated, &QCheckBox::toggled, proxy, &BlaxelSandboxFilterProxy::setShowTerminated);
    connect(proxy, &BlaxelSandboxFilterProxy::countsChanged, this, [this](int shown, int total) {
        filterBar()->setCounts(shown, total);
        updateEmptyHint();
    });
    auto *model = controller->model();
    connect(model, &BlaxelSandboxListModel::statusesChanged, this,
            [this, model] { filterBar()->addFacets({}, model->knownStatuses(), {}, {}); });
    connect(controller, &SandboxListController::refreshed, this, &BlaxelSandboxesPage::updateEmptyHint);
    connect(controller->store(), &SandboxStoreSignals::published, this,
            &BlaxelSandboxesPage::followShownSandbox);
    connect(controller, &BlaxelSandboxesController::detailsLoaded, this,
            [this](const BlaxelSandbox &sandbox) {
                if (sandbox.name == m_shownName)
                    m_details->showSandbox(sandbox, true);
            });
    connect(controller, &SandboxListController::detailsFailed, m_details,
            &BlaxelSandboxDetailsPane::showError);
    connect(controller, &BlaxelSandboxesController::createdSandboxListed, this,
            &BlaxelSandboxesPage::selectSandbox);
    connect(m_details, &BlaxelSandboxDetailsPane::copied, this,
            [this](const QString &what) { emit statusMessage(tr("Copied %1 to the clipboard.").arg(what)); });

    connect(m_workspace, &WorkspaceActions::statusMessage, this, &BlaxelSandboxesPage::statusMessage);
    connect(m_dialogs, &BlaxelSandboxDialogs::statusMessage, this, &BlaxelSandboxesPage::statusMessage);
    // The new row is selected once it is listed (createdSandboxListed): until then nothing is.
    connect(m_dialogs, &BlaxelSandboxDialogs::created, m_view, &QAbstractItemView::clearSelection);
    setupDropTargets();

    m_clock->setInterval(1000);
    connect(m_clock, &QTimer::timeout, model, &BlaxelSandboxListModel::tick);
    updateConnection();
    setVerbAction(Verb::Create, [this] { createSandbox(); });
    setVerbAction(Verb::Delete, [this] { deleteSelected(); });
    setVerbAction(Verb::Edit, [this] { editSelected(); });
    setVerbAction(Verb::CopyIds, [this] { copySelectedNames(); });
    setVerbAction(Verb::UploadWorkspace, [this] { uploadWorkspace(); });
    setVerbAction(Verb::SaveDump, [this] { saveDump(); });
    setVerbAction(Verb::ExtractDump, [this] { extractDump(); });
}

void BlaxelSandboxesPage::setupView()
{
    using Model = BlaxelSandboxListModel;
    SandboxTable::setUp(m_view, m_controller->proxy(),
                        {.newestFirst = Model::CreatedColumn,
                         .identifying = Model::NameColumn,
                         .widths = {{Model::NameColumn, 190},
                                    {Model::DisplayNameColumn, 150},
                                    {Model::StatusColumn, 115},
                                    {Model::StateColumn, 80},
                                    {Model::RegionColumn, 80},
                                    {Model::ImageColumn, 170},
                                    {Model::MemoryColumn, 70},
                                    {Model::LabelsColumn, 150},
                                    {Model::CreatedColumn, 80},
                                    {Model::LastUsedColumn, 80},
                                    {Model::ExpiresInColumn, 95}},
                         // Fewer columns by default than the model has, so that names stay readable beside
                         // the details pane, which shows the rest.
                         .hiddenByDefault = {Model::DisplayNameColumn, Model::RegionColumn,
                                             Model::ImageColumn, Model::MemoryColumn, Model::LastUsedColumn},
                         .namesNotIds = true});
    m_sideTabs = new BlaxelSandboxTabs(m_details, m_controller->session(), this);
    placeView(m_view, m_sideTabs);
    m_view->setItemDelegateForColumn(Model::StatusColumn, new BlaxelStatusDelegate(m_view));
    auto *labels = new TagChipDelegate(Model::LabelsRole, m_view);
    m_view->setItemDelegateForColumn(Model::LabelsColumn, labels);
    m_view->setMouseTracking(true);
    connect(labels, &TagChipDelegate::tagClicked, this,
            [this](const QString &label) { filterBar()->searchField()->setText(label); });
    setEmptyText(tr("No Blaxel sandboxes. Create one with Ctrl+N."));
    setFlashKey([](const QModelIndex &index) { return index.data(Model::NameRole).toString(); });
    connect(m_controller->model(), &Model::rowsRefreshed, changeFlash(),
            [this](const QStringList &names) { changeFlash()->flash(names); });
}

void BlaxelSandboxesPage::updateConnection()
{
    const bool connected = m_controller->isConnected();
    setConnected(connected);
    m_shownName.clear();
    m_shownSandbox.reset();
    m_details->showEmpty(0);
    banner()->hide();
    if (connected && isVisible())
        m_controller->refresh();
}

bool BlaxelSandboxesPage::showsConnectHint() const
{
    return m_connectHint->isVisibleTo(this);
}

QPushButton *BlaxelSandboxesPage::settingsButton() const
{
    return m_connectHint->settingsButton();
}

void BlaxelSandboxesPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_controller->model()->tick();
    m_clock->start();
    if (m_controller->isConnected() && !m_controller->lastRefreshed().isValid())
        m_controller->refresh();
}

void BlaxelSandboxesPage::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_clock->stop();
}

void BlaxelSandboxesPage::updateEmptyHint()
{
    emptyHint()->followUnfilteredRows(m_controller->model()->rowCount());
}

QStringList BlaxelSandboxesPage::selectedNames() const
{
    QStringList names;
    for (const auto &index : selectedRows())
        names << index.data(BlaxelSandboxListModel::NameRole).toString();
    return names;
}

RowExport BlaxelSandboxesPage::visibleRows() const
{
    RowExport rows({u"name"_s, u"display_name"_s, u"status"_s, u"state"_s, u"region"_s, u"image"_s,
                    u"memory_mb"_s, u"labels"_s, u"ttl"_s, u"created_at"_s, u"last_used_at"_s, u"url"_s});
    const auto iso = [](const QDateTime &time) {
        return time.isValid() ? time.toUTC().toString(Qt::ISODate) : QString();
    };
    const QAbstractItemModel *shown = m_view->model();
    const BlaxelSandboxListModel *model = m_controller->model();
    for (int row = 0; row < shown->rowCount(); ++row) {
        const int at = model->rowOf(shown->index(row, 0).data(BlaxelSandboxListModel::NameRole).toString());
        if (at < 0)
            continue;
        const BlaxelSandbox &sandbox = model->sandboxAt(at);
        QStringList labels;
        for (auto label = sandbox.labels.cbegin(); label != sandbox.labels.cend(); ++label)
            labels << label.key() + u'=' + label.value();
        rows.addRow({sandbox.name, sandbox.displayName, sandbox.status, sandbox.state, sandbox.region,
                     sandbox.image, sandbox.memoryMb >= 0 ? QString::number(sandbox.memoryMb) : QString(),
                     labels, sandbox.ttl, iso(sandbox.createdAt), iso(sandbox.lastUsedAt),
                     RemoteText::maskedUrl(sandbox.urlText)});
    }
    return rows;
}

QStringList BlaxelSandboxesPage::selectedDeletableNames(int *leftOut) const
{
    QStringList names;
    int skipped = 0;
    for (const auto &index : selectedRows()) {
        if (BlaxelStatus::isDeletable(index.data(BlaxelSandboxListModel::StatusRole).toString()))
            names << index.data(BlaxelSandboxListModel::NameRole).toString();
        else
            ++skipped;
    }
    if (leftOut)
        *leftOut = skipped;
    return names;
}

void BlaxelSandboxesPage::onSelectionChanged()
{
    const QStringList names = selectedNames();
    if (names.size() != 1) {
        m_shownName.clear();
        m_shownSandbox.reset();
        m_details->showEmpty(int(names.size()));
        m_sideTabs->showSandbox({}, {}, false);
        return;
    }
    if (names.first() == m_shownName)
        return; // a refresh re-selected the same row: the store tells the pane what changed
    m_shownName = names.first();
    m_shownSandbox.reset();
    followShownSandbox();
}

// The pane shows what the store holds of the selected sandbox: a list that changed it (DEPLOYING to
// DEPLOYED, a deletion's end) shows at once and reads its details again; one that no longer lists it says so.
void BlaxelSandboxesPage::followShownSandbox()
{
    if (m_shownName.isEmpty())
        return;
    const BlaxelSandbox *listed = m_controller->store()->find(m_shownName);
    if (!listed) {
        if (!m_controller->store()->hasListed())
            return;
        m_shownSandbox.reset();
        m_details->showGone(m_shownName);
        m_sideTabs->showSandbox({}, {}, false);
        return;
    }
    if (m_shownSandbox && m_shownSandbox->sameContentAs(*listed))
        return;
    m_shownSandbox = *listed;
    m_details->showSandbox(*listed, false);
    m_sideTabs->showSandbox(listed->name, listed->url, listed->status == u"DEPLOYED"_s);
    m_controller->loadDetails(m_shownName);
}

void BlaxelSandboxesPage::selectSandbox(const QString &name)
{
    const int row = m_controller->model()->rowOf(name);
    if (row < 0)
        return;
    auto *proxy = m_controller->proxy();
    QModelIndex proxyIndex = proxy->mapFromSource(m_controller->model()->index(row, 0));
    if (!proxyIndex.isValid()) {
        // Filtered out: the selection must not stay on another row, where Delete would meet it.
        filterBar()->clearFilters();
        proxyIndex = proxy->mapFromSource(m_controller->model()->index(row, 0));
        emit statusMessage(tr("Filters cleared to show the new sandbox %1.").arg(DisplayText::visible(name)));
    }
    if (!proxyIndex.isValid())
        return;
    m_view->selectionModel()->setCurrentIndex(proxyIndex, QItemSelectionModel::ClearAndSelect |
                                                              QItemSelectionModel::Rows);
    m_view->scrollTo(proxyIndex);
}

void BlaxelSandboxesPage::createSandbox()
{
    m_dialogs->create();
}

void BlaxelSandboxesPage::editSelected()
{
    if (const QStringList names = selectedDeletableNames(); names.size() == 1)
        m_dialogs->edit(names.constFirst());
}

void BlaxelSandboxesPage::deleteSelected()
{
    int leftOut = 0;
    const QStringList names = selectedDeletableNames(&leftOut);
    if (names.isEmpty())
        return;
    if (!DeleteWording::confirm(this, names, leftOut))
        return;
    m_controller->deleteSandboxes(names);
    emit statusMessage(tr("Deleting %n sandbox(es)…", nullptr, int(names.size())));
}

void BlaxelSandboxesPage::copySelectedNames()
{
    const QStringList names = selectedNames();
    if (SandboxTable::copyLines(names))
        emit statusMessage(tr("Copied %n sandbox name(s).", nullptr, int(names.size())));
}

void BlaxelSandboxesPage::saveState() const
{
    SandboxListPage::saveState();
    QSettings().setValue(u"blaxelSandboxes/showTerminated"_s, m_showTerminated->isChecked());
}

void BlaxelSandboxesPage::restoreState()
{
    SandboxListPage::restoreState();
    m_showTerminated->setChecked(QSettings().value(u"blaxelSandboxes/showTerminated"_s, false).toBool());
}

void BlaxelSandboxesPage::setupDropTargets()
{
    m_workspace->acceptDrops(
        m_view->viewport(),
        WorkspaceDropTarget::rowOf(
            m_view,
            [](const QModelIndex &row) { return row.data(BlaxelSandboxListModel::NameRole).toString(); }),
        m_details, [this] { return m_shownName; });
}

QString BlaxelSandboxesPage::workspaceSandbox(const QString &noneMessage)
{
    const QStringList names = selectedNames();
    if (names.size() != 1) {
        emit statusMessage(noneMessage);
        return {};
    }
    return names.first();
}

void BlaxelSandboxesPage::uploadWorkspace()
{
    // A sandbox that cannot take it is refused before a folder is chosen for nothing.
    const QString name = workspaceSandbox(tr("Select one Blaxel sandbox to upload a workspace into."));
    if (name.isEmpty())
        return;
    if (const QString refusal = BlaxelWorkspaceHooks::refusal(m_controller, name); !refusal.isEmpty())
        m_workspace->confirmUpload(name, {});
    else
        m_workspace->chooseUpload(name);
}

void BlaxelSandboxesPage::saveDump()
{
    const QString name = workspaceSandbox(tr("Select one Blaxel sandbox to save its dump."));
    if (name.isEmpty())
        return;
    if (const QString refusal = BlaxelWorkspaceHooks::refusal(m_controller, name); !refusal.isEmpty())
        emit statusMessage(refusal);
    else
        m_workspace->chooseDumpFile(name);
}

void BlaxelSandboxesPage::extractDump()
{
    const QString name = workspaceSandbox(tr("Select one Blaxel sandbox to extract its dump."));
    if (name.isEmpty())
        return;
    if (const QString refusal = BlaxelWorkspaceHooks::refusal(m_controller, name); !refusal.isEmpty())
        emit statusMessage(refusal);
    else
        m_workspace->chooseExtractFolder(name);
}

QStringList BlaxelSandboxesPage::contextActionNames() const
{
    return {u"copyId"_s,       {}, u"uploadWorkspace"_s, u"saveDump"_s, u"extractDump"_s, {}, u"blaxelEdit"_s,
            u"blaxelDelete"_s, {}, u"blaxelCreate"_s,    u"refresh"_s,  u"exportRows"_s};
}

SandboxListPage::VerbState BlaxelSandboxesPage::verbState(Verb verb) const
{
    const int selected = selectedCount();
    switch (verb) {
    case Verb::Create:
        return {true, m_controller->isConnected(), {}, {}};
    case Verb::Delete: {
        // Blaxel deletes for good: only what is neither deleting nor terminated counts.
        const int deletable = int(selectedDeletableNames().size());
        return {true, deletable > 0, deletable > 1 ? tr("&Delete %1").arg(deletable) : tr("&Delete"), {}};
    }
    case Verb::Edit: {
        const bool one = selected == 1 && selectedDeletableNames().size() == 1;
        return {true,
                one,
                {},
                one            ? QString()
                : selected > 1 ? tr("Select one sandbox: its labels and TTL are edited on their own.")
                               : tr("Select a sandbox that is neither being deleted nor terminated.")};
    }
    case Verb::CopyIds:
        return {true, selected > 0, selected > 1 ? tr("&Copy %1 Names").arg(selected) : tr("&Copy Name"), {}};
    case Verb::UploadWorkspace:
    case Verb::SaveDump:
    case Verb::ExtractDump:
        return {true, selected == 1, {}, {}};
    default:
        return {};
    }
}

QString BlaxelSandboxesPage::exportFileName() const
{
    return u"blaxel-sandboxes.csv"_s;
}
