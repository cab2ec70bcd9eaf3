#include "allsandboxes/allsandboxespage.h"

#include "allsandboxes/allstatusdelegate.h"
#include "common/confirmationbox.h"
#include "common/emptystatehint.h"
#include "common/sandboxtable.h"
#include "common/workspacedroptarget.h"
#include "models/allsandboxesfilterproxy.h"
#include "models/allsandboxesmodel.h"
#include "sandboxlist/deletewording.h"
#include "sandboxlist/sandboxfilterbar.h"
#include "session/blaxelsandboxescontroller.h"
#include "session/localsandboxescontroller.h"
#include "session/sandboxescontroller.h"
#include "transfers/workspaceactions.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QTableView>
#include <QTimer>

using namespace Qt::StringLiterals;
using Provider = AllSandboxRow::Provider;

AllSandboxesPage::AllSandboxesPage(SandboxesController *klavis, LocalSandboxesController *local,
                                   BlaxelSandboxesController *blaxel, QWidget *parent)
    : SandboxListPage(nullptr, u"allSandboxes"_s, parent), m_klavis(klavis), m_local(local), m_blaxel(blaxel),
      m_model(new AllSandboxesModel(this)), m_proxy(new AllSandboxesFilterProxy(this)),
      m_provider(new QComboBox(this)), m_view(new QTableView(this)), m_ages(new QTimer(this))
{
    m_model->setStores(klavis->store(), local->store(), blaxel->store());
    m_proxy->setSourceModel(m_model);

    SandboxFilterBar *bar = filterBar();
    bar->setFacetShown(SandboxFilterBar::Facet::Server, false);
    bar->setFacetShown(SandboxFilterBar::Facet::Benchmark, false);
    bar->setFacetShown(SandboxFilterBar::Facet::Tag, false);
    bar->searchField()->setObjectName(u"allSearch"_s);
    bar->searchField()->setPlaceholderText(tr("Search every provider"));
    m_provider->setObjectName(u"allProvider"_s);
    m_provider->setAccessibleName(tr("Provider"));
    m_provider->addItem(tr("All providers"));
    for (const auto provider : {Provider::Klavis, Provider::KlavisLocal, Provider::Blaxel})
        m_provider->addItem(AllSandboxesModel::providerName(provider), int(provider));
    addFilterWidget(m_provider);
    setupView();

    connect(bar, &SandboxFilterBar::searchChanged, m_proxy, &AllSandboxesFilterProxy::setSearchText);
    connect(m_provider, &QComboBox::currentIndexChanged, this, [this](int index) {
        const QVariant provider = m_provider->itemData(index);
        m_proxy->setProviderFilter(provider.isValid() ? std::optional(Provider(provider.toInt()))
                                                      : std::nullopt);
        updateCounts();
    });
    connect(bar, &SandboxFilterBar::statusChanged, this, [this](const QString &status) {
        m_proxy->setStatusFilter(status);
        updateCounts();
    });
    connect(m_model, &AllSandboxesModel::rowsSynced, this, [this] {
        updateStatusChoices();
        updateCounts();
        emit selectionChanged(selectedCount()); // a selected row's verbs follow its status
    });
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &AllSandboxesPage::updateCounts);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &AllSandboxesPage::updateCounts);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &AllSandboxesPage::updateCounts);
    // Each provider's failures in the one banner, named.
    watchRefreshes(klavis, tr("Could not refresh the Klavis sandboxes"));
    watchRefreshes(local, tr("Could not refresh the Klavis local sandboxes"));
    watchRefreshes(blaxel, tr("Could not refresh the Blaxel sandboxes"));
    m_ages->setInterval(30'000);
    connect(m_ages, &QTimer::timeout, m_model, &AllSandboxesModel::refreshAges);
    updateCounts();
    setVerbAction(Verb::Release, [this] { releaseSelected(); });
    setVerbAction(Verb::Reset, [this] { resetSelected(); });
    setVerbAction(Verb::Delete, [this] { deleteSelected(); });
    setVerbAction(Verb::CopyIds, [this] { copySelectedIds(); });
}

void AllSandboxesPage::setupView()
{
    m_view->setObjectName(u"allSandboxesView"_s);
    using Model = AllSandboxesModel;
    SandboxTable::setUp(m_view, m_proxy,
                        {.newestFirst = Model::WhenColumn,
                         .identifying = Model::NameColumn,
                         .widths = {{Model::ProviderColumn, 90},
                                    {Model::NameColumn, 260},
                                    {Model::StatusColumn, 105},
                                    {Model::DetailColumn, 190},
                                    {Model::ProfileColumn, 100}},
                         // One profile per provider is connected at a time: the Provider column already
                         // tells them apart, so the Profile column waits in the header's menu for when that
                         // is not enough.
                         .hiddenByDefault = {Model::ProfileColumn}});
    // Detail (an image and region, a local sandbox's servers) is the text that runs long, and the last
    // column is the one that stretches: Age goes before it, as wide as its text.
    QHeaderView *header = m_view->horizontalHeader();
    header->moveSection(header->visualIndex(Model::WhenColumn), header->visualIndex(Model::DetailColumn));
    // Measured again when the ages move on ("59 s ago" becomes "1 min ago") and rows come: a column in
    // ResizeToContents mode is only measured when the view lays out, and cut a longer age it had not seen.
    auto *fitAge = new QTimer(m_view);
    fitAge->setSingleShot(true);
    fitAge->setInterval(0);
    connect(fitAge, &QTimer::timeout, m_view, [this] { m_view->resizeColumnToContents(Model::WhenColumn); });
    const auto scheduleAgeFit = [fitAge] { fitAge->start(); };
    connect(m_proxy, &QAbstractItemModel::dataChanged, fitAge, scheduleAgeFit);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, fitAge, scheduleAgeFit);
    connect(m_proxy, &QAbstractItemModel::modelReset, fitAge, scheduleAgeFit);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, fitAge, scheduleAgeFit);
    placeView(m_view, nullptr);
    m_view->setItemDelegateForColumn(AllSandboxesModel::StatusColumn, new AllStatusDelegate(m_view));
    setEmptyText(tr("No sandboxes on any connected provider."));
}

QLineEdit *AllSandboxesPage::searchField() const
{
    return filterBar()->searchField();
}

QComboBox *AllSandboxesPage::statusChoice() const
{
    return filterBar()->statusChoice();
}

void AllSandboxesPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Ages move on only while someone can see them.
    m_model->refreshAges();
    m_ages->start();
}

void AllSandboxesPage::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_ages->stop();
}

void AllSandboxesPage::setProfileName(Provider provider, const QString &name)
{
    m_model->setProfileName(provider, name);
}

void AllSandboxesPage::updateStatusChoices()
{
    // Added to what is offered, never taken away: a filter chosen must not vanish under the user.
    filterBar()->addFacets({}, m_model->knownStatuses(), {}, {});
}

void AllSandboxesPage::updateCounts()
{
    const int total = m_model->rowCount();
    filterBar()->setCounts(m_proxy->rowCount(), total);
    emptyHint()->followUnfilteredRows(total);
}

void AllSandboxesPage::acceptDrops(WorkspaceActions *local, WorkspaceActions *blaxel)
{
    // The drop target names a sandbox by one string: the provider's letter before the id keeps the two
    // workspaces apart.
    auto *target = new WorkspaceDropTarget(
        m_view->viewport(),
        WorkspaceDropTarget::rowOf(m_view,
                                   [](const QModelIndex &row) -> QString {
                                       const auto provider =
                                           Provider(row.data(AllSandboxesModel::ProviderRole).toInt());
                                       if (provider == Provider::Klavis)
                                           return QString();
                                       return (provider == Provider::Blaxel ? u"b:"_s : u"l:"_s) +
                                              row.data(AllSandboxesModel::IdRole).toString();
                                   }),
        this);
    target->setRefusals(local->notLocalFilesRefusal(),
                        tr("Drop on a Klavis local or a Blaxel sandbox to upload a workspace: a Klavis "
                           "sandbox has none."));
    connect(target, &WorkspaceDropTarget::dropped, this,
            [local, blaxel](const QString &sandbox, const QStringList &paths) {
                (sandbox.startsWith(u"b:"_s) ? blaxel : local)->confirmUpload(sandbox.mid(2), paths);
            });
    connect(target, &WorkspaceDropTarget::refused, this, &AllSandboxesPage::statusMessage);
}

RowExport AllSandboxesPage::visibleRows() const
{
    RowExport rows({u"provider"_s, u"profile"_s, u"name"_s, u"id"_s, u"server"_s, u"status"_s, u"detail"_s,
                    u"updated_or_created_at"_s});
    const auto providerKey = [](Provider provider) {
        switch (provider) {
        case Provider::Klavis:
            return u"klavis"_s;
        case Provider::KlavisLocal:
            return u"klavis_local"_s;
        case Provider::Blaxel:
            return u"blaxel"_s;
        }
        return QString();
    };
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const AllSandboxRow &sandbox = m_model->rowAt(m_proxy->mapToSource(m_proxy->index(row, 0)).row());
        rows.addRow({providerKey(sandbox.provider), m_model->profileName(sandbox.provider), sandbox.name(),
                     sandbox.id, sandbox.serverName, sandbox.status, sandbox.detail(),
                     sandbox.when.isValid() ? sandbox.when.toUTC().toString(Qt::ISODate) : QString()});
    }
    return rows;
}

QList<AllSandboxRow> AllSandboxesPage::selectedSandboxes() const
{
    QList<AllSandboxRow> rows;
    for (const auto &index : selectedRows())
        rows << m_model->rowAt(m_proxy->mapToSource(index).row());
    return rows;
}

QList<AllSandboxRow> AllSandboxesPage::selectedRowsFor(std::initializer_list<Provider> providers,
                                                       int *leftOut) const
{
    QList<AllSandboxRow> rows;
    int skipped = 0;
    for (const auto &row : selectedSandboxes()) {
        if (std::find(providers.begin(), providers.end(), row.provider) != providers.end() &&
            row.actionable && !row.busy)
            rows << row;
        else
            ++skipped;
    }
    if (leftOut)
        *leftOut = skipped;
    return rows;
}

bool AllSandboxesPage::canDelete() const
{
    return !selectedRowsFor({Provider::Blaxel}).isEmpty();
}

bool AllSandboxesPage::canReleaseOrReset() const
{
    return !selectedRowsFor({Provider::Klavis, Provider::KlavisLocal}).isEmpty();
}

void AllSandboxesPage::releaseSelected()
{
    runKlavisVerb(ReleaseWording::Verb::Release);
}

void AllSandboxesPage::resetSelected()
{
    runKlavisVerb(ReleaseWording::Verb::Reset);
}

void AllSandboxesPage::runKlavisVerb(ReleaseWording::Verb verb)
{
    int leftOut = 0;
    const auto rows = selectedRowsFor({Provider::Klavis, Provider::KlavisLocal}, &leftOut);
    if (rows.isEmpty())
        return;
    QList<SandboxKey> klavisKeys;
    QStringList localIds;
    for (const auto &row : rows) {
        if (row.provider == Provider::Klavis)
            klavisKeys.append({row.serverName, row.id});
        else
            localIds << row.id;
    }
    // One kind selected: that view's own question; both kinds: each one's consequence.
    using Wording = ReleaseWording;
    const int klavisCount = int(klavisKeys.size());
    const int localCount = int(localIds.size());
    QString question;
    if (localCount == 0)
        question = Wording::klavisQuestion(verb, klavisCount, rows.first().name());
    else if (klavisCount == 0)
        question = Wording::localQuestion(verb, localCount, rows.first().name());
    else
        question = Wording::mixedQuestion(verb, int(rows.size()));
    QStringList consequences;
    if (klavisCount > 0)
        consequences << Wording::klavisConsequence(verb, klavisCount);
    if (localCount > 0)
        consequences << Wording::localConsequence(verb, localCount);
    const QString consequence = consequences.join(u' ');
    const QString note = leftOut == 0 ? QString()
                                      : u" "_s + tr("%n selected sandbox(es) that this does not apply to "
                                                    "are left as they are.",
                                                    nullptr, leftOut);
    if (!ConfirmationBox::ask(this, question, consequence + note, Wording::actionText(verb)))
        return;
    if (!klavisKeys.isEmpty())
        m_klavis->runBulk(verb == Wording::Verb::Release ? SandboxesController::Bulk::Release
                                                         : SandboxesController::Bulk::Reset,
                          klavisKeys);
    if (!localIds.isEmpty())
        m_local->runBulk(verb == Wording::Verb::Release ? LocalSandboxesController::Bulk::Release
                                                        : LocalSandboxesController::Bulk::Reset,
                         localIds);
}

void AllSandboxesPage::deleteSelected()
{
    int leftOut = 0;
    QStringList names;
    for (const auto &row : selectedRowsFor({Provider::Blaxel}, &leftOut))
        names << row.id;
    if (names.isEmpty())
        return;
    if (!DeleteWording::confirm(this, names, leftOut))
        return;
    m_blaxel->deleteSandboxes(names);
    emit statusMessage(tr("Deleting %n Blaxel sandbox(es)…", nullptr, int(names.size())));
}

void AllSandboxesPage::copySelectedIds()
{
    QStringList ids;
    for (const auto &row : selectedSandboxes())
        ids << row.id;
    if (SandboxTable::copyLines(ids))
        emit statusMessage(tr("Copied %n sandbox id(s).", nullptr, int(ids.size())));
}

void AllSandboxesPage::refresh()
{
    m_klavis->refresh();
    m_local->refresh();
    if (m_blaxel->isConnected())
        m_blaxel->refresh();
}

void AllSandboxesPage::clearFilters()
{
    filterBar()->clearFilters();
    m_provider->setCurrentIndex(0);
}

QStringList AllSandboxesPage::contextActionNames() const
{
    // Each row's own verbs: Release and Reset for Klavis rows, Delete for Blaxel rows.
    return {u"copyId"_s, {}, u"release"_s, u"reset"_s, u"blaxelDelete"_s, {}, u"refresh"_s, u"exportRows"_s};
}

SandboxListPage::VerbState AllSandboxesPage::verbState(Verb verb) const
{
    switch (verb) {
    case Verb::Release:
    case Verb::Reset: {
        return releaseOrResetState(verb,
                                   int(selectedRowsFor({Provider::Klavis, Provider::KlavisLocal}).size()));
    }
    case Verb::Delete: {
        const int deletable = int(selectedRowsFor({Provider::Blaxel}).size());
        return {true, deletable > 0, deletable > 1 ? tr("&Delete %1").arg(deletable) : tr("&Delete"), {}};
    }
    case Verb::CopyIds:
        return copyIdsState();
    default:
        return {};
    }
}

QString AllSandboxesPage::exportFileName() const
{
    return u"all-sandboxes.csv"_s;
}
