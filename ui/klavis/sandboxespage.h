#pragma once

#include "api/sandboxsummary.h"
#include "sandboxlist/sandboxlistpage.h"
#include "session/sandboxescontroller.h"

#include <optional>

class QTableView;
class SandboxDetailsPane;
class SandboxDataPage;
class SandboxWorkTabs;

// The Sandboxes view: filters, the table and the details pane. It turns user intent into controller
// calls and shows what comes back. The details pane is bound to the selected sandbox's identity: it follows
// that sandbox in the session's store, and says so when it is no longer listed.
class SandboxesPage final : public SandboxListPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxesPage)

public:
    explicit SandboxesPage(SandboxesController *controller, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    SandboxDetailsPane *detailsPane() const { return m_details; }
    SandboxWorkTabs *workTabs() const { return m_workTabs; }
    SandboxDataPage *dataPage() const { return m_data; }
    // How RowChangeFlash names a row: the server, case folded, and the id.
    static QString flashKey(const QString &serverName, const QString &sandboxId);
    QList<SandboxKey> selectedKeys() const;
    // The selected sandboxes Release and Reset apply to (StatusKind::isReleasable); `leftOut`, when
    // given, receives how many selected ones they skip.
    QList<SandboxKey> selectedActiveKeys(int *leftOut = nullptr) const;

    QStringList contextActionNames() const override;
    VerbState verbState(Verb verb) const override;
    RowExport visibleRows() const override;
    QString exportFileName() const override;

    void acquire();
    void releaseSelected();
    void resetSelected();
    void copySelectedIds();
    void copyMcpConfig();
    void selectSandbox(const QString &serverName, const QString &sandboxId);

protected:
    void onSelectionChanged() override;

private:
    void setupView();
    void followShownSandbox();
    void revealAcquired(const QString &serverName, const QString &acquiredTag);
    void runBulk(SandboxesController::Bulk kind);

    SandboxesController *m_controller;
    QTableView *m_view;
    SandboxDetailsPane *m_details;
    SandboxWorkTabs *m_workTabs;
    SandboxDataPage *m_data;
    SandboxKey m_shownKey;
    std::optional<SandboxSummary> m_shownSummary; // as the pane shows it, to see when the store moves on
};
