#pragma once

#include "mcp/mcptool.h"

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
class QNetworkAccessManager;
class QPlainTextEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTreeView;
class SchemaForm;
class ToolResultView;

// The Inspect tab of a sandbox's MCP server: connect (what the server says it is), its tools with search
// and hints, a form for the chosen tool's arguments, the call's result, and the protocol log with "copy
// as curl". Arguments typed for a tool are kept for as long as the page lives (one per sandbox).
class InspectPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InspectPage)

public:
    explicit InspectPage(QNetworkAccessManager *network, QWidget *parent = nullptr);

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
    SchemaForm *form() const { return m_form; }
    ToolResultView *resultView() const { return m_result; }
    // The selected log entry as a curl line: the URL redacted and the token as $MCP_TOKEN, or, when asked
    // for, with both in full.
    QString curlForSelected(bool withSecrets) const;

signals:
    void toolsListed(int count);
    void callFinished();
    // Names what was copied, never the value.
    void copied(const QString &what);

private:
    QWidget *buildToolSide();
    QWidget *buildCallSide();
    QWidget *buildLog();
    void showServerInfo();
    void showTool(const McpTool *tool);
    void setStatus(const QString &text, bool error);
    void copyCurl(bool withSecrets);

    QNetworkAccessManager *m_network;
    McpClient *m_client;
    QUrl m_url;
    QString m_token;
    McpToolListModel *m_tools;
    QSortFilterProxyModel *m_toolProxy;
    McpExchangeLogModel *m_log;
    QPushButton *m_connect = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_serverInfo = nullptr;
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
    bool m_calling = false;
};
