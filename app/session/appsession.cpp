#include "session/appsession.h"

#include "api/blaxelsandboxfiles.h"
#include "api/blaxelsandboxservice.h"
#include "api/httptransport.h"
#include "api/klavisexecutionservice.h"
#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "emulator/emulatorhost.h"
#include "emulator/emulatorserver.h"
#include "ledger/ledgerworker.h"
#include "ledger/runledger.h"
#include "session/executionscontroller.h"
#include "session/filecontroller.h"
#include "session/leakmonitor.h"
#include "session/mcpinspector.h"
#include "session/previewcontroller.h"
#include "session/processcontroller.h"
#include "session/serverdatacontroller.h"
#include "session/terminalcontroller.h"
#include "session/transferledger.h"
#include "workspace/transferqueue.h"

#include <QCoreApplication>
#include <QNetworkAccessManager>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

namespace {

// Keeps the rest of the transport's configuration (timeouts, retries) as it is.
void pointAt(HttpTransport *transport, const QUrl &baseUrl, const QString &apiKey)
{
    TransportConfig config = transport->config();
    config.baseUrl = baseUrl;
    config.apiKey = apiKey;
    transport->setConfig(config);
}

} // namespace

AppSession::AppSession(QObject *parent)
    : QObject(parent), m_klavisStore(new KlavisSandboxStore(this)), m_localStore(new LocalSandboxStore(this)),
      m_blaxelStore(new BlaxelSandboxStore(this)), m_transport(new HttpTransport(TransportConfig{}, this)),
      m_sandboxes(new KlavisSandboxService(m_transport, this)),
      m_localSandboxes(new KlavisLocalSandboxService(m_transport, this)),
      m_executions(new KlavisExecutionService(m_transport, this)),
      m_objectStoreNetwork(new QNetworkAccessManager(this)),
      m_transfers(new TransferQueue(m_localSandboxes, m_objectStoreNetwork, this)),
      m_blaxelTransport(new HttpTransport(TransportConfig{}, this)),
      m_blaxel(new BlaxelSandboxService(m_blaxelTransport, QString(), this)),
      m_ledger(std::make_unique<LedgerWorker>())
{
    m_transferLedger = new TransferLedger(this);
    m_leakMonitor = new LeakMonitor(this, this);
    m_executionRuns = new ExecutionsController(this, this);
    m_serverData = new ServerDataController(this, this);
    m_mcpInspector = new McpInspector(m_transport->networkAccessManager(), this);
    m_terminals = new TerminalController(this, this);
    m_processes = new ProcessController(this, this);
    m_files = new FileController(this, this);
    m_previews = new PreviewController(this, this);
}

AppSession::~AppSession()
{
    // Jobs remove their temporary files when cancelled; they must go before the services they use.
    m_transfers->cancelAll();
    delete m_transfers;
    // Runs what was posted (the last outcomes) and closes the file before the demo's folder goes.
    m_ledger.reset();
}

void AppSession::useLedger(const QString &path, const QString &secret)
{
    if (!secret.isEmpty() && !m_ledgerSecrets.contains(secret))
        m_ledgerSecrets.append(secret);
    if (!m_ledgerPath.isEmpty()) {
        m_ledger->post<LedgerDone>([secrets = m_ledgerSecrets](RunLedger &ledger) {
            ledger.setSecrets(secrets);
            return LedgerDone{};
        });
        return;
    }
    m_ledgerPath = path;
    m_ledger->open(path, m_ledgerSecrets, this, [this](const LedgerStatus &status) {
        m_ledgerProblem = status ? QString() : status.error().message;
        emit ledgerOpened(m_ledgerProblem);
    });
}

bool AppSession::startDemo(QString *error)
{
    auto host = std::make_unique<Emulator::EmulatorHost>();
    if (!host->start()) {
        *error =
            QCoreApplication::translate("AppSession", "The demo server could not start on a loopback port.");
        return false;
    }
    host->server()->setRateLimit({2, 2}); // Klavis's documented limit: 2 requests per second per key
    const QUrl baseUrl = host->apiBaseUrl();
    const QString key = host->server()->apiKey();
    m_demoHost = std::move(host);
    QString ledgerPath = qEnvironmentVariable("SANDBOXDECK_LEDGER");
    if (ledgerPath.isEmpty() && m_ledgerPath.isEmpty()) {
        m_demoLedgerFolder = std::make_unique<QTemporaryDir>();
        ledgerPath = m_demoLedgerFolder->filePath(u"demo-ledger.sqlite"_s);
    }
    useLedger(ledgerPath, key);
    connectTo(u"Demo"_s, baseUrl, key, u"us"_s);
    // The emulator serves Blaxel's control plane under /v0 with the same key; `demo` is its seeded workspace.
    QUrl blaxelUrl = baseUrl;
    blaxelUrl.setPath(blaxelUrl.path().chopped(blaxelUrl.path().endsWith(u'/') ? 1 : 0) + u"/v0"_s);
    connectBlaxel(u"Demo"_s, blaxelUrl, key, u"demo"_s);
    return true;
}

void AppSession::connectTo(const QString &profileName, const QUrl &baseUrl, const QString &apiKey,
                           const QString &region)
{
    pointAt(m_transport, baseUrl, apiKey);
    useLedger(RunLedger::defaultPath(), apiKey);
    m_profileName = profileName;
    m_region = region.isEmpty() ? u"us"_s : region;
    m_transfers->setRegion(m_region);
    emit connectionChanged();
}

bool AppSession::hasKey() const
{
    return !m_transport->config().apiKey.isEmpty();
}

QUrl AppSession::baseUrl() const
{
    return m_transport->config().baseUrl;
}

void AppSession::connectBlaxel(const QString &profileName, const QUrl &baseUrl, const QString &apiKey,
                               const QString &workspace)
{
    pointAt(m_blaxelTransport, baseUrl, apiKey);
    if (!apiKey.isEmpty())
        useLedger(RunLedger::defaultPath(), apiKey);
    m_blaxel->setWorkspace(workspace);
    m_blaxelProfileName = profileName;
    emit blaxelConnectionChanged();
}

void AppSession::disconnectBlaxel()
{
    connectBlaxel(QString(), QUrl(), QString(), QString());
}

bool AppSession::hasBlaxel() const
{
    return !m_blaxelTransport->config().apiKey.isEmpty() && !m_blaxel->workspace().isEmpty();
}

QString AppSession::blaxelWorkspace() const
{
    return m_blaxel->workspace();
}

QUrl AppSession::blaxelBaseUrl() const
{
    return m_blaxelTransport->config().baseUrl;
}

BlaxelSandboxFiles *AppSession::blaxelSandboxFiles(const QString &name, const QUrl &url,
                                                   QObject *parent) const
{
    if (!hasBlaxel() || !url.isValid() || name.isEmpty())
        return nullptr;
    // A network manager of its own: it lives as long as the client (a job's), not as long as the session's.
    return new BlaxelSandboxFiles(name, url, m_blaxelTransport->config().apiKey, m_blaxel->workspace(),
                                  nullptr, parent);
}

BlaxelSandboxFiles *AppSession::checkedBlaxelSandboxFiles(const QString &name, const QUrl &url,
                                                          const QString &withoutBlaxel,
                                                          QString *problem) const
{
    BlaxelSandboxFiles *files = blaxelSandboxFiles(name, url, nullptr);
    if (!files) {
        *problem = hasBlaxel() ? tr("This sandbox has no API address yet.") : withoutBlaxel;
        return nullptr;
    }
    if (const QString refused = files->refusal({}); !refused.isEmpty()) {
        delete files;
        *problem = refused;
        return nullptr;
    }
    return files;
}
