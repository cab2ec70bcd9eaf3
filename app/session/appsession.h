#pragma once

#include <QObject>
#include <QUrl>

#include <memory>

class HttpTransport;
class KlavisLocalSandboxService;
class KlavisSandboxService;
class QNetworkAccessManager;
class TransferQueue;
namespace Emulator {
class EmulatorHost;
}

// The connection the window works through: one transport and the services on it, pointed at a real
// API or at the in-process demo emulator.
class AppSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AppSession)

public:
    explicit AppSession(QObject *parent = nullptr);
    ~AppSession() override;

    // Starts the emulator on a free loopback port in its own thread and connects to it.
    bool startDemo(QString *error);
    void connectTo(const QString &profileName, const QUrl &baseUrl, const QString &apiKey,
                   const QString &region);

    HttpTransport *transport() const { return m_transport; }
    KlavisSandboxService *sandboxes() const { return m_sandboxes; }
    KlavisLocalSandboxService *localSandboxes() const { return m_localSandboxes; }
    // Workspace uploads and dumps, shared by every view so that the status bar sees them all.
    TransferQueue *transfers() const { return m_transfers; }
    Emulator::EmulatorHost *demoHost() const { return m_demoHost.get(); }

    bool isDemo() const { return m_demoHost != nullptr; }
    bool hasKey() const; // the demo has its emulator's key
    QString profileName() const { return m_profileName; }
    QString region() const { return m_region; }
    QUrl baseUrl() const;

signals:
    void connectionChanged();

private:
    HttpTransport *m_transport;
    KlavisSandboxService *m_sandboxes;
    KlavisLocalSandboxService *m_localSandboxes;
    // Signed object-store URLs get a manager of their own: nothing of the API's (cookies, credentials)
    // can reach that other host through it.
    QNetworkAccessManager *m_objectStoreNetwork;
    TransferQueue *m_transfers;
    std::unique_ptr<Emulator::EmulatorHost> m_demoHost;
    QString m_profileName;
    QString m_region = QStringLiteral("us");
};
