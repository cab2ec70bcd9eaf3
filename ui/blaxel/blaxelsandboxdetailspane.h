#pragma once

#include "api/blaxelsandbox.h"

#include <QWidget>

class ApiError;
class CopyableField;
class DetailsPaneFrame;
class QFormLayout;
class QLabel;
class QTreeWidget;
class RawJsonView;
class RevealSecretsButton;

// The right-hand pane for one Blaxel sandbox: every field, the sandbox URL and its MCP endpoint with copy,
// ports, environment (secret values masked until "Reveal secrets", and masked again whenever another
// sandbox is shown), expiration policies, events as a timeline and errors. It shows the list's row at once
// (showSandbox with what the list knows), then the details when they arrive.
class BlaxelSandboxDetailsPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelSandboxDetailsPane)

public:
    explicit BlaxelSandboxDetailsPane(QWidget *parent = nullptr);

    // `complete`: the answer of GET /sandboxes/{name}, not only the list's row.
    void showSandbox(const BlaxelSandbox &sandbox, bool complete);
    void showError(const ApiError &error);
    void showEmpty(int selectedCount);
    // The sandbox shown is no longer listed (deleted, and its record gone).
    void showGone(const QString &name);

    QString currentName() const { return m_currentName; }
    // The status the pane shows, as the server sent it.
    QString shownStatus() const { return m_sandbox.status; }
    bool secretsRevealed() const;
    void setSecretsRevealed(bool revealed);
    // `<metadata.url>/mcp`; empty when the sandbox has no usable URL.
    static QString mcpEndpoint(const BlaxelSandbox &sandbox);

    CopyableField *urlField() const { return m_urlField; }
    CopyableField *mcpField() const { return m_mcpField; }
    QTreeWidget *environmentTree() const { return m_envTree; }
    QTreeWidget *eventsTree() const { return m_eventsTree; }
    QLabel *errorsLabel() const { return m_errorsLabel; }

signals:
    void copied(const QString &what);

private:
    QLabel *addRow(const QString &label, const QString &objectName);
    void fillEnvironment();
    void fillEvents(const BlaxelSandbox &sandbox);
    void fillErrors(const BlaxelSandbox &sandbox);
    void updateRawJson();

    DetailsPaneFrame *m_frame;
    QFormLayout *m_fields;
    QLabel *m_headerIcon;
    QLabel *m_headerTitle;
    QLabel *m_headerStatus;
    QLabel *m_loadingLabel;
    QLabel *m_loadErrorLabel;
    QLabel *m_nameLabel;
    QLabel *m_displayNameLabel;
    QLabel *m_statusLabel;
    QLabel *m_stateLabel;
    QLabel *m_workspaceLabel;
    QLabel *m_regionLabel;
    QLabel *m_imageLabel;
    QLabel *m_memoryLabel;
    QLabel *m_labelsLabel;
    QLabel *m_createdLabel;
    QLabel *m_updatedLabel;
    QLabel *m_lastUsedLabel;
    QLabel *m_ttlLabel;
    QLabel *m_expiresLabel;
    QLabel *m_policiesLabel;
    QLabel *m_portsLabel;
    QLabel *m_volumesLabel;
    CopyableField *m_urlField;
    CopyableField *m_mcpField;
    QLabel *m_noUrlLabel;
    RevealSecretsButton *m_revealButton;
    QTreeWidget *m_envTree;
    QLabel *m_envNone;
    QLabel *m_errorsLabel;
    QTreeWidget *m_eventsTree;
    QLabel *m_eventsNone;
    RawJsonView *m_rawJson;

    QString m_currentName;
    BlaxelSandbox m_sandbox;
};
