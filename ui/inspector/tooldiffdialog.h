#pragma once

#include "mcp/mcptool.h"
#include "mcp/toollistdiff.h"

#include <QDialog>
#include <QList>
#include <QPointer>
#include <QUrl>

#include <optional>

class JsonDiffView;
class McpCall;
class QComboBox;
class QLabel;
class QLineEdit;
class McpInspector;
class QPushButton;
class QStackedWidget;
class QTreeWidget;

// Tool diff: compares the tool lists of two sides, each a sandbox (its current list, fetched over MCP), a
// saved list file, or a list handed in (the Inspect tab's list from before a reset), and shows what changed
// from A to B: a readable summary, one row per added, removed or changed tool, and the chosen changed tool's
// JSON differences (paths such as $.inputSchema.properties.title.type) in a JsonDiffView. Listing, reading
// files and comparing never block the GUI thread.
class ToolDiffDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolDiffDialog)

public:
    enum class Side
    {
        A,
        B
    };
    enum class Source
    {
        Sandbox,
        File,
        Given
    };
    enum Column
    {
        ToolColumn,
        ChangeColumn,
        ColumnCount
    };

    explicit ToolDiffDialog(McpInspector *inspector, QWidget *parent = nullptr);

    // A sandbox either side can be set to: its name as shown and its MCP URL.
    void addSandbox(const QString &label, const QUrl &mcpUrl, const QString &bearerToken = {});
    // A list held by the caller (the Inspect tab's "list from before"): the side shows it by `label`.
    void setGivenList(Side side, const QString &label, const QList<McpTool> &tools);
    void setSource(Side side, Source source);
    void setSandbox(Side side, int index);
    void setFile(Side side, const QString &path);

    // Lists or reads both sides, then compares; compared() or failed() follows.
    void compare();
    // Saves the list `side` had in the last comparison as `mcp tools --json` prints it, off the GUI thread;
    // saved() or failed() follows. The Save buttons ask for the file.
    void saveList(Side side, const QString &path);

    const std::optional<ToolListDiff> &result() const { return m_result; }
    QString summaryText() const;
    QTreeWidget *toolTree() const { return m_tools; }
    JsonDiffView *detailView() const { return m_details; }
    QPushButton *compareButton() const { return m_compare; }
    QLabel *statusLabel() const { return m_status; }
    QPushButton *saveButton(Side side) const { return side == Side::A ? m_saveA : m_saveB; }
    void selectTool(const QString &name);

signals:
    void compared();
    void failed(const QString &problem);
    void saved(const QString &path);

private:
    struct Sandbox
    {
        QString label;
        QUrl url;
        QString bearerToken;
    };
    struct SidePanel
    {
        QComboBox *source = nullptr;
        QStackedWidget *stack = nullptr;
        QComboBox *sandbox = nullptr;
        QLineEdit *file = nullptr;
        QLabel *given = nullptr;
        QString givenLabel;
        QList<McpTool> givenTools;
        std::optional<QList<McpTool>> tools; // this comparison's list, once there
    };

    QWidget *buildSide(Side side, const QString &title);
    SidePanel &panel(Side side) { return side == Side::A ? m_a : m_b; }
    void listSide(Side side);
    void sideListed(Side side, const QList<McpTool> &tools);
    void fail(const QString &problem);
    void showResult();
    void showDetails();
    void setBusy(bool busy);

    McpInspector *m_inspector;
    QList<Sandbox> m_sandboxes;
    SidePanel m_a;
    SidePanel m_b;
    QList<QPointer<McpCall>> m_calls;
    int m_generation = 0; // a newer compare() makes the older one's answers stale
    std::optional<ToolListDiff> m_result;
    QPushButton *m_compare;
    QPushButton *m_saveA;
    QPushButton *m_saveB;
    QLabel *m_status;
    QLabel *m_summary;
    QTreeWidget *m_tools;
    JsonDiffView *m_details;
};
