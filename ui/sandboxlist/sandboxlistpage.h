#pragma once

#include "models/rowexport.h"

#include <QHash>
#include <QModelIndex>
#include <QStringList>
#include <QWidget>

#include <functional>

class ApiError;
class EmptyStateHint;
class ErrorBanner;
class QAbstractItemView;
class QHBoxLayout;
class QHeaderView;
class QSplitter;
class QStackedWidget;
class RowChangeFlash;
class ConnectHint;
class SandboxFilterBar;
class SandboxListController;
class SplitterSizing;

// What the sandbox lists (Klavis, local, Blaxel, All) share: the error banner, the filter bar, the list and
// its details side in a splitter, the empty-state hint, the flash of changed rows, the view state kept in the
// settings, focus, selection counting and the window's verbs. The main window asks the page in front through
// this class (verbState(), trigger(), visibleRows()); each page says what its verbs mean for its selection.
class SandboxListPage : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxListPage)

public:
    // The window's actions that act on a list's selection. Their names in the window are actionName().
    enum class Verb
    {
        Acquire,
        Create, // Blaxel's acquire: a new sandbox of one's own
        Release,
        Reset,
        Delete, // Blaxel's: for good
        Edit,   // Blaxel's: a live sandbox's labels and TTL
        CopyIds,
        CopyMcpConfig,
        UploadWorkspace,
        SaveDump,
        ExtractDump
    };
    static constexpr Verb allVerbs[] = {Verb::Acquire,  Verb::Create,        Verb::Release,
                                        Verb::Reset,    Verb::Delete,        Verb::Edit,
                                        Verb::CopyIds,  Verb::CopyMcpConfig, Verb::UploadWorkspace,
                                        Verb::SaveDump, Verb::ExtractDump};
    static QString actionName(Verb verb);

    // How a verb stands on this page now: offered at all (else its action is hidden here), enabled for the
    // selection, and the words it says (empty: its usual text).
    struct VerbState
    {
        bool offered = false;
        bool enabled = false;
        QString text;
        // Why a disabled verb cannot apply to the selection: its tooltip while disabled.
        QString whyNot;
    };

    ~SandboxListPage() override;

    ErrorBanner *banner() const { return m_banner; }
    SandboxFilterBar *filterBar() const { return m_filterBar; }
    RowChangeFlash *changeFlash() const { return m_flash; }
    EmptyStateHint *emptyHint() const { return m_emptyHint; }
    QAbstractItemView *itemView() const { return m_view; }
    SandboxListController *listController() const { return m_controller; }

    // The window's action names for this page's right-click menu, in order; an empty name is a separator.
    virtual QStringList contextActionNames() const = 0;
    virtual VerbState verbState(Verb verb) const;
    // Runs what the page does for the verb; nothing when it offers none.
    void trigger(Verb verb);
    // The rows the filters let through, in the view's order, for File > Export; secrets masked.
    virtual RowExport visibleRows() const = 0;
    // The file name File > Export suggests.
    virtual QString exportFileName() const = 0;
    virtual void refresh();
    // What the selection holds for the window's verbs: rows, or the sandboxes of a tree's rows.
    virtual int selectedCount() const;

    void focusSearch();
    virtual void saveState() const;
    virtual void restoreState();

    // Whether the page has an account to list. Without one it shows its connect hint in place of the rows,
    // and PageActions disables its verbs with the hint's title as the reason.
    void setConnected(bool connected);
    bool isConnected() const { return m_connected; }
    ConnectHint *connectHint() const { return m_connectHint; }

signals:
    void statusMessage(const QString &message);
    void selectionChanged(int count);
    // From the connect hint's buttons.
    void settingsRequested();
    void demoRequested();

protected:
    // `stateKey` names the settings group of the view's header and splitter.
    SandboxListPage(SandboxListController *controller, const QString &stateKey, QWidget *parent);

    // Puts the view, and the details side when there is one, under the filter bar. Called once by the page,
    // once the view has its model.
    void placeView(QAbstractItemView *view, QWidget *details);
    // What the verb does on this page.
    void setVerbAction(Verb verb, std::function<void()> action);
    // Release or Reset of the selection's `active` sandboxes (idle ones have nothing to give back), its
    // text counting them.
    VerbState releaseOrResetState(Verb verb, int active) const;
    // Copy IDs of the selection: "Copy ID", "Copy 3 IDs".
    VerbState copyIdsState() const;
    // Edit on a Klavis list: shown, never enabled, saying why (Klavis has no call to change a live sandbox).
    static VerbState klavisEditState();
    // Another filter beside the bar's own (the Blaxel view's "Show terminated", the All view's provider).
    void addFilterWidget(QWidget *widget);
    // In place of the list while the page has nothing to list from (no Blaxel profile connected).
    // The hint shown while not connected; its buttons reach settingsRequested() and demoRequested().
    void setConnectHint(ConnectHint *hint);
    void setEmptyText(const QString &text);
    // Names the row an index is on, for the flash of the rows a refresh changed.
    void setFlashKey(std::function<QString(const QModelIndex &)> keyOf);
    // The refresh failures of `controller` in the banner, under `failureTitle`.
    void watchRefreshes(SandboxListController *controller, const QString &failureTitle);
    // The end of a bulk action: a sentence in the status bar, or the failures in the banner.
    void showBulkOutcome(const QString &summary, const QStringList &failures);
    // The selection moved: each page shows its details, then the window is told the count.
    virtual void onSelectionChanged() = 0;
    // The selected rows of the view, one index each (column 0); a tree's children count as themselves.
    QList<QModelIndex> selectedRows() const;
    QSplitter *splitter() const { return m_splitter; }
    QHeaderView *header() const;

private:
    SandboxListController *m_controller;
    QString m_stateKey;
    QStackedWidget *m_stack;
    QWidget *m_content;
    ErrorBanner *m_banner;
    QHBoxLayout *m_filters;
    SandboxFilterBar *m_filterBar;
    QSplitter *m_splitter = nullptr;
    SplitterSizing *m_splitterSizing = nullptr;
    QAbstractItemView *m_view = nullptr;
    EmptyStateHint *m_emptyHint = nullptr;
    RowChangeFlash *m_flash = nullptr;
    ConnectHint *m_connectHint = nullptr;
    bool m_connected = true;
    QHash<int, std::function<void()>> m_verbActions; // by int(Verb)
};
