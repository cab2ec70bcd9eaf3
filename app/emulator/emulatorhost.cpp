#include "emulator/emulatorhost.h"

#include "emulator/emulatorserver.h"

using namespace Qt::StringLiterals;

namespace Emulator {

EmulatorHost::EmulatorHost(QObject *parent, quint64 seed) : QObject(parent), m_seed(seed)
{
    m_thread.setObjectName(u"emulator"_s);
}

EmulatorHost::~EmulatorHost()
{
    stop();
}

bool EmulatorHost::start(quint16 apiPort, quint16 objectStorePort)
{
    if (m_server)
        return false;
    // The server is made on its own thread, not moved there: Qt 6.4's HttpServer keeps the QWebSocketServer
    // that upgrades /terminal/ws as a member, not a child, and a move would leave it behind on this thread.
    auto *anchor = new QObject;
    anchor->moveToThread(&m_thread);
    m_thread.start();
    bool listening = false;
    QMetaObject::invokeMethod(
        anchor,
        [&]() {
            m_server = new EmulatorServer(nullptr, m_seed);
            listening = m_server->listen(apiPort, objectStorePort);
        },
        Qt::BlockingQueuedConnection);
    anchor->deleteLater();
    if (!listening)
        stop();
    return listening;
}

void EmulatorHost::stop()
{
    if (!m_thread.isRunning())
        return;
    if (m_server) {
        // Deleted on its own thread: the event loop or the thread's end runs the deferred delete.
        m_server->deleteLater();
        m_server = nullptr;
    }
    m_thread.quit();
    m_thread.wait();
}

QUrl EmulatorHost::apiBaseUrl() const
{
    return m_server ? m_server->apiBaseUrl() : QUrl();
}

QUrl EmulatorHost::objectStoreBaseUrl() const
{
    return m_server ? m_server->objectStoreBaseUrl() : QUrl();
}

} // namespace Emulator
