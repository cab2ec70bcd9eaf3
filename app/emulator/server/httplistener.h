#pragma once

#include <QAbstractHttpServer>

#include <functional>

namespace Emulator {

// A bare Qt HttpServer that hands every request to one callback: the emulator does its own routing and writes
// its own answers, which Qt's router cannot do for faults such as a cut download.
class HttpListener final : public QAbstractHttpServer
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpListener)

public:
    using Handler = std::function<void(const QHttpServerRequest &, QTcpSocket *)>;
    explicit HttpListener(Handler handler, QObject *parent = nullptr);

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    Handler m_handler;
};

} // namespace Emulator
