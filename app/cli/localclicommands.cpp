// The `local ...` commands of CliRunner, kept apart so each file stays about one area.
#include "cli/clirunner.h"

#include "api/apicall.h"
#include "api/klavislocalsandboxservice.h"
#include "cli/terminaltext.h"
#include "cli/texttable.h"
#include "runs/ledgerrecorder.h"

using namespace Qt::StringLiterals;

namespace {

void printLocalSandbox(CliOutput &output, const LocalSandbox &sandbox, bool reveal)
{
    output.field(u"Local sandbox"_s, sandbox.localSandboxId);
    output.field(u"Status"_s, sandbox.status);
    output.field(u"Benchmark"_s, sandbox.benchmark);
    if (sandbox.createdAt.isValid())
        output.field(u"Created"_s, sandbox.createdAt.toString(Qt::ISODate) + u" ("_s +
                                       CliOutput::age(sandbox.createdAt) + u')');
    TextTable servers({u"SERVER"_s, u"STATUS"_s, u"MCP URL"_s});
    servers.setMaxColumnWidth(2, 200);
    for (const auto &server : sandbox.servers)
        servers.addRow({server.serverName, server.status, server.mcpServerUrl});
    output.out(u"\n"_s + servers.render());
    for (const auto &server : sandbox.servers) {
        if (!server.authData.isEmpty())
            output.secretObject(server.serverName + u" auth data"_s, server.authData, reveal);
        if (!server.metadata.isEmpty())
            output.secretObject(server.serverName + u" metadata"_s, server.metadata, reveal);
    }
}

} // namespace

void CliRunner::localList()
{
    watch(m_local->list(this, [this](const ApiResult<LocalSandboxList> &result) {
        if (!result)
            return done(m_output.apiError(result.error()));
        if (m_command.json)
            return m_output.json(callBody()), done(0);
        TextTable table({u"LOCAL SANDBOX ID"_s, u"STATUS"_s, u"BENCHMARK"_s, u"CREATED"_s, u"SERVERS"_s});
        for (const auto &sandbox : result->localSandboxes) {
            QStringList names;
            for (const auto &server : sandbox.servers)
                names << server.serverName;
            table.addRow({sandbox.localSandboxId, sandbox.status, sandbox.benchmark,
                          CliOutput::age(sandbox.createdAt), names.join(u", "_s)});
        }
        if (table.isEmpty())
            m_output.out(
                u"No local sandboxes. Acquire one with: sandboxdeck-cli local acquire --servers ALL\n"_s);
        else
            m_output.out(table.render() + u"\n%1 local sandboxes\n"_s.arg(result->totalCount));
        done(0);
    }));
}

void CliRunner::localGet()
{
    watch(m_local->details(m_command.arguments[0], this, [this](const ApiResult<LocalSandbox> &result) {
        if (!result)
            return done(m_output.apiError(result.error()));
        if (m_command.json)
            return m_output.json(callBody()), done(0);
        printLocalSandbox(m_output, result.value(), m_command.has(u"show-secrets"_s));
        done(0);
    }));
}

void CliRunner::localAcquire()
{
    LocalAcquireRequest request;
    const auto servers = m_command.option(u"servers"_s);
    request.allServers = servers.compare(u"ALL"_s, Qt::CaseInsensitive) == 0;
    if (!request.allServers)
        for (const auto &name : servers.split(u',', Qt::SkipEmptyParts))
            request.serverNames << name.trimmed();
    request.benchmark = m_command.option(u"benchmark"_s);
    request.testAccountEmail = m_command.option(u"email"_s);
    request.noAutoRelease = m_command.has(u"no-ttl"_s);
    if (m_command.has(u"ttl"_s))
        request.ttlSeconds = m_command.option(u"ttl"_s).toInt();
    recorder().begin(LedgerOperationKind::Acquire, LedgerProvider::KlavisLocal,
                     request.allServers ? QStringList{u"ALL"_s} : request.serverNames, {}, {},
                     request.benchmark, {}, request.ttlSeconds.value_or(0), [this, request](qint64 intent) {
                         watch(m_local->acquire(
                             request, this, [this, intent, request](const ApiResult<LocalSandbox> &result) {
                                 recorder().finish(intent, result.error(),
                                                   result ? result->localSandboxId : QString());
                                 if (result)
                                     recorder().acquiredLocal(result.value(), {}, request.benchmark,
                                                              request.ttlSeconds.value_or(0));
                                 if (!result) {
                                     m_output.noteAcquireMayHaveGoneThrough(result.error(), u"local list"_s);
                                     return done(m_output.apiError(result.error()));
                                 }
                                 if (m_command.json)
                                     return m_output.json(callBody()), done(0);
                                 printLocalSandbox(m_output, result.value(), false);
                                 done(0);
                             }));
                     });
}

void CliRunner::localRelease()
{
    recorder().begin(
        LedgerOperationKind::Release, LedgerProvider::KlavisLocal, {}, m_command.arguments[0],
        [this](qint64 intent) {
            watch(m_local->release(
                m_command.arguments[0], this, [this, intent](const ApiResult<SandboxActionResult> &result) {
                    recorder().finish(intent, result.error(), m_command.arguments[0]);
                    if (result)
                        recorder().released(LedgerProvider::KlavisLocal, m_command.arguments[0]);
                    if (!result)
                        return done(m_output.apiError(result.error()));
                    if (m_command.json)
                        return m_output.json(callBody()), done(0);
                    m_output.out(u"Released %1. %2\n"_s.arg(m_command.arguments[0],
                                                            TerminalText::escape(result->message)));
                    done(0);
                }));
        });
}

void CliRunner::localReset()
{
    recorder().begin(
        LedgerOperationKind::Reset, LedgerProvider::KlavisLocal, {}, m_command.arguments[0],
        [this](qint64 intent) {
            watch(m_local->reset(
                m_command.arguments[0], this, [this, intent](const ApiResult<SandboxActionResult> &result) {
                    recorder().finish(intent, result.error(), m_command.arguments[0]);
                    if (!result)
                        return done(m_output.apiError(result.error()));
                    if (m_command.json)
                        return m_output.json(callBody()), done(0);
                    m_output.out(u"Reset %1; its workspace is empty again.\n"_s.arg(m_command.arguments[0]));
                    done(0);
                }));
        });
}
