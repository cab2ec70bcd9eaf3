#pragma once

#include "api/sandboxdetails.h"

#include <QWidget>

class ApiError;
class CopyableField;
class DetailsPaneFrame;
class QFormLayout;
class QLabel;
class QPushButton;
class QTimer;
class QToolButton;
class RawJsonView;
class RevealSecretsButton;
class SecretTree;

// The right-hand pane for one Klavis sandbox. It shows what the list already knows at once
// (showSummary), then the details when they arrive; secrets stay masked until "Reveal secrets" and
// fall back to masked whenever another sandbox is shown.
class SandboxDetailsPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxDetailsPane)

public:
    explicit SandboxDetailsPane(QWidget *parent = nullptr);

    // The list's row of a sandbox. The same sandbox with another status (released, say) has lost what its
    // lease had: its URLs, metadata and credentials go until its details are read again.
    void showSummary(const SandboxSummary &summary);
    // The sandbox shown is no longer listed (released and gone from the pool, expired, deleted).
    void showGone(const QString &label);
    void showDetails(const SandboxDetails &details);
    void showError(const ApiError &error);
    void showEmpty(int selectedCount);

    QString currentSandboxId() const { return m_currentId; }
    // What the pane shows: the status as sent, and how many MCP server URLs.
    QString shownStatus() const { return m_shownStatus; }
    int shownUrlCount() const;
    bool secretsRevealed() const;
    void setSecretsRevealed(bool revealed);

    // "5 min ago", "3 h ago", "2 days ago": also used by the local sandbox pane.
    static QString relativeTime(const QDateTime &then, const QDateTime &now = QDateTime::currentDateTime());
    // "2026-02-16 12:45 (3 h ago)", or the server's text when it was not a readable timestamp.
    static QString timeText(const QDateTime &time, const QString &fallback = {});

signals:
    void copyMcpConfigRequested();
    void copied(const QString &what);
    void tagClicked(const QString &tag);

protected:
    void changeEvent(QEvent *event) override;

private:
    void switchTo(const QString &sandboxId);
    void fillSummary(const SandboxSummary &summary);
    void fillUrls(const QMap<QString, QString> &serverUrls);
    void updateRawJson();
    void updateTagLinks();
    void updateTimes();

    DetailsPaneFrame *m_frame;
    QLabel *m_headerIcon;
    QLabel *m_headerTitle;
    QLabel *m_headerStatus;
    QLabel *m_loadingLabel;
    QWidget *m_errorRow;
    QLabel *m_errorLabel;
    CopyableField *m_idField;
    QLabel *m_serverLabel;
    QLabel *m_statusLabel;
    QLabel *m_benchmarkLabel;
    QLabel *m_tagsLabel;
    QLabel *m_updatedLabel;
    QFormLayout *m_urlsForm;
    QLabel *m_noUrlsLabel;
    QPushButton *m_copyConfigButton;
    RevealSecretsButton *m_revealButton;
    QLabel *m_metadataNone;
    SecretTree *m_metadataTree;
    QLabel *m_authNone;
    SecretTree *m_authTree;
    RawJsonView *m_rawJson;
    QTimer *m_clock;

    QString m_currentId;
    QStringList m_tags;
    QDateTime m_updatedAt;
    QString m_updatedAtText;
    QString m_shownStatus;
    QJsonObject m_raw;
};
