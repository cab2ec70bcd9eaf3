#pragma once

#include "runs/leakfinder.h"

#include <QWidget>

class AppSession;
class EmptyStateHint;
class ErrorBanner;
class LeakMonitor;
class LocalSandboxesController;
class QAction;
class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;
class QTreeWidget;
class RunLeaksPanel;
class RunListModel;
class RunActions;
class RunManifestFiles;
class RunSandboxesTable;
struct RunListEntry;
class SandboxesController;

// The Runs view: every run of the ledger, the manifests imported in this session and the runs only seen as
// tags, with their sandboxes by status and a live countdown to the nearest TTL; the sandboxes of the
// selected run; bulk actions on a run (release, reset, dump the local workspaces, export its manifest);
// and the leaks. Every ledger read is posted to the ledger's thread, every file is read and written off
// the GUI thread. Releasing is asked once here and done by whoever listens to the release signals.
class RunsPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunsPage)

public:
    RunsPage(AppSession *session, SandboxesController *sandboxes, LocalSandboxesController *local,
             QWidget *parent = nullptr);

    QTreeView *view() const { return m_view; }
    RunListModel *model() const { return m_model; }
    // The selected run's sandboxes.
    QTreeWidget *detailsTable() const;
    RunLeaksPanel *leaksPanel() const { return m_leaks; }
    LeakMonitor *leakMonitor() const { return m_monitor; }
    QLineEdit *filterEdit() const { return m_filter; }
    // Where a release's failures are shown, one line each.
    ErrorBanner *banner() const { return m_banner; }
    // In the main window's toolbar while this page is in front, and in the rows' context menu.
    QList<QAction *> pageActions() const;
    QAction *releaseAction() const;
    QAction *resetAction() const;
    QAction *dumpAction() const;
    QAction *exportManifestAction() const;
    QAction *importManifestAction() const;

    // Reads the runs from the ledger again (posted), and takes what the lists hold now.
    void reload();
    void takeListedSandboxes();
    // The run of the current row, null when none.
    const RunListEntry *selectedRun() const;
    bool selectRun(const QString &name, bool imported = false);

    // One confirmation listing what will go, then releaseRunRequested.
    void releaseSelectedRun();
    // One confirmation, then the existing bulk resets of both controllers.
    void resetSelectedRun();
    // Asks for a folder; dumpSelectedRunTo queues one archive per held local sandbox, RUN-ID.tar.gz, and
    // answers how many it queued.
    void dumpSelectedRun();
    int dumpSelectedRunTo(const QString &folder);
    // Asks for a file; the ...To forms do the work, and answer through manifestExported/manifestImported.
    void exportManifest();
    void exportManifestTo(const QString &fileName);
    void importManifest();
    void importManifestFrom(const QString &fileName);
    // How a release ended: a status message, or the banner with one line per failure.
    void showReleaseOutcome(const QString &summary, const QStringList &failures);
    void saveState() const;
    void restoreState();

signals:
    void statusMessage(const QString &message);
    // Release every sandbox the run holds (the ledger's and those listed with its tag).
    void releaseRunRequested(const QString &run);
    // A run only seen as a tag: the sandboxes listed with it.
    void releaseSandboxesRequested(const QString &run, const QList<LedgerSandbox> &sandboxes);
    void releaseLeaksRequested(const QList<Leak> &leaks);
    // A ledger read arrived in the model.
    void runsLoaded();
    // error is empty on success.
    void manifestExported(const QString &fileName, const QString &error);
    void manifestImported(const QString &runName, const QString &error);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void updateActions();
    void updateDetails();
    void updateEmptyHint();

    AppSession *m_session;
    SandboxesController *m_sandboxes;
    LocalSandboxesController *m_local;
    RunListModel *m_model;
    QSortFilterProxyModel *m_proxy;
    LeakMonitor *m_monitor;
    ErrorBanner *m_banner;
    QLineEdit *m_filter;
    QTreeView *m_view;
    RunSandboxesTable *m_details;
    RunLeaksPanel *m_leaks;
    RunManifestFiles *m_manifests;
    EmptyStateHint *m_emptyHint;
    RunActions *m_actions;
    quint64 m_loadGeneration = 0;
};
