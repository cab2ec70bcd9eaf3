#include "emulator/server/httplistener.h"

#include <QHttpServerRequest>

namespace Emulator {

HttpListener::HttpListener(Handler handler, QObject *parent)
    : QAbstractHttpServer(parent), m_handler(std::move(handler))
{}

bool HttpListener::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    // Qt 6.4 offers a WebSocket upgrade to the handler first and upgrades it after, whatever the handler
    // did: an answer here would reach the client before the 101.
    if (request.value("Upgrade").compare("websocket", Qt::CaseInsensitive) == 0)
        return true;
    m_handler(request, socket);
    return true;
}

void HttpListener::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    // Unreachable: handleRequest() claims every request.
    Q_UNUSED(request);
    Q_UNUSED(socket);
}

} // namespace Emulator
