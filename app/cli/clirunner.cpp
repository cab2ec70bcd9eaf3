#include "cli/clirunner.h"

#include "api/apicall.h"
#include "api/blaxelsandboxservice.h"
#include "api/httptransport.h"
#include "api/klavisexecutionservice.h"
#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "api/klavisserverdataservice.h"
#include "cli/liststatusfilter.h"
#include "cli/logtextfilter.h"
#include "cli/terminaltext.h"
#include "cli/texttable.h"
#include "ledger/runledger.h"
#include "runs/ledgerrecorder.h"

#include <QTimer>

using namespace Qt::StringLiterals;

CliRunner::CliRunner(const CliCommand &command, HttpTransport *transport, QObject *parent)
    : QObject(parent), m_command(command), m_transport(transport),
      m_sandboxes(new KlavisSandboxService(transport, this)),
      m_local(new KlavisLocalSandboxService(transport, this)),
      m_blaxel(new BlaxelSandboxService(transport, command.option(u"workspace"_s), this)),
      m_data(new KlavisServerDataService(transport, this)),
      m_executions(new KlavisExecutionService(transport, this))
{
    m_output.setRevealSecrets(command.has(u"show-secrets"_s));
    m_output.setSecret(transport->config().apiKey);
    if (command.isBlaxel())
        m_output.setKeySource(u"BL_API_KEY"_s, u"your Blaxel workspace settings"_s);
}

CliRunner::~CliRunner() = default;

void CliRunner::start()
{
    using Handler = void (CliRunner::*)();
    static const QMap<QString, Handler> handlers = {
        {u"list"_s, &CliRunner::list},
        {u"get"_s, &CliRunner::get},
        {u"acquire"_s, &CliRunner::acquire},
        {u"release"_s, &CliRunner::release},
        {u"reset"_s, &CliRunner::reset},
        {u"prepare"_s, &CliRunner::prepare},
        {u"local list"_s, &CliRunner::localList},
        {u"local get"_s, &CliRunner::localGet},
        {u"local acquire"_s, &CliRunner::localAcquire},
        {u"local release"_s, &CliRunner::localRelease},
        {u"local reset"_s, &CliRunner::localReset},
        {u"local upload"_s, &CliRunner::localUpload},
        {u"local dump"_s, &CliRunner::localDump},
        {u"local exec"_s, &CliRunner::localExec},
        {u"local logs"_s, &CliRunner::localLogs},
        {u"local artifacts"_s, &CliRunner::localArtifacts},
        {u"blaxel list"_s, &CliRunner::blaxelList},
        {u"blaxel get"_s, &CliRunner::blaxelGet},
        {u"blaxel create"_s, &CliRunner::blaxelCreate},
        {u"blaxel delete"_s, &CliRunner::blaxelDelete},
        {u"blaxel upload"_s, &CliRunner::blaxelUpload},
        {u"blaxel dump"_s, &CliRunner::blaxelDump},
        {u"data dump"_s, &CliRunner::dataDump},
        {u"data init"_s, &CliRunner::dataInit},
        {u"data diff"_s, &CliRunner::dataDiff},
        {u"mcp info"_s, &CliRunner::mcpInfo},
        {u"mcp tools"_s, &CliRunner::mcpTools},
        {u"mcp call"_s, &CliRunner::mcpCall},
        {u"mcp ping"_s, &CliRunner::mcpPing},
        {u"mcp diff"_s, &CliRunner::mcpDiff},
        {u"run create"_s, &CliRunner::runCreate},
        {u"run list"_s, &CliRunner::runList},
        {u"run show"_s, &CliRunner::runShow},
        {u"run release"_s, &CliRunner::runRelease},
        {u"run adopt"_s, &CliRunner::runAdopt},
        {u"run manifest"_s, &CliRunner::runManifest},
        {u"run import"_s, &CliRunner::runImport},
        {u"leaks"_s, &CliRunner::leaks},
    };
    (this->*handlers.value(m_command.name))();
}

void CliRunner::done(int exitCode)
{
    // Leave the handler before the event loop ends, so the call can finish its own cleanup.
    QTimer::singleShot(0, this, [this, exitCode] { emit finished(exitCode); });
}

void CliRunner::watch(ApiCall *call)
{
    m_call = call;
    connect(call, &ApiCall::retryScheduled, this, [this](int attempt, int delayMs, const QString &reason) {
        m_output.err(
            u"%1, retrying in %2 s (attempt %3)\n"_s.arg(reason).arg((delayMs + 999) / 1000).arg(attempt));
    });
}

QByteArray CliRunner::callBody() const
{
    return m_call->body();
}

void CliRunner::list()
{
    SandboxFilter filter{m_command.option(u"server"_s), m_command.option(u"tag"_s)};
    const ListStatusFilter statuses(m_command.option(u"status"_s));
    watch(m_sandboxes->list(filter, this, [this, statuses](const ApiResult<SandboxList> &result) {
        if (!result)
            return done(m_output.apiError(result.error()));
        if (m_command.json)
            return m_output.json(statuses.filterBody(callBody())), done(0);
        TextTable table({u"SERVER"_s, u"SANDBOX ID"_s, u"STATUS"_s, u"BENCHMARK"_s, u"TAGS"_s, u"UPDATED"_s});
        qsizetype shown = 0;
        for (const auto &sandbox : result->sandboxes)
            if (statuses.accepts(sandbox.status) && ++shown)
                table.addRow({sandbox.serverName, sandbox.sandboxId, sandbox.status, sandbox.benchmark,
                              sandbox.tags.join(u", "_s), CliOutput::age(sandbox.updatedAt)});
        if (table.isEmpty() && statuses.isActive())
            m_output.out(u"No sandboxes with that status.\n"_s);
        else if (table.isEmpty())
            m_output.out(u"No sandboxes. Acquire one with: sandboxdeck-cli acquire SERVER\n"_s);
        else
            m_output.out(table.render() + u"\n%1 of %2 sandboxes\n"_s.arg(shown).arg(result->totalCount));
        done(0);
    }));
}

void CliRunner::get()
{
    const auto &args = m_command.arguments;
    watch(m_sandboxes->details(args[0], args[1], this, [this](const ApiResult<SandboxDetails> &result) {
        if (!result)
            return done(m_output.apiError(result.error()));
        if (m_command.json)
            return m_output.json(callBody()), done(0);
        const auto &s = result->summary;
        m_output.field(u"Sandbox"_s, s.sandboxId);
        m_output.field(u"Server"_s, s.serverName);
        m_output.field(u"Status"_s, s.status);
        m_output.field(u"Benchmark"_s, s.benchmark);
        m_output.field(u"Tags"_s, s.tags.join(u", "_s));
        m_output.field(u"Updated"_s, s.updatedAt.isValid() ? s.updatedAt.toString(Qt::ISODate) + u" ("_s +
                                                                 CliOutput::age(s.updatedAt) + u')'
                                                           : s.updatedAtText);
        for (auto it = result->serverUrls.cbegin(); it != result->serverUrls.cend(); ++it)
            m_output.field(u"MCP URL"_s, it.value() + u"  ("_s + it.key() + u')');
        const bool reveal = m_command.has(u"show-secrets"_s);
        m_output.secretObject(u"Metadata"_s, result->metadata, reveal);
        m_output.secretObject(u"Auth data"_s, result->authData, reveal);
        done(0);
    }));
}

void CliRunner::acquire()
{
    AcquireRequest request;
    request.serverName = m_command.arguments[0];
    request.benchmark = m_command.option(u"benchmark"_s);
    request.testAccountEmail = m_command.option(u"email"_s);
    request.tag = m_command.option(u"tag"_s);
    request.noAutoRelease = m_command.has(u"no-ttl"_s);
    if (m_command.has(u"ttl"_s))
        request.ttlSeconds = m_command.option(u"ttl"_s).toInt();
    // The request goes from the handler: the intent is written first (at once, the CLI's ledger is its own).
    recorder().begin(
        LedgerOperationKind::Acquire, LedgerProvider::Klavis, {request.serverName}, {}, {}, request.benchmark,
        request.tag.isEmpty() ? QStringList() : QStringList{request.tag}, request.ttlSeconds.value_or(0),
        [this, request](qint64 intent) {
            watch(m_sandboxes->acquire(
                request, this, [this, intent, request](const ApiResult<AcquiredSandbox> &result) {
                    recorder().finish(intent, result.error(), result ? result->sandboxId : QString());
                    if (result)
                        recorder().acquired(LedgerProvider::Klavis, result->sandboxId, {request.serverName},
                                            {}, request.benchmark,
                                            request.tag.isEmpty() ? QStringList() : QStringList{request.tag},
                                            request.ttlSeconds.value_or(0), result->serverUrls.values());
                    if (!result) {
                        m_output.noteAcquireMayHaveGoneThrough(result.error(), u"list"_s);
                        return done(m_output.apiError(result.error()));
                    }
                    if (m_command.json)
                        return m_output.json(callBody()), done(0);
                    m_output.out(u"Acquired %1 sandbox %2 (%3)\n"_s.arg(
                        TerminalText::escape(result->serverName), TerminalText::escape(result->sandboxId),
                        TerminalText::escape(result->status)));
                    for (auto it = result->serverUrls.cbegin(); it != result->serverUrls.cend(); ++it)
                        m_output.field(u"MCP URL"_s, it.value());
                    done(0);
                }));
        });
}

void CliRunner::release()
{
    const auto &args = m_command.arguments;
    recorder().begin(
        LedgerOperationKind::Release, LedgerProvider::Klavis, {args[0]}, args[1], [this](qint64 intent) {
            const auto &args = m_command.arguments;
            watch(m_sandboxes->release(
                args[0], args[1], this,
                [this, intent](const ApiResult<SandboxActionResult> &result) {
                    recorder().finish(intent, result.error(), m_command.arguments[1]);
                    if (result)
                        recorder().released(LedgerProvider::Klavis, m_command.arguments[1]);
                    if (!result)
                        return done(m_output.apiError(result.error()));
                    if (m_command.json)
                        return m_output.json(callBody()), done(0);
                    m_output.out(u"Released %1 (%2). %3\n"_s.arg(m_command.arguments[1],
                                                                 TerminalText::escape(result->status),
                                                                 TerminalText::escape(result->message)));
                    done(0);
                },
                m_command.has(u"is-ttl"_s), m_command.option(u"instance-id"_s)));
        });
}

void CliRunner::reset()
{
    const auto &args = m_command.arguments;
    recorder().begin(
        LedgerOperationKind::Reset, LedgerProvider::Klavis, {args[0]}, args[1], [this](qint64 intent) {
            const auto &args = m_command.arguments;
            watch(m_sandboxes->reset(
                args[0], args[1], this, [this, intent](const ApiResult<SandboxActionResult> &result) {
                    recorder().finish(intent, result.error(), m_command.arguments[1]);
                    if (!result)
                        return done(m_output.apiError(result.error()));
                    if (m_command.json)
                        return m_output.json(callBody()), done(0);
                    m_output.out(u"Reset %1 (%2). %3\n"_s.arg(m_command.arguments[1],
                                                              TerminalText::escape(result->status),
                                                              TerminalText::escape(result->message)));
                    done(0);
                }));
        });
}

void CliRunner::prepare()
{
    watch(m_sandboxes->prepare(m_command.option(u"benchmark"_s), m_command.option(u"server"_s), this,
                               [this](const ApiResult<bool> &result) {
                                   if (!result)
                                       return done(m_output.apiError(result.error()));
                                   if (m_command.json)
                                       return m_output.json(callBody()), done(0);
                                   m_output.out(u"Capacity requested.\n"_s);
                                   done(0);
                               }));
}
