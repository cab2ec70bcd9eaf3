#include "session/mcpinspector.h"

#include "mcp/mcpcall.h"
#include "mcp/mcpclient.h"

McpInspector::McpInspector(QNetworkAccessManager *network, QObject *parent)
    : QObject(parent), m_network(network)
{}

McpClient *McpInspector::clientFor(const QUrl &url, const QString &bearerToken, QObject *owner)
{
    auto *client = new McpClient(m_network, owner);
    client->setUrl(url);
    if (!bearerToken.isEmpty())
        client->setBearerToken(bearerToken);
    return client;
}

McpCall *McpInspector::listToolsOnce(const QUrl &url, const QString &bearerToken, QObject *owner)
{
    McpClient *client = clientFor(url, bearerToken, owner);
    McpCall *call = client->listTools();
    connect(call, &McpCall::finished, client, [client] {
        // A server that kept a session for the listing is told it is over.
        if (!client->serverInfo().sessionId.isEmpty())
            client->close();
        client->deleteLater();
    });
    return call;
}
