#include "pages/runspage.h"

#include "controllers/runmanifestfiles.h"
#include "dialogs/confirmationbox.h"
#include "dialogs/releasewording.h"
#include "ledger/ledgerworker.h"
#include "models/listedsandboxes.h"
#include "models/localsandboxtreemodel.h"
#include "models/runlistmodel.h"
#include "models/sandboxlistmodel.h"
#include "runs/runmanifest.h"
#include "session/appsession.h"
#include "session/leakmonitor.h"
#include "session/localsandboxescontroller.h"
#include "session/sandboxescontroller.h"
#include "widgets/emptystatehint.h"
#include "widgets/errorbanner.h"
#include "widgets/runleakspanel.h"
#include "widgets/runsandboxestable.h"
#include "workspace/transferqueue.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QHeaderView>
#include <QLineEdit>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTreeView>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

constexpr int listedInQuestion = 15;

// RUN-ID.tar.gz. Both come from the ledger, which a manifest import or another program may have filled:
// anything but the characters of a run name becomes '_', so no name climbs out of the folder.
QString dumpFileName(const QString &run, const QString &sandboxId)
{
    QString name = run + u'-' + sandboxId;
    for (QChar &character : name)
        if (!(character.isLetterOrNumber() && character.unicode() < 0x80) && character != u'-' &&
            character != u'_' && character != u'.')
            character = u'_';
    if (name.startsWith(u'.'))
        name[0] = u'_';
    return name + u".tar.gz"_s;
}

QString sandboxLabel(const LedgerSandbox &sandbox)
{
    return sandbox.servers.join(u',') + u'/' + sandbox.sandboxId;
}

} // namespace

RunsPage::RunsPage(AppSession *session, SandboxesController *sandboxes, LocalSandboxesController *local,
                   QWidget *parent)
    : QWidget(parent), m_session(session), m_sandboxes(sandboxes), m_local(local),
      m_model(new RunListModel(this)), m_proxy(new QSortFilterProxyModel(this)),
      m_monitor(new LeakMonitor(session, sandboxes->model(), local->model(), this)),
      m_banner(new ErrorBanner(this)), m_filter(new QLineEdit(this)), m_view(new QTreeView(this)),
      m_details(new RunSandboxesTable(m_model, this)), m_leaks(new RunLeaksPanel(m_monitor, this)),
      m_manifests(new RunManifestFiles(session->ledger(), this)),
      m_emptyHint(
          new EmptyStateHint(m_view, tr("No runs yet. Start one with New run… or the CLI's run create."))),
      m_release(new QAction(QIcon(u":/icons/release.svg"_s), tr("&Release All…"), this)),
      m_reset(new QAction(QIcon(u":/icons/reset.svg"_s), tr("Re&set All…"), this)),
      m_dump(new QAction(QIcon(u":/icons/download.svg"_s), tr("&Dump Local Workspaces…"), this)),
      m_export(new QAction(QIcon(u":/icons/json.svg"_s), tr("E&xport Manifest…"), this)),
      m_import(new QAction(QIcon(u":/icons/folder.svg"_s), tr("&Import Manifest…"), this))
{
    m_release->setObjectName(u"releaseRun"_s);
    m_reset->setObjectName(u"resetRun"_s);
    m_dump->setObjectName(u"dumpRun"_s);
    m_export->setObjectName(u"exportManifest"_s);
    m_import->setObjectName(u"importManifest"_s);
    m_release->setToolTip(tr("Release every sandbox the selected run holds, after one question"));
    m_reset->setToolTip(tr("Reset every sandbox the selected run holds to its initial data"));
    m_dump->setToolTip(tr("Save the workspace of each local sandbox of the run into a folder, one archive "
                          "each"));
    m_export->setToolTip(tr("Write the run's manifest: a JSON record of its sandboxes and transfers, no "
                            "secrets"));
    m_import->setToolTip(tr("Show a past run from its manifest file, read-only"));

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
    connect(m_release, &QAction::triggered, this, &RunsPage::releaseSelectedRun);
    connect(m_reset, &QAction::triggered, this, &RunsPage::resetSelectedRun);
    connect(m_dump, &QAction::triggered, this, &RunsPage::dumpSelectedRun);
    connect(m_export, &QAction::triggered, this, &RunsPage::exportManifest);
    connect(m_import, &QAction::triggered, this, &RunsPage::importManifest);
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
    // The lists and the ledger move on: the runs and the leaks follow both.
    const auto listsRefreshed = [this] {
        takeListedSandboxes();
        m_monitor->recompute();
    };
    connect(sandboxes, &SandboxesController::refreshed, this, listsRefreshed);
    connect(local, &LocalSandboxesController::refreshed, this, listsRefreshed);
    connect(session, &AppSession::ledgerOpened, this, [this] {
        reload();
        m_monitor->recompute();
    });
    updateActions();
}

QTreeWidget *RunsPage::detailsTable() const
{
    return m_details;
}

QList<QAction *> RunsPage::pageActions() const
{
    return {m_release, m_reset, m_dump, m_export, m_import};
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
    m_model->setListedSandboxes(ListedSandboxes::klavis(*m_sandboxes->model()),
                                ListedSandboxes::local(*m_local->model()));
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
    const RunListEntry *run = selectedRun();
    // An imported run is a record of the past: nothing of it is ours to act on.
    const bool live = run && !run->imported;
    int held = 0, heldLocal = 0;
    for (const LedgerSandbox &sandbox : run ? run->sandboxes : QList<LedgerSandbox>()) {
        held += sandbox.isHeld();
        heldLocal += sandbox.isHeld() && sandbox.provider == LedgerProvider::KlavisLocal;
    }
    m_release->setEnabled(live && held > 0);
    m_reset->setEnabled(live && held > 0);
    m_dump->setEnabled(live && heldLocal > 0);
    m_export->setEnabled(run && (run->imported || run->inLedger()));
}

void RunsPage::updateDetails()
{
    m_details->showRun(selectedRun());
}

void RunsPage::releaseSelectedRun()
{
    const RunListEntry *run = selectedRun();
    if (!run || run->imported)
        return;
    QStringList lines;
    int held = 0;
    for (const LedgerSandbox &sandbox : run->sandboxes) {
        if (!sandbox.isHeld())
            continue;
        if (++held <= listedInQuestion)
            lines << u"• "_s + sandboxLabel(sandbox);
    }
    if (held == 0)
        return;
    if (held > listedInQuestion)
        lines << tr("… and %n more", nullptr, held - listedInQuestion);
    const QString name = run->name;
    const bool inLedger = run->inLedger();
    QList<LedgerSandbox> listed;
    if (!inLedger)
        for (const LedgerSandbox &sandbox : run->sandboxes)
            if (sandbox.isHeld())
                listed.append(sandbox);
    if (!ConfirmationBox::ask(this, tr("Release all %n sandbox(es) of run %1?", nullptr, held).arg(name),
                              ReleaseWording::klavisConsequence(ReleaseWording::Verb::Release, held) +
                                  u"\n\n"_s + lines.join(u'\n'),
                              ReleaseWording::actionText(ReleaseWording::Verb::Release)))
        return;
    // A run the ledger knows is released by name (and what the server holds with its tag); a run only seen
    // as a tag by the sandboxes listed with it.
    if (inLedger)
        emit releaseRunRequested(name);
    else
        emit releaseSandboxesRequested(name, listed);
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
    const RunListEntry *run = selectedRun();
    if (!run || run->imported)
        return;
    QList<SandboxKey> klavis;
    QStringList local;
    for (const LedgerSandbox &sandbox : run->sandboxes) {
        if (!sandbox.isHeld())
            continue;
        if (sandbox.provider == LedgerProvider::Klavis)
            klavis << SandboxKey{sandbox.servers.value(0), sandbox.sandboxId};
        else if (sandbox.provider == LedgerProvider::KlavisLocal)
            local << sandbox.sandboxId;
    }
    const int count = int(klavis.size() + local.size());
    if (count == 0 ||
        !ConfirmationBox::ask(this, ReleaseWording::mixedQuestion(ReleaseWording::Verb::Reset, count),
                              ReleaseWording::klavisConsequence(ReleaseWording::Verb::Reset, count),
                              ReleaseWording::actionText(ReleaseWording::Verb::Reset)))
        return;
    if (!klavis.isEmpty())
        m_sandboxes->runBulk(SandboxesController::Bulk::Reset, klavis);
    if (!local.isEmpty())
        m_local->runBulk(LocalSandboxesController::Bulk::Reset, local);
}

void RunsPage::dumpSelectedRun()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Dump the Run's Workspaces Into"));
    if (!folder.isEmpty())
        dumpSelectedRunTo(folder);
}

int RunsPage::dumpSelectedRunTo(const QString &folder)
{
    const RunListEntry *run = selectedRun();
    if (!run || run->imported)
        return 0;
    int queued = 0;
    for (const LedgerSandbox &sandbox : run->sandboxes) {
        if (!sandbox.isHeld() || sandbox.provider != LedgerProvider::KlavisLocal)
            continue;
        const QString target = QDir(folder).filePath(dumpFileName(run->name, sandbox.sandboxId));
        m_session->transfers()->enqueueDump(sandbox.sandboxId, DumpJob::Mode::SaveArchive, target);
        ++queued;
    }
    emit statusMessage(
        tr("Queued %n workspace dump(s) into %1.", nullptr, queued).arg(QDir::toNativeSeparators(folder)));
    return queued;
}

void RunsPage::exportManifest()
{
    const RunListEntry *run = selectedRun();
    if (!run)
        return;
    const QString fileName = QFileDialog::getSaveFileName(
        this, tr("Export Manifest"), run->name + u"-manifest.json"_s, tr("JSON files (*.json)"));
    if (!fileName.isEmpty())
        exportManifestTo(fileName);
}

void RunsPage::exportManifestTo(const QString &fileName)
{
    const RunListEntry *run = selectedRun();
    if (run && run->imported)
        m_manifests->exportRecord(run->record, fileName);
    else if (run && run->inLedger())
        m_manifests->exportRun(run->name, fileName);
    else
        emit manifestExported(fileName, tr("Only a run of the ledger or an imported one has a manifest."));
}

void RunsPage::importManifest()
{
    const QString fileName =
        QFileDialog::getOpenFileName(this, tr("Import Manifest"), QString(), tr("JSON files (*.json)"));
    if (!fileName.isEmpty())
        importManifestFrom(fileName);
}

void RunsPage::importManifestFrom(const QString &fileName)
{
    m_manifests->import(fileName);
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
