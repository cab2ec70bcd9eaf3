#pragma once

#include "models/rowexport.h"
#include "session/sandboxescontroller.h"

#include <QWidget>

class ErrorBanner;
class RowChangeFlash;
class QSplitter;
class SplitterSizing;
class QTableView;
class SandboxDetailsPane;
class SandboxFilterBar;
class SandboxDataPage;
class SandboxWorkTabs;

// The Sandboxes view: filters, the table and the details pane. It turns user intent into controller
// calls and shows what comes back.
class SandboxesPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxesPage)

public:
    SandboxesPage(SandboxesController *controller, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    SandboxFilterBar *filterBar() const { return m_filterBar; }
    SandboxDetailsPane *detailsPane() const { return m_details; }
    SandboxWorkTabs *workTabs() const { return m_workTabs; }
    SandboxDataPage *dataPage() const { return m_data; }
    ErrorBanner *banner() const { return m_banner; }
    RowChangeFlash *changeFlash() const { return m_flash; }
    // How RowChangeFlash names a row: the server, case folded, and the id.
    static QString flashKey(const QString &serverName, const QString &sandboxId);
    QList<SandboxKey> selectedKeys() const;
    // The selected sandboxes Release and Reset apply to (StatusKind::isReleasable); `leftOut`, when
    // given, receives how many selected ones they skip.
    QList<SandboxKey> selectedActiveKeys(int *leftOut = nullptr) const;
    // The rows the filters let through, in the table's order, for File > Export.
    RowExport visibleRows() const;

    void acquire();
    void releaseSelected();
    void resetSelected();
    void copySelectedIds();
    void copyMcpConfig();
    void focusSearch();
    void selectSandbox(const QString &serverName, const QString &sandboxId);

    void saveState() const;
    void restoreState();

signals:
    void statusMessage(const QString &message);
    void selectionChanged(int count);

private:
    void setupView();
    void onSelectionChanged();
    void revealAcquired(const QString &serverName, const QString &acquiredTag);

    SandboxesController *m_controller;
    ErrorBanner *m_banner;
    SandboxFilterBar *m_filterBar;
    QSplitter *m_splitter;
    SplitterSizing *m_splitterSizing;
    QTableView *m_view;
    SandboxDetailsPane *m_details;
    SandboxWorkTabs *m_workTabs;
    SandboxDataPage *m_data = nullptr;
    class EmptyStateHint *m_emptyHint = nullptr;
    RowChangeFlash *m_flash = nullptr;
    SandboxKey m_shownKey;
};
