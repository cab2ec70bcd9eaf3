#include "cli/clicontext.h"

#include "api/apicall.h"
#include "api/httptransport.h"
#include "ledger/runledger.h"
#include "runs/ledgerrecorder.h"

#include <QTimer>

using namespace Qt::StringLiterals;

CliContext::CliContext(const CliCommand &command, HttpTransport *transport, QObject *parent)
    : QObject(parent), m_command(command), m_transport(transport)
{
    m_output.setRevealSecrets(command.has(u"show-secrets"_s));
    m_output.setSecret(transport->config().apiKey);
    if (command.isBlaxel())
        m_output.setKeySource(u"BL_API_KEY"_s, u"your Blaxel workspace settings"_s);
}

CliContext::~CliContext() = default;

void CliContext::done(int exitCode)
{
    QTimer::singleShot(0, this, [this, exitCode] { emit finished(exitCode); });
}

void CliContext::watch(ApiCall *call)
{
    m_call = call;
    connect(call, &ApiCall::retryScheduled, this, [this](int attempt, int delayMs, const QString &reason) {
        m_output.err(
            u"%1, retrying in %2 s (attempt %3)\n"_s.arg(reason).arg((delayMs + 999) / 1000).arg(attempt));
    });
}

QByteArray CliContext::callBody() const
{
    return m_call->body();
}

ApiCall *CliContext::watchedCall() const
{
    return m_call;
}

std::unique_ptr<RunLedger> CliContext::openLedgerFile(QString *problem) const
{
    auto ledger = std::make_unique<RunLedger>();
    ledger->setSecrets({m_transport->config().apiKey}); // the one secret the CLI holds never reaches it
    if (auto status = ledger->open(RunLedger::defaultPath()); !status) {
        *problem = status.error().message;
        return nullptr;
    }
    return ledger;
}

bool CliContext::openLedger()
{
    if (m_ledger)
        return true;
    QString problem;
    m_ledger = openLedgerFile(&problem);
    if (!m_ledger) {
        m_output.err(u"error: the run ledger: %1\n"_s.arg(problem));
        done(1);
        return false;
    }
    m_recorder = std::make_unique<LedgerRecorder>(LedgerAccess(m_ledger.get()), this);
    return true;
}

LedgerRecorder &CliContext::recorder()
{
    if (!m_recorder) {
        QString problem;
        m_ledger = openLedgerFile(&problem);
        if (!m_ledger)
            m_output.err(u"warning: not recorded in the run ledger: %1\n"_s.arg(problem));
        m_recorder = std::make_unique<LedgerRecorder>(LedgerAccess(m_ledger.get()), this);
    }
    return *m_recorder;
}
