#pragma once

#include "api/apierror.h"
#include "api/universeinstance.h"
#include "ledger/ledgersandbox.h"

#include <QHash>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class UniversesController;

// The Instance tab of the Universes view: acquire an instance of the chosen universe (optionally in a
// run), its services' MCP URLs to copy (shown masked) and as an MCP client config, verify the chosen task
// against it, release it. The instances the ledger holds of that universe are listed, so one the CLI took
// can be verified and released here too; only those taken in this window have their URLs (the ledger
// keeps them masked).
class UniverseInstanceTab final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UniverseInstanceTab)

public:
    explicit UniverseInstanceTab(UniversesController *controller, QWidget *parent = nullptr);

    void setUniverse(const QString &universeId);
    // The task Verify judges (the one chosen in the Tasks tab).
    void setTask(const QString &taskNumber);
    void reloadHeld();

    // What the buttons do, without their dialogs.
    void acquire();
    void verify();
    void releaseCurrent();
    void copyMcpConfig();
    void exportMcpConfigTo(const QString &fileName);

    QString currentInstanceId() const;
    QLineEdit *runField() const { return m_run; }
    QComboBox *heldList() const { return m_held; }
    QTableWidget *serverTable() const { return m_servers; }
    QLabel *verdictLabel() const { return m_verdict; }
    QPushButton *verifyButton() const { return m_verify; }
    // The URLs of an instance taken in this window, in full (for a test's MCP calls).
    QMap<QString, QString> mcpUrls(const QString &instanceId) const;

signals:
    void statusMessage(const QString &message);
    void failed(const QString &context, const ApiError &error);
    void heldLoaded();
    void verdictShown(bool passed);
    void configExported(const QString &fileName, const QString &error);

protected:
    void changeEvent(QEvent *event) override;

private:
    void showHeld(const QList<LedgerSandbox> &held);
    void showInstance();
    void updateButtons();
    void applyVerdictColour();
    QList<QPair<QString, QString>> namedUrls() const;
    void chooseExportFile();

    UniversesController *m_controller;
    QString m_universeId;
    QString m_taskNumber;
    QHash<QString, UniverseInstance> m_taken; // this window's, with their URLs
    QList<LedgerSandbox> m_ledgerHeld;        // of the chosen universe
    QString m_pendingSelection;
    bool m_busy = false;
    bool m_lastPassed = false;
    QLineEdit *m_run;
    QPushButton *m_acquire;
    QComboBox *m_held;
    QLabel *m_instanceId;
    QTableWidget *m_servers;
    QPushButton *m_copyConfig;
    QPushButton *m_exportConfig;
    QPushButton *m_verify;
    QLabel *m_verdict;
    QPushButton *m_release;
};
