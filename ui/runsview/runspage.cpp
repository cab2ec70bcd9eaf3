#include "runsview/runspage.h"

#include "common/emptystatehint.h"
#include "common/errorbanner.h"
#include "ledger/ledgerworker.h"
#include "models/localsandboxtreemodel.h"
#include "models/runlistmodel.h"
#include "models/sandboxlistmodel.h"
#include "runs/runmanifest.h"
#include "runsview/runactions.h"
#include "runsview/runleakspanel.h"
#include "runsview/runmanifestfiles.h"
#include "runsview/runsandboxestable.h"
#include "session/appsession.h"
#include "session/leakmonitor.h"
#include "session/localsandboxescontroller.h"
#include "session/sandboxescontroller.h"

#include <QAction>
#include <QDir>
#include <QHeaderView>
#include <QLineEdit>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTreeView>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

RunsPage::RunsPage(AppSession *session, SandboxesController *sandboxes, LocalSandboxesController *local,
                   QWidget *parent)
    : QWidget(parent), m_session(session), m_sandboxes(sandboxes), m_local(local),
      m_model(new RunListModel(this)), m_proxy(new QSortFilterProxyModel(this)),
      m_monitor(session->leakMonitor()), m_banner(new ErrorBanner(this)), m_filter(new QLineEdit(this)),
      m_view(new QTreeView(this)), m_details(new RunSandboxesTable(m_model, this)),
      m_leaks(new RunLeaksPanel(m_monitor, this)), m_manifests(new RunManifestFiles(session->ledger(), this)),
      m_emptyHint(
          new EmptyStateHint(m_view, tr("No runs yet. Start one with New run… or the CLI's run create."))),
      m_actions(new RunActions(
          {session, sandboxes, local, m_manifests}, [this] { return selectedRun(); }, this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setObjectName(u"runFilter"_s);
    m_filter->setPlaceholderText(tr("Filter runs"));
    m_filter->setClearButtonEnabled(true);
    m_view->setObjectName(u"runsView"_s);
    m_view->setModel(m_proxy);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAllColumnsShowFocus(true);
    m_view->header()->setSectionsMovable(true);
    m_view->setColumnWidth(RunListModel::NameColumn, 200);
    m_view->setColumnWidth(RunListModel::StateColumn, 150);
    m_view->setColumnWidth(RunListModel::SandboxesColumn, 280);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(u"runsSplitter"_s);
    splitter->setChildrenCollapsible(false);
    auto *top = new QWidget(splitter);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->setSpacing(2);
    topLayout->addWidget(m_banner);
    topLayout->addWidget(m_filter);
    topLayout->addWidget(m_view, 1);
    splitter->addWidget(top);
    splitter->addWidget(m_details);
    splitter->addWidget(m_leaks);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setStretchFactor(2, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setFilterFixedString(text);
        updateEmptyHint();
    });
    connect(m_actions, &RunActions::statusMessage, this, &RunsPage::statusMessage);
    connect(m_actions, &RunActions::releaseRunRequested, this, &RunsPage::releaseRunRequested);
    connect(m_actions, &RunActions::releaseSandboxesRequested, this, &RunsPage::releaseSandboxesRequested);
    connect(m_actions, &RunActions::manifestExportRefused, this, &RunsPage::manifestExported);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        updateDetails();
        updateActions();
    });
    connect(m_model, &QAbstractItemModel::dataChanged, this, &RunsPage::updateActions);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &RunsPage::updateEmptyHint);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &RunsPage::updateEmptyHint);
    connect(m_model, &RunListModel::ticked, this, &RunsPage::updateDetails);
    connect(m_leaks, &RunLeaksPanel::releaseRequested, this, &RunsPage::releaseLeaksRequested);
    connect(m_manifests, &RunManifestFiles::exported, this,
            [this](const QString &fileName, const QString &error) {
                emit statusMessage(
                    error.isEmpty() ? tr("Wrote the manifest to %1.").arg(QDir::toNativeSeparators(fileName))
                                    : tr("Cannot write the manifest: %1").arg(error));
                emit manifestExported(fileName, error);
            });
    connect(m_manifests, &RunManifestFiles::imported, this,
            [this](const RunRecord &record, const QString &error) {
                if (!error.isEmpty()) {
                    emit statusMessage(tr("Cannot import the manifest: %1").arg(error));
                    emit manifestImported(QString(), error);
                    return;
                }
                m_model->addImported(record);
                selectRun(record.run.name, true);
                emit statusMessage(
                    tr("Showing run %1 from its manifest (imported, read-only).").arg(record.run.name));
                emit manifestImported(record.run.name, QString());
            });
    // The lists and the ledger move on: the runs follow both (the leak monitor follows the stores itself).
    connect(session->klavisStore(), &SandboxStoreSignals::published, this, &RunsPage::takeListedSandboxes);
    connect(session->localStore(), &SandboxStoreSignals::published, this, &RunsPage::takeListedSandboxes);
    connect(m_model, &RunListModel::runsFound, this, &RunsPage::updateDetails);
    connect(session, &AppSession::ledgerOpened, this, &RunsPage::reload);
    updateActions();
}

QTreeWidget *RunsPage::detailsTable() const
{
    return m_details;
}

QList<QAction *> RunsPage::pageActions() const
{
    return m_actions->actions();
}

QAction *RunsPage::releaseAction() const
{
    return m_actions->releaseAction();
}

QAction *RunsPage::resetAction() const
{
    return m_actions->resetAction();
}

QAction *RunsPage::dumpAction() const
{
    return m_actions->dumpAction();
}

QAction *RunsPage::exportManifestAction() const
{
    return m_actions->exportManifestAction();
}

QAction *RunsPage::importManifestAction() const
{
    return m_actions->importManifestAction();
}

void RunsPage::reload()
{
    // Everything the view shows of a run in one read on the ledger's thread, matched to the newest ask.
    const quint64 generation = ++m_loadGeneration;
    m_session->ledger()->post<QList<RunRecord>>(
        [](RunLedger &ledger) -> LedgerResult<QList<RunRecord>> {
            auto runs = ledger.runs();
            if (!runs)
                return runs.error();
            QList<RunRecord> records;
            for (const LedgerRun &run : runs.value()) {
                RunRecord record;
                if (RunManifest::load(ledger, run.name, &record).isEmpty())
                    records.append(record);
            }
            return records;
        },
        this,
        [this, generation](const LedgerResult<QList<RunRecord>> &records) {
            if (generation != m_loadGeneration)
                return;
            if (!records) {
                // A ledger not open yet is no news: ledgerOpened brings the read again.
                if (records.error().kind != LedgerError::Kind::NotOpen)
                    emit statusMessage(tr("Cannot read the runs: %1").arg(records.error().message));
                return;
            }
            m_model->setLedgerRecords(records.value());
            updateDetails();
            emit runsLoaded();
        });
}

void RunsPage::takeListedSandboxes()
{
    m_model->setListedSandboxes(m_session->klavisStore()->snapshot(), m_session->localStore()->snapshot());
    updateDetails();
}

const RunListEntry *RunsPage::selectedRun() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? m_model->entryAt(m_proxy->mapToSource(current).row()) : nullptr;
}

bool RunsPage::selectRun(const QString &name, bool imported)
{
    const int row = m_model->rowOf(name, imported);
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid())
        return false;
    m_view->setCurrentIndex(index);
    m_view->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    return true;
}

void RunsPage::updateEmptyHint()
{
    m_emptyHint->followUnfilteredRows(m_model->rowCount());
}

void RunsPage::updateActions()
{
    m_actions->update();
}

void RunsPage::updateDetails()
{
    m_details->showRun(selectedRun());
}

void RunsPage::releaseSelectedRun()
{
    m_actions->releaseSelectedRun();
}

void RunsPage::showReleaseOutcome(const QString &summary, const QStringList &failures)
{
    if (failures.isEmpty()) {
        m_banner->hide();
        emit statusMessage(summary);
        return;
    }
    m_banner->showMessage(ErrorBanner::Level::Error, summary, failures.join(u'\n'));
}

void RunsPage::resetSelectedRun()
{
    m_actions->resetSelectedRun();
}

void RunsPage::dumpSelectedRun()
{
    m_actions->dumpSelectedRun();
}

int RunsPage::dumpSelectedRunTo(const QString &folder)
{
    return m_actions->dumpSelectedRunTo(folder);
}

void RunsPage::exportManifest()
{
    m_actions->exportManifest();
}

void RunsPage::exportManifestTo(const QString &fileName)
{
    m_actions->exportManifestTo(fileName);
}

void RunsPage::importManifest()
{
    m_actions->importManifest();
}

void RunsPage::importManifestFrom(const QString &fileName)
{
    m_actions->importManifestFrom(fileName);
}

void RunsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_model->setTicking(true);
    reload();
    takeListedSandboxes();
}

void RunsPage::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_model->setTicking(false);
}

void RunsPage::saveState() const
{
    QSettings().setValue(u"runs/header"_s, m_view->header()->saveState());
}

void RunsPage::restoreState()
{
    const QByteArray saved = QSettings().value(u"runs/header"_s).toByteArray();
    if (!saved.isEmpty())
        m_view->header()->restoreState(saved);
}
