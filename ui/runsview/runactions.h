#pragma once

#include "ledger/ledgersandbox.h"

#include <QList>
#include <QObject>
#include <QString>

#include <functional>

class AppSession;
class LocalSandboxesController;
class QAction;
class QWidget;
class RunManifestFiles;
class SandboxesController;
struct RunListEntry;

// What the Runs view does with the selected run: release everything it holds, reset it, dump its local
// workspaces, export its manifest, and import a past run's manifest. Owns the five actions (the view's
// toolbar and context menu), enables them for the run, asks the questions and hands the work on: releases
// as signals to whoever releases, resets to the controllers' bulk actions, dumps to the transfer queue,
// manifests to RunManifestFiles, whose answers the page shows. The texts are the Runs page's and are
// translated under its name.
class RunActions final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunActions)

public:
    struct Services
    {
        AppSession *session;
        SandboxesController *sandboxes;
        LocalSandboxesController *local;
        RunManifestFiles *manifests;
    };

    // `selectedRun` answers which run the actions are about when they are triggered (null: none); the
    // questions and file dialogs open over `page`, which also parents the actions.
    RunActions(const Services &services, std::function<const RunListEntry *()> selectedRun, QWidget *page);

    QList<QAction *> actions() const;
    QAction *releaseAction() const { return m_release; }
    QAction *resetAction() const { return m_reset; }
    QAction *dumpAction() const { return m_dump; }
    QAction *exportManifestAction() const { return m_export; }
    QAction *importManifestAction() const { return m_import; }
    // Enables each action for the selected run.
    void update();

    void releaseSelectedRun();
    void resetSelectedRun();
    void dumpSelectedRun();
    int dumpSelectedRunTo(const QString &folder);
    void exportManifest();
    void exportManifestTo(const QString &fileName);
    void importManifest();
    void importManifestFrom(const QString &fileName);

signals:
    void statusMessage(const QString &message);
    void releaseRunRequested(const QString &run);
    void releaseSandboxesRequested(const QString &run, const QList<LedgerSandbox> &sandboxes);
    // A manifest that cannot be exported at all (a tag-only run); RunManifestFiles answers the others.
    void manifestExportRefused(const QString &fileName, const QString &error);

private:
    Services m_services;
    std::function<const RunListEntry *()> m_selectedRun;
    QWidget *m_page;
    QAction *m_release;
    QAction *m_reset;
    QAction *m_dump;
    QAction *m_export;
    QAction *m_import;
};
