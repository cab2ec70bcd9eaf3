#pragma once

#include <QHash>
#include <QList>
#include <QSet>
#include <QStringList>
#include <QTabWidget>
#include <QUrl>

#include <utility>

class InspectPage;
class QComboBox;
class QLabel;
class McpInspector;
class QScrollArea;
class QSplitter;
class QStackedWidget;
class QWidget;

// The right side of a sandbox view: the sandbox's details, an Inspect tab for its MCP servers and, where
// the view has one, a Data tab. Each server URL gets its own InspectPage, kept for the session (up to
// maxInspectPages, the least recently shown going first), so calls and results are still there when the
// user comes back to a sandbox. A new lease has a new URL, so it starts afresh.
class SandboxWorkTabs final : public QTabWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxWorkTabs)

public:
    using NamedUrl = std::pair<QString, QUrl>; // (server name, MCP URL)
    static constexpr int maxInspectPages = 24;

    SandboxWorkTabs(QWidget *details, McpInspector *inspector, QWidget *parent = nullptr);

    // The Data tab, enabled only while setDataAvailable(true).
    void setDataPage(QWidget *page);
    // `whyNot` is the disabled tab's tooltip.
    void setDataAvailable(bool available, const QString &whyNot = {});
    // The Executions tab (local sandboxes only), enabled only while setExecutionsAvailable(true).
    void setExecutionsPage(QWidget *page);
    void setExecutionsAvailable(bool available);
    // How the sandbox shown is named in a tool comparison ("github 33bcdf7a"); the server name follows.
    void setSandboxLabel(const QString &label) { m_sandboxLabel = label; }
    // Compares the shown server's tools now with those first listed on its page; the other sandboxes seen
    // this session and saved lists are one choice away in the dialog.
    void compareTools();

    // The MCP servers of the one sandbox shown; empty when none is (or it has no URL yet).
    void showServers(const QList<NamedUrl> &servers);
    InspectPage *currentInspectPage() const;
    int inspectPageCount() const { return int(m_pages.size()); }
    QComboBox *serverChoice() const { return m_serverChoice; }

    int detailsIndex() const { return indexOf(m_details); }
    int inspectIndex() const;
    int dataIndex() const;
    int executionsIndex() const;

    // As wide as the details want: the work pages take room only while shown (makeRoom()).
    QSize sizeHint() const override;

signals:
    void copied(const QString &what);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showServer(int choice);
    InspectPage *pageFor(const NamedUrl &server);
    void connectShownPageOnce();
    void makeRoom();
    // While a work tab is shown: the list's share of `splitter`, the pane the rest.
    void applyWorkSplit(QSplitter *splitter);
    static void holdInScrollArea(QScrollArea *area, QWidget *page);

    QWidget *m_details;
    McpInspector *m_inspector;
    QScrollArea *m_inspectTab;
    QWidget *m_inspect;
    QWidget *m_serverRow = nullptr;
    QComboBox *m_serverChoice;
    QLabel *m_nothingToInspect;
    QStackedWidget *m_stack;
    QScrollArea *m_data = nullptr;
    QScrollArea *m_executions = nullptr;
    QList<NamedUrl> m_servers;
    QHash<QUrl, InspectPage *> m_pages;
    QList<QUrl> m_recent;          // most recently shown last
    QHash<QUrl, QString> m_labels; // each page's sandbox and server, for comparisons
    QString m_sandboxLabel;
    QSet<const InspectPage *> m_connectedOnce;
    QList<int> m_sizesBeforeWork; // the splitter's sizes while Details was shown
};
