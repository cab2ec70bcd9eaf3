#pragma once

#include <QObject>
#include <QThread>
#include <QUrl>

namespace Emulator {

class EmulatorServer;

// Runs an EmulatorServer on a thread of its own, for the app's --demo mode and for tests whose client blocks
// or works hard on the calling thread. start() returns once the server listens; the destructor stops it.
class EmulatorHost final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmulatorHost)

public:
    explicit EmulatorHost(QObject *parent = nullptr, quint64 seed = 42);
    ~EmulatorHost() override;

    bool start(quint16 apiPort = 0, quint16 objectStorePort = 0);
    QUrl apiBaseUrl() const;
    QUrl objectStoreBaseUrl() const;
    // Lives on the host's thread: call only its thread-safe accessors from elsewhere.
    EmulatorServer *server() const { return m_server; }

private:
    void stop();

    quint64 m_seed;
    QThread m_thread;
    EmulatorServer *m_server = nullptr;
};

} // namespace Emulator
