#include "emulator/server/httplistener.h"

namespace Emulator {

HttpListener::HttpListener(Handler handler, QObject *parent)
    : QAbstractHttpServer(parent), m_handler(std::move(handler))
{}

bool HttpListener::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
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
