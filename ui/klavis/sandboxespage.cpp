#include "klavis/sandboxespage.h"

#include "api/httptransport.h"
#include "catalog/mcpclientconfig.h"
#include "common/confirmationbox.h"
#include "common/emptystatehint.h"
#include "common/errorbanner.h"
#include "common/rowchangeflash.h"
#include "common/sandboxtable.h"
#include "common/splittersizing.h"
#include "common/tagchipdelegate.h"
#include "common/viewstatesettings.h"
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
#include "session/serverdatacontroller.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

SandboxesPage::SandboxesPage(SandboxesController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_banner(new ErrorBanner(this)),
      m_filterBar(new SandboxFilterBar(this)), m_splitter(new QSplitter(this)),
      m_view(new QTableView(m_splitter)), m_details(new SandboxDetailsPane(m_splitter)),
      m_workTabs(new SandboxWorkTabs(m_details, controller->session()->transport()->networkAccessManager(),
                                     m_splitter))
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addWidget(m_filterBar);
    layout->addWidget(m_splitter, 1);
    m_splitterSizing = new SplitterSizing(m_splitter);
    m_data = new SandboxDataPage(new ServerDataController(controller->session(), this), m_workTabs);
    m_workTabs->setDataPage(m_data);
    setupView();

    auto *proxy = controller->proxy();
    connect(m_filterBar, &SandboxFilterBar::searchChanged, proxy, &SandboxFilterProxy::setSearchText);
    connect(m_filterBar, &SandboxFilterBar::statusChanged, proxy, &SandboxFilterProxy::setStatusFilter);
    connect(m_filterBar, &SandboxFilterBar::benchmarkChanged, proxy, &SandboxFilterProxy::setBenchmarkFilter);
    // Server and tag narrow the request itself (the API filters them); the proxy repeats the filter
    // so the table is right even before the new answer arrives.
    auto serverSide = [this] { m_controller->setServerFilter({m_filterBar->server(), m_filterBar->tag()}); };
    connect(m_filterBar, &SandboxFilterBar::serverChanged, proxy, &SandboxFilterProxy::setServerFilter);
    connect(m_filterBar, &SandboxFilterBar::tagChanged, proxy, &SandboxFilterProxy::setTagFilter);
    connect(m_filterBar, &SandboxFilterBar::serverChanged, this, serverSide);
    connect(m_filterBar, &SandboxFilterBar::tagChanged, this, serverSide);
    connect(proxy, &SandboxFilterProxy::countsChanged, this, [this](int shown, int total) {
        m_filterBar->setCounts(shown, total);
        m_emptyHint->followUnfilteredRows(m_controller->model()->rowCount());
    });
    auto *model = controller->model();
    connect(model, &SandboxListModel::facetsChanged, this, [this, model] {
        m_filterBar->addFacets(model->knownServers(), model->knownStatuses(), model->knownBenchmarks(),
                               model->knownTags());
    });

    connect(controller, &SandboxesController::refreshed, m_banner, [this] {
        if (m_banner->isVisible() && m_banner->property("fromRefresh").toBool())
            m_banner->hide();
    });
    connect(controller, &SandboxesController::refreshFailed, this, [this](const ApiError &error) {
        m_banner->showError(tr("Could not refresh the sandbox list"), error);
        m_banner->setProperty("fromRefresh", true);
    });
    connect(controller, &SandboxesController::detailsLoaded, this, [this](const SandboxDetails &details) {
        if (details.summary.sandboxId != m_shownKey.sandboxId)
            return;
        m_details->showDetails(details);
        QList<SandboxWorkTabs::NamedUrl> servers;
        for (auto it = details.serverUrls.cbegin(); it != details.serverUrls.cend(); ++it)
            servers.append({it.key(), QUrl(it.value())});
        m_workTabs->showServers(servers);
    });
    connect(controller, &SandboxesController::detailsFailed, m_details, &SandboxDetailsPane::showError);
    connect(controller, &SandboxesController::bulkFinished, this,
            [this](const QString &summary, const QStringList &failures) {
                if (failures.isEmpty()) {
                    emit statusMessage(summary);
                    return;
                }
                m_banner->showMessage(ErrorBanner::Level::Error, summary, failures.join(u'\n'));
                m_banner->setProperty("fromRefresh", false);
            });
    connect(controller, &SandboxesController::acquiredSandboxListed, this, &SandboxesPage::selectSandbox);
    const auto announceCopy = [this](const QString &what) {
        emit statusMessage(tr("Copied %1 to the clipboard.").arg(what));
    };
    connect(m_details, &SandboxDetailsPane::copied, this, announceCopy);
    connect(m_workTabs, &SandboxWorkTabs::copied, this, announceCopy);
    connect(m_details, &SandboxDetailsPane::copyMcpConfigRequested, this, &SandboxesPage::copyMcpConfig);
    connect(m_details, &SandboxDetailsPane::tagClicked, m_filterBar, &SandboxFilterBar::setTag);
    m_details->showEmpty(0);
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
    m_view->setItemDelegateForColumn(SandboxListModel::StatusColumn, new StatusDelegate(m_view));
    auto *tags = new TagChipDelegate(SandboxListModel::TagsRole, m_view);
    m_view->setItemDelegateForColumn(SandboxListModel::TagsColumn, tags);
    m_view->setMouseTracking(true);
    connect(tags, &TagChipDelegate::tagClicked, m_filterBar, &SandboxFilterBar::setTag);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &SandboxesPage::onSelectionChanged);
    m_emptyHint = new EmptyStateHint(m_view, tr("No sandboxes. Acquire one with Ctrl+N."));
    m_flash = new RowChangeFlash(m_view, [](const QModelIndex &index) {
        return flashKey(index.data(SandboxListModel::ServerNameRole).toString(),
                        index.data(SandboxListModel::SandboxIdRole).toString());
    });
    connect(m_controller->model(), &SandboxListModel::rowsRefreshed, m_flash,
            [this](const QList<SandboxKey> &keys) {
                if (keys.size() > RowChangeFlash::maxKeys)
                    return;
                QStringList names;
                names.reserve(keys.size());
                for (const auto &key : keys)
                    names << flashKey(key.serverName, key.sandboxId);
                m_flash->flash(names);
            });
}

QString SandboxesPage::flashKey(const QString &serverName, const QString &sandboxId)
{
    return serverName.toCaseFolded() + u'/' + sandboxId;
}

QList<SandboxKey> SandboxesPage::selectedKeys() const
{
    QList<SandboxKey> keys;
    for (const auto &index : m_view->selectionModel()->selectedRows())
        keys.append({index.data(SandboxListModel::ServerNameRole).toString(),
                     index.data(SandboxListModel::SandboxIdRole).toString()});
    return keys;
}

QList<SandboxKey> SandboxesPage::selectedActiveKeys(int *leftOut) const
{
    QList<SandboxKey> keys;
    int skipped = 0;
    for (const auto &index : m_view->selectionModel()->selectedRows()) {
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

void SandboxesPage::onSelectionChanged()
{
    const auto keys = selectedKeys();
    emit selectionChanged(int(keys.size()));
    if (keys.size() != 1) {
        m_shownKey = {};
        m_details->showEmpty(int(keys.size()));
        m_workTabs->showServers({});
        m_workTabs->setDataAvailable(false);
        return;
    }
    const auto &key = keys.first();
    if (key.sandboxId == m_shownKey.sandboxId && key.serverName == m_shownKey.serverName)
        return; // a refresh re-selected the same row: keep the details as they are
    m_shownKey = key;
    m_workTabs->setSandboxLabel(key.serverName + u' ' + key.sandboxId.left(8));
    m_workTabs->showServers({}); // the URL comes with the details
    m_data->setSandbox(key.serverName, key.sandboxId);
    m_workTabs->setDataAvailable(true); // the page says when the server has no data endpoints
    const int row = m_controller->model()->rowOf(key.serverName, key.sandboxId);
    if (row >= 0)
        m_details->showSummary(m_controller->model()->sandboxAt(row));
    m_controller->loadDetails(key);
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
        m_filterBar->clearFilters();
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
    // The server and tag filters are the request's own: a refresh under them would never list the new
    // sandbox, so they go before that refresh is answered. The other filters are checked once it is listed.
    const QString server = m_filterBar->server();
    const QString tag = m_filterBar->tag();
    if ((!server.isEmpty() && server.compare(serverName, Qt::CaseInsensitive) != 0) ||
        (!tag.isEmpty() && tag != acquiredTag)) {
        m_filterBar->clearFilters();
        emit statusMessage(tr("Filters cleared to show the new %1 sandbox.").arg(serverName));
    }
}

void SandboxesPage::releaseSelected()
{
    int leftOut = 0;
    const auto keys = selectedActiveKeys(&leftOut);
    if (keys.isEmpty())
        return;
    // One sandbox by its name; several by their number, in the language's plural form.
    using Wording = ReleaseWording;
    const auto verb = Wording::Verb::Release;
    const int count = int(keys.size());
    if (!ConfirmationBox::ask(this, Wording::klavisQuestion(verb, count, keys.first().label()),
                              Wording::klavisConsequence(verb, count) + ConfirmationBox::leftOutNote(leftOut),
                              Wording::actionText(verb)))
        return;
    m_controller->runBulk(SandboxesController::Bulk::Release, keys);
}

void SandboxesPage::resetSelected()
{
    int leftOut = 0;
    const auto keys = selectedActiveKeys(&leftOut);
    if (keys.isEmpty())
        return;
    using Wording = ReleaseWording;
    const auto verb = Wording::Verb::Reset;
    const int count = int(keys.size());
    if (!ConfirmationBox::ask(this, Wording::klavisQuestion(verb, count, keys.first().label()),
                              Wording::klavisConsequence(verb, count) + ConfirmationBox::leftOutNote(leftOut),
                              Wording::actionText(verb)))
        return;
    m_controller->runBulk(SandboxesController::Bulk::Reset, keys);
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
    // The list has no URLs; the details call does. Ask for each selected sandbox's details.
    const auto keys = selectedKeys();
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

void SandboxesPage::focusSearch()
{
    m_filterBar->focusSearch();
}

void SandboxesPage::saveState() const
{
    ViewStateSettings::save(u"sandboxes"_s, m_view->horizontalHeader(), m_splitter);
}

void SandboxesPage::restoreState()
{
    ViewStateSettings::restore(u"sandboxes"_s, m_view->horizontalHeader(), m_splitterSizing);
}
