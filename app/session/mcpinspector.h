#pragma once

#include <QObject>
#include <QUrl>

class McpCall;
class McpClient;
class QNetworkAccessManager;

// The MCP clients of the window's Inspect tabs and tool comparisons, made here on the session's network
// access: a widget asks for a client of one server URL and shows what it answers, and never makes one. Each
// client gets its own session with the server, and its token goes only to that URL's origin.
class McpInspector final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpInspector)

public:
    explicit McpInspector(QNetworkAccessManager *network, QObject *parent = nullptr);

    // A client of the server at `url`, a child of `owner` (it goes with it), not yet connected.
    McpClient *clientFor(const QUrl &url, const QString &bearerToken, QObject *owner);
    // Lists a server's tools once (a comparison's other side) and closes the session that opened, once its
    // call has finished; the client goes with `owner` at the latest.
    McpCall *listToolsOnce(const QUrl &url, const QString &bearerToken, QObject *owner);

private:
    QNetworkAccessManager *m_network;
};
