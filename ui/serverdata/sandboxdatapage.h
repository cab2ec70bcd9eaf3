#pragma once

#include "session/serverdataproblem.h"

#include <QDateTime>
#include <QString>
#include <QWidget>

class ErrorBanner;
class JsonDiffView;
class JsonTreeView;
class QLabel;
class QPushButton;
class QStackedWidget;
class QTabWidget;
class QToolButton;
class QTreeWidget;
class ServerDataController;

// The Data tab of a Klavis sandbox: its server's data dumped as a JSON tree and saved, initialized from a
// JSON file (checked against the server's schema before sending, problems listed by field path, the
// server's 422 alike) or with the provider's default data, and compared (the sandbox now against a saved
// dump, or two saved dumps). Hosting it: one controller for the window, one page per sandbox view;
// setSandbox() whenever the selection changes.
class SandboxDataPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxDataPage)

public:
    explicit SandboxDataPage(ServerDataController *controller, QWidget *parent = nullptr);

    // Shows that sandbox's last dump of this session, if any; a server without data endpoints says so.
    void setSandbox(const QString &serverName, const QString &sandboxId);
    // When the server last changed the sandbox (its list's updated_at: a reset, an initialize, a release).
    // A dump shown from before that is stale, and the status says so.
    void setSandboxChangedAt(const QDateTime &changedAt);
    QString serverName() const { return m_serverName; }
    QString sandboxId() const { return m_sandboxId; }
    bool hasDataEndpoints() const;

    // What the buttons do, without their file dialogs.
    void dump();
    void saveDumpTo(const QString &path);
    void initializeFromFile(const QString &path);
    void initializeDefault();
    void compareWithSavedDump(const QString &path);
    void compareSavedDumps(const QString &beforePath, const QString &afterPath);
    void cancel();

    JsonTreeView *treeView() const { return m_tree; }
    JsonDiffView *diffView() const { return m_diff; }
    QTreeWidget *problemList() const { return m_problems; }
    ErrorBanner *errorBanner() const { return m_banner; }
    QTabWidget *tabs() const { return m_tabs; }
    QLabel *statusLabel() const { return m_status; }
    QLabel *noDataLabel() const { return m_noData; }
    QPushButton *dumpButton() const { return m_dump; }
    QPushButton *cancelButton() const { return m_cancel; }

signals:
    // The sandbox's data arrived in the tree (after Dump, an initialize, or a comparison with now).
    void dumpShown();
    void comparisonShown();

private:
    bool isMine(const QString &serverName, const QString &sandboxId) const;
    void showProblems(const QString &heading, const QList<ServerDataProblem> &problems);
    void updateState();
    void showDumpTime();
    void chooseSavePath();
    void chooseInitializeFile();
    void chooseSavedDump();
    void chooseTwoDumps();

    ServerDataController *m_controller;
    QString m_serverName;
    QString m_sandboxId;
    QDateTime m_changedAt;
    QDateTime m_shownDumpAt; // invalid while no dump is shown
    QLabel *m_title;
    ErrorBanner *m_banner;
    QStackedWidget *m_stack;
    QLabel *m_noData;
    QPushButton *m_dump;
    QPushButton *m_save;
    QToolButton *m_initialize;
    QToolButton *m_compare;
    QPushButton *m_cancel;
    QLabel *m_status;
    QTabWidget *m_tabs;
    JsonTreeView *m_tree;
    JsonDiffView *m_diff;
    QLabel *m_problemsHeading;
    QTreeWidget *m_problems;
    // This page's own operation: another page's dump on the same controller is not ours to show as busy.
    bool m_waiting = false;
    QString m_shownActivity;
};
