#pragma once

#include "mcp/mcptool.h"
#include "mcp/mcptoolresult.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QUrl>
#include <QWidget>

class McpCall;
class McpClient;
class McpExchangeLogModel;
class McpToolListModel;
class QLabel;
class QLineEdit;
class McpInspector;
class QPlainTextEdit;
class QPushButton;
class QSortFilterProxyModel;
class QToolButton;
class QTreeView;
class SchemaForm;
class ToolResultView;

// The Inspect tab of a sandbox's MCP server: connect (what the server says it is), its tools with search
// and hints, a form for the chosen tool's arguments, the call's result, and the protocol log with "copy
// as curl". Each tool's arguments and last result are kept for as long as the page lives (one per sandbox):
// going back to a tool shows what was sent and what came back.
class InspectPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InspectPage)

public:
    explicit InspectPage(McpInspector *inspector, QWidget *parent = nullptr);

    // The server to inspect; a new URL starts over. The token goes only to that URL's origin.
    void setServer(const QUrl &url, const QString &bearerToken = {});
    void connectToServer();
    void callSelectedTool();
    bool selectTool(const QString &name);

    McpClient *client() const { return m_client; }
    McpToolListModel *toolModel() const { return m_tools; }
    QSortFilterProxyModel *toolProxy() const { return m_toolProxy; }
    McpExchangeLogModel *logModel() const { return m_log; }
    QPushButton *connectButton() const { return m_connect; }
    QPushButton *callButton() const { return m_call; }
    QLineEdit *toolSearch() const { return m_toolSearch; }
    QTreeView *toolView() const { return m_toolView; }
    QTreeView *logView() const { return m_logView; }
    QPlainTextEdit *logDetails() const { return m_logDetails; }
    QLabel *statusLabel() const { return m_status; }
    QLabel *serverLabel() const { return m_serverInfo; }
    QLabel *instructionsLabel() const { return m_instructions; }
    SchemaForm *form() const { return m_form; }
    ToolResultView *resultView() const { return m_result; }
    // The selected log entry as a curl line: the URL redacted and the token as $MCP_TOKEN, or, when asked
    // for, with both in full.
    QString curlForSelected(bool withSecrets) const;
    // The tools as first listed on this page, and when: "before" for a comparison after a reset.
    const QList<McpTool> &firstListedTools() const { return m_firstListed; }
    QDateTime firstListedAt() const { return m_firstListedAt; }
    QPushButton *compareToolsButton() const { return m_compareTools; }

signals:
    void toolsListed(int count);
    void callFinished();
    // Names what was copied, never the value.
    void copied(const QString &what);
    void compareToolsRequested();

private:
    QWidget *buildToolSide();
    QWidget *buildCallSide();
    QWidget *buildLog();
    void showServerInfo();
    void showTool(const McpTool *tool);
    void setStatus(const QString &text, bool error);
    void copyCurl(bool withSecrets);

    McpInspector *m_inspector;
    McpClient *m_client;
    QUrl m_url;
    QString m_token;
    McpToolListModel *m_tools;
    QSortFilterProxyModel *m_toolProxy;
    McpExchangeLogModel *m_log;
    QPushButton *m_connect = nullptr;
    QPushButton *m_compareTools = nullptr;
    QList<McpTool> m_firstListed;
    QDateTime m_firstListedAt;
    QLabel *m_status = nullptr;
    QLabel *m_serverInfo = nullptr;
    QLabel *m_instructions = nullptr;
    QToolButton *m_instructionsToggle = nullptr;
    QLineEdit *m_toolSearch = nullptr;
    QTreeView *m_toolView = nullptr;
    QLabel *m_toolTitle = nullptr;
    QLabel *m_toolDescription = nullptr;
    SchemaForm *m_form = nullptr;
    QPushButton *m_call = nullptr;
    ToolResultView *m_result = nullptr;
    QTreeView *m_logView = nullptr;
    QPlainTextEdit *m_logDetails = nullptr;
    QString m_currentTool;
    QHash<QString, QJsonObject> m_arguments;
    // The last answer per tool: a result, or the failure's text.
    QHash<QString, McpToolResult> m_results;
    QHash<QString, QString> m_failures;
    bool m_calling = false;
};
