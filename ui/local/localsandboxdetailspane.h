#pragma once

#include "api/localsandbox.h"

#include <QWidget>

class ApiError;
class CopyableField;
class DetailsPaneFrame;
class QLabel;
class QPushButton;
class QToolButton;
class QVBoxLayout;
class RawJsonView;
class RevealSecretsButton;
class SecretTree;

// The right-hand pane for one local sandbox: its servers with their MCP URLs, per-server secrets
// (masked until revealed), the raw JSON, and where a workspace can be dropped.
class LocalSandboxDetailsPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocalSandboxDetailsPane)

public:
    explicit LocalSandboxDetailsPane(QWidget *parent = nullptr);

    void showSandbox(const LocalSandbox &sandbox);
    // The sandbox shown is no longer listed (released and gone, expired).
    void showGone(const QString &localSandboxId);
    void showError(const ApiError &error);
    void showEmpty(int selectedCount);

    QString currentSandboxId() const { return m_sandbox.localSandboxId; }
    bool secretsRevealed() const;
    void setSecretsRevealed(bool revealed);
    // The drop hint, so that the page can highlight it while something is dragged over.
    QLabel *dropHintLabel() const { return m_dropHint; }

signals:
    void copyMcpConfigRequested();
    void uploadRequested();
    void saveDumpRequested();
    void extractDumpRequested();
    void copied(const QString &what);

private:
    void rebuildServers();
    void updateRawJson();
    void updateTimes();

    DetailsPaneFrame *m_frame;
    QLabel *m_headerIcon;
    QLabel *m_headerStatus;
    QWidget *m_errorRow;
    QLabel *m_errorLabel;
    CopyableField *m_idField;
    QLabel *m_statusLabel;
    QLabel *m_benchmarkLabel;
    QLabel *m_createdLabel;
    QLabel *m_serversTitle;
    QWidget *m_serversBox = nullptr;
    QVBoxLayout *m_serversSlot;
    QPushButton *m_copyConfigButton;
    QWidget *m_workspaceButtons;
    RevealSecretsButton *m_revealButton;
    QLabel *m_dropHint;
    RawJsonView *m_rawJson;
    QList<SecretTree *> m_trees;

    // The lease's work (its MCP config, its workspace) is offered on an occupied sandbox only.
    void offerLeaseWork();

    LocalSandbox m_sandbox;
    bool m_shown = false; // m_sandbox holds a sandbox (an empty id is still one)
};
