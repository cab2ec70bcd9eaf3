#pragma once

#include "models/allsandboxrow.h"
#include "models/rowexport.h"
#include "models/sandboxkey.h"
#include "sandboxlist/releasewording.h"

#include <QWidget>

class AllSandboxesFilterProxy;
class BlaxelSandboxesController;
class AllSandboxesModel;
class ErrorBanner;
class LocalSandboxesController;
class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
class QTimer;
class SandboxesController;
class WorkspaceActions;

// All sandboxes: every connected provider's sandboxes in one table with one search and shared filters.
// Each row keeps its own provider's verbs: Release and Reset for Klavis and Klavis local sandboxes
// (back to the pool), Delete for Blaxel (for good). A verb on a mixed selection applies to the rows it
// fits and says how many it leaves out.
class AllSandboxesPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AllSandboxesPage)

public:
    AllSandboxesPage(SandboxesController *klavis, LocalSandboxesController *local,
                     BlaxelSandboxesController *blaxel, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    AllSandboxesModel *model() const { return m_model; }
    AllSandboxesFilterProxy *proxy() const { return m_proxy; }
    QLineEdit *searchField() const { return m_search; }
    QComboBox *providerChoice() const { return m_provider; }
    QComboBox *statusChoice() const { return m_status; }
    ErrorBanner *banner() const { return m_banner; }

    void setProfileName(AllSandboxRow::Provider provider, const QString &name);
    // Files dropped on a Klavis local or a Blaxel row go to that sandbox's workspace, through the
    // confirmation of its own view; a Klavis sandbox has no workspace and refuses them.
    void acceptDrops(WorkspaceActions *local, WorkspaceActions *blaxel);

    // The selected rows of one provider; with `actionableOnly`, only those its verbs apply to, and
    // `leftOut` receives how many selected rows of any provider the verb skips.
    QList<AllSandboxRow> selectedRows() const;
    QList<AllSandboxRow> selectedRowsFor(std::initializer_list<AllSandboxRow::Provider> providers,
                                         int *leftOut = nullptr) const;
    // The rows the table shows, in its order, for File > Export Visible Rows.
    RowExport visibleRows() const;
    bool canReleaseOrReset() const;
    bool canDelete() const;

    void releaseSelected();
    void resetSelected();
    // Deletes the selected Blaxel sandboxes, for good, after the Blaxel view's own confirmation.
    void deleteSelected();
    // The rows' ids (Klavis, local) and names (Blaxel), one per line, to the clipboard.
    void copySelectedIds();
    void refreshAll();
    void focusSearch();
    void clearFilters();

    void saveState() const;
    void restoreState();

signals:
    void statusMessage(const QString &message);
    void selectionChanged(int count);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void setupView();
    void runKlavisVerb(ReleaseWording::Verb verb);
    void updateStatusChoices();
    void updateCounts();

    SandboxesController *m_klavis;
    LocalSandboxesController *m_local;
    BlaxelSandboxesController *m_blaxel;
    AllSandboxesModel *m_model;
    AllSandboxesFilterProxy *m_proxy;
    ErrorBanner *m_banner;
    QLineEdit *m_search;
    QComboBox *m_provider;
    QComboBox *m_status;
    QLabel *m_counts;
    QTableView *m_view;
    QTimer *m_ages; // the Age column's text, while the page is shown
    class EmptyStateHint *m_emptyHint = nullptr;
};
