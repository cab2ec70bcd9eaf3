#include "cli/localsandboxcommands.h"

#include "api/apicall.h"
#include "api/httptransport.h"
#include "api/klavislocalsandboxservice.h"
#include "cli/interruptnotifier.h"
#include "cli/terminaltext.h"
#include "cli/texttable.h"
#include "cli/transferconsole.h"
#include "runs/ledgerrecorder.h"
#include "workspace/dumpjob.h"
#include "workspace/uploadjob.h"

#include <QFileInfo>

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

const QMap<QString, LocalSandboxCommands::Handler> &LocalSandboxCommands::handlers()
{
    static const QMap<QString, Handler> handlers = {
        {u"local list"_s, &LocalSandboxCommands::list},
        {u"local get"_s, &LocalSandboxCommands::get},
        {u"local acquire"_s, &LocalSandboxCommands::acquire},
        {u"local release"_s, &LocalSandboxCommands::release},
        {u"local reset"_s, &LocalSandboxCommands::reset},
        {u"local upload"_s, &LocalSandboxCommands::upload},
        {u"local dump"_s, &LocalSandboxCommands::dump},
    };
    return handlers;
}

bool LocalSandboxCommands::handles(const QString &command)
{
    return handlers().contains(command);
}

LocalSandboxCommands::LocalSandboxCommands(CliContext &context, QObject *parent)
    : CliCommandGroup(context, parent), m_local(new KlavisLocalSandboxService(context.transport(), this))
{}

void LocalSandboxCommands::start()
{
    (this->*handlers().value(m_command.name))();
}

void LocalSandboxCommands::list()
{
    m_context.watch(m_local->list(this, [this](const ApiResult<LocalSandboxList> &result) {
        if (!result)
            return done(m_output.apiError(result.error()));
        if (m_command.json)
            return m_output.json(m_context.callBody()), done(0);
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

void LocalSandboxCommands::get()
{
    m_context.watch(
        m_local->details(m_command.arguments[0], this, [this](const ApiResult<LocalSandbox> &result) {
            if (!result)
                return done(m_output.apiError(result.error()));
            if (m_command.json)
                return m_output.json(m_context.callBody()), done(0);
            printLocalSandbox(m_output, result.value(), m_command.has(u"show-secrets"_s));
            done(0);
        }));
}

void LocalSandboxCommands::acquire()
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
    m_context.recorder().begin(
        LedgerOperationKind::Acquire, LedgerProvider::KlavisLocal,
        request.allServers ? QStringList{u"ALL"_s} : request.serverNames, {}, {}, request.benchmark, {},
        request.ttlSeconds.value_or(0), [this, request](qint64 intent) {
            m_context.watch(m_local->acquire(
                request, this, [this, intent, request](const ApiResult<LocalSandbox> &result) {
                    m_context.recorder().finish(intent, result.error(),
                                                result ? result->localSandboxId : QString());
                    if (result)
                        m_context.recorder().acquiredLocal(result.value(), {}, request.benchmark,
                                                           request.ttlSeconds.value_or(0));
                    if (!result) {
                        m_output.noteAcquireMayHaveGoneThrough(result.error(), u"local list"_s);
                        return done(m_output.apiError(result.error()));
                    }
                    if (m_command.json)
                        return m_output.json(m_context.callBody()), done(0);
                    printLocalSandbox(m_output, result.value(), false);
                    done(0);
                }));
        });
}

void LocalSandboxCommands::release()
{
    m_context.recorder().begin(
        LedgerOperationKind::Release, LedgerProvider::KlavisLocal, {}, m_command.arguments[0],
        [this](qint64 intent) {
            m_context.watch(m_local->release(
                m_command.arguments[0], this, [this, intent](const ApiResult<SandboxActionResult> &result) {
                    m_context.recorder().finish(intent, result.error(), m_command.arguments[0]);
                    if (result)
                        m_context.recorder().released(LedgerProvider::KlavisLocal, m_command.arguments[0]);
                    if (!result)
                        return done(m_output.apiError(result.error()));
                    if (m_command.json)
                        return m_output.json(m_context.callBody()), done(0);
                    m_output.out(u"Released %1. %2\n"_s.arg(m_command.arguments[0],
                                                            TerminalText::escape(result->message)));
                    done(0);
                }));
        });
}

void LocalSandboxCommands::reset()
{
    m_context.recorder().begin(
        LedgerOperationKind::Reset, LedgerProvider::KlavisLocal, {}, m_command.arguments[0],
        [this](qint64 intent) {
            m_context.watch(m_local->reset(
                m_command.arguments[0], this, [this, intent](const ApiResult<SandboxActionResult> &result) {
                    m_context.recorder().finish(intent, result.error(), m_command.arguments[0]);
                    if (!result)
                        return done(m_output.apiError(result.error()));
                    if (m_command.json)
                        return m_output.json(m_context.callBody()), done(0);
                    m_output.out(u"Reset %1; its workspace is empty again.\n"_s.arg(m_command.arguments[0]));
                    done(0);
                }));
        });
}

void LocalSandboxCommands::upload()
{
    QStringList sources;
    if (!TransferConsole::collectUploadSources(m_context, &sources))
        return;
    // The sandbox's details state what one upload may hold: a workspace past that is refused after the
    // count, before it is packed or sent. Ctrl+C while they are read ends the command as cancelled too.
    auto *interrupt = new InterruptNotifier(this);
    auto interrupted = std::make_shared<bool>(false);
    ApiCall *lookup =
        m_local->details(m_command.arguments[0], this,
                         [this, sources, interrupt, interrupted](const ApiResult<LocalSandbox> &sandbox) {
                             if (*interrupted) {
                                 interrupt->deleteLater(); // not now: this runs inside its own signal
                                 m_output.err(u"Cancelled; nothing was transferred.\n"_s);
                                 return done(InterruptNotifier::interruptedExitCode);
                             }
                             // Gone before the job's own notifier is made: there is one at a time.
                             delete interrupt;
                             if (!sandbox)
                                 return done(m_output.apiError(sandbox.error()));
                             auto *job =
                                 new UploadJob(m_local, m_context.transport()->networkAccessManager(),
                                               m_command.arguments[0], m_command.region(), sources, this);
                             job->setLimits(sandbox->workspaceLimits);
                             TransferConsole::run(m_context, job);
                         });
    m_context.watch(lookup);
    connect(interrupt, &InterruptNotifier::interrupted, lookup, [interrupted, lookup] {
        *interrupted = true;
        lookup->abort(); // the handler runs with a Cancelled error
    });
}

void LocalSandboxCommands::dump()
{
    if (!TransferConsole::dumpTargetAcceptable(m_context))
        return;
    const bool extract = m_command.has(u"extract"_s);
    const QString target = m_command.option(extract ? u"extract"_s : u"out"_s);
    TransferConsole::run(m_context, new DumpJob(m_local, m_context.transport()->networkAccessManager(),
                                                m_command.arguments[0], m_command.region(),
                                                extract ? DumpJob::Mode::Extract : DumpJob::Mode::SaveArchive,
                                                QFileInfo(target).absoluteFilePath(), this));
}
