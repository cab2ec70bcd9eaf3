#include "sandboxlist/sandboxlistpage.h"

#include "common/connecthint.h"
#include "common/emptystatehint.h"
#include "common/errorbanner.h"
#include "common/rowchangeflash.h"
#include "common/sidetabkeys.h"
#include "common/splittersizing.h"
#include "common/viewstatesettings.h"
#include "sandboxlist/releasewording.h"
#include "sandboxlist/sandboxfilterbar.h"
#include "session/sandboxlistcontroller.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTabWidget>
#include <QTreeView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

SandboxListPage::SandboxListPage(SandboxListController *controller, const QString &stateKey, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_stateKey(stateKey), m_stack(new QStackedWidget(this)),
      m_content(new QWidget(m_stack)), m_banner(new ErrorBanner(m_content)), m_filters(new QHBoxLayout),
      m_filterBar(new SandboxFilterBar(m_content))
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_stack);
    m_stack->addWidget(m_content);
    auto *layout = new QVBoxLayout(m_content);
    layout->addWidget(m_banner);
    m_filters->setContentsMargins(0, 0, 0, 0);
    m_filters->addWidget(m_filterBar, 1);
    layout->addLayout(m_filters);
}

SandboxListPage::~SandboxListPage() = default;

QString SandboxListPage::actionName(Verb verb)
{
    switch (verb) {
    case Verb::Acquire:
        return u"acquire"_s;
    case Verb::Create:
        return u"blaxelCreate"_s;
    case Verb::Release:
        return u"release"_s;
    case Verb::Reset:
        return u"reset"_s;
    case Verb::Delete:
        return u"blaxelDelete"_s;
    case Verb::Edit:
        return u"blaxelEdit"_s;
    case Verb::CopyIds:
        return u"copyId"_s;
    case Verb::CopyMcpConfig:
        return u"copyMcpConfig"_s;
    case Verb::UploadWorkspace:
        return u"uploadWorkspace"_s;
    case Verb::SaveDump:
        return u"saveDump"_s;
    case Verb::ExtractDump:
        return u"extractDump"_s;
    }
    return {};
}

SandboxListPage::VerbState SandboxListPage::verbState(Verb) const
{
    return {};
}

void SandboxListPage::trigger(Verb verb)
{
    if (const auto action = m_verbActions.value(int(verb)))
        action();
}

void SandboxListPage::setVerbAction(Verb verb, std::function<void()> action)
{
    m_verbActions[int(verb)] = std::move(action);
}

SandboxListPage::VerbState SandboxListPage::releaseOrResetState(Verb verb, int active) const
{
    return {true, active > 0,
            ReleaseWording::actionCountText(
                verb == Verb::Release ? ReleaseWording::Verb::Release : ReleaseWording::Verb::Reset, active),
            selectedCount() == 0
                ? tr("Select an occupied sandbox.")
                : tr("Nothing in the selection is occupied: an idle or failed sandbox has no "
                     "lease to give back or data to reset.")};
}

SandboxListPage::VerbState SandboxListPage::klavisEditState()
{
    return {true, false, tr("&Edit Tags and TTL…"),
            tr("Klavis cannot change a sandbox's tags or TTL once it is acquired: release it and acquire "
               "another with the tags and TTL you want.")};
}

SandboxListPage::VerbState SandboxListPage::copyIdsState() const
{
    const int selected = selectedCount();
    return {true, selected > 0, selected > 1 ? tr("&Copy %1 IDs").arg(selected) : tr("&Copy ID"), {}};
}

void SandboxListPage::refresh()
{
    if (m_controller)
        m_controller->refresh();
}

void SandboxListPage::placeView(QAbstractItemView *view, QWidget *details)
{
    m_view = view;
    auto *layout = static_cast<QVBoxLayout *>(m_content->layout());
    if (details) {
        m_splitter = new QSplitter(m_content);
        m_splitter->addWidget(view);
        m_splitter->addWidget(details);
        m_splitterSizing = new SplitterSizing(m_splitter);
        layout->addWidget(m_splitter, 1);
        if (auto *tabs = qobject_cast<QTabWidget *>(details))
            new SideTabKeys(tabs, this);
    } else {
        layout->addWidget(view, 1);
    }
    m_emptyHint = new EmptyStateHint(view, QString());
    connect(view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        onSelectionChanged();
        emit selectionChanged(selectedCount());
    });
    // Tab leaves the list for the next part of the view instead of walking its cells, as in a file manager.
    view->setTabKeyNavigation(false);
}

void SandboxListPage::addFilterWidget(QWidget *widget)
{
    m_filters->addWidget(widget, 0, Qt::AlignTop);
}

void SandboxListPage::setConnectHint(ConnectHint *hint)
{
    m_connectHint = hint;
    m_stack->addWidget(hint);
    connect(hint, &ConnectHint::settingsRequested, this, &SandboxListPage::settingsRequested);
    connect(hint, &ConnectHint::demoRequested, this, &SandboxListPage::demoRequested);
    m_stack->setCurrentWidget(m_connected ? m_content : hint);
}

void SandboxListPage::setConnected(bool connected)
{
    m_connected = connected;
    m_stack->setCurrentWidget(!connected && m_connectHint ? static_cast<QWidget *>(m_connectHint)
                                                          : m_content);
}

void SandboxListPage::setEmptyText(const QString &text)
{
    m_emptyHint->setNoRowsText(text);
}

void SandboxListPage::setFlashKey(std::function<QString(const QModelIndex &)> keyOf)
{
    m_flash = new RowChangeFlash(m_view, std::move(keyOf));
}

void SandboxListPage::watchRefreshes(SandboxListController *controller, const QString &failureTitle)
{
    connect(controller, &SandboxListController::refreshed, m_banner, [this] {
        if (m_banner->isVisible() && m_banner->property("fromRefresh").toBool())
            m_banner->hide();
    });
    connect(controller, &SandboxListController::refreshFailed, this,
            [this, failureTitle](const ApiError &error) {
                m_banner->showError(failureTitle, error);
                m_banner->setProperty("fromRefresh", true);
            });
    connect(controller, &SandboxListController::bulkFinished, this, &SandboxListPage::showBulkOutcome);
}

void SandboxListPage::showBulkOutcome(const QString &summary, const QStringList &failures)
{
    if (failures.isEmpty()) {
        emit statusMessage(summary);
        return;
    }
    m_banner->showMessage(ErrorBanner::Level::Error, summary, failures.join(u'\n'));
    m_banner->setProperty("fromRefresh", false);
}

QList<QModelIndex> SandboxListPage::selectedRows() const
{
    return m_view ? m_view->selectionModel()->selectedRows() : QList<QModelIndex>();
}

int SandboxListPage::selectedCount() const
{
    return int(selectedRows().size());
}

QHeaderView *SandboxListPage::header() const
{
    if (auto *table = qobject_cast<QTableView *>(m_view))
        return table->horizontalHeader();
    if (auto *tree = qobject_cast<QTreeView *>(m_view))
        return tree->header();
    return nullptr;
}

void SandboxListPage::focusSearch()
{
    m_filterBar->focusSearch();
}

void SandboxListPage::saveState() const
{
    ViewStateSettings::save(m_stateKey, header(), m_splitter);
}

void SandboxListPage::restoreState()
{
    ViewStateSettings::restore(m_stateKey, header(), m_splitterSizing);
}
