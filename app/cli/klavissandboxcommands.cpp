#include "cli/klavissandboxcommands.h"

#include "api/apicall.h"
#include "api/klavissandboxservice.h"
#include "cli/liststatusfilter.h"
#include "cli/terminaltext.h"
#include "cli/texttable.h"
#include "runs/ledgerrecorder.h"

using namespace Qt::StringLiterals;

const QMap<QString, KlavisSandboxCommands::Handler> &KlavisSandboxCommands::handlers()
{
    static const QMap<QString, Handler> handlers = {
        {u"list"_s, &KlavisSandboxCommands::list},       {u"get"_s, &KlavisSandboxCommands::get},
        {u"acquire"_s, &KlavisSandboxCommands::acquire}, {u"release"_s, &KlavisSandboxCommands::release},
        {u"reset"_s, &KlavisSandboxCommands::reset},     {u"prepare"_s, &KlavisSandboxCommands::prepare},
    };
    return handlers;
}

bool KlavisSandboxCommands::handles(const QString &command)
{
    return handlers().contains(command);
}

KlavisSandboxCommands::KlavisSandboxCommands(CliContext &context, QObject *parent)
    : CliCommandGroup(context, parent), m_sandboxes(new KlavisSandboxService(context.transport(), this))
{}

void KlavisSandboxCommands::start()
{
    (this->*handlers().value(m_command.name))();
}

void KlavisSandboxCommands::list()
{
    SandboxFilter filter{m_command.option(u"server"_s), m_command.option(u"tag"_s)};
    const ListStatusFilter statuses(m_command.option(u"status"_s));
    m_context.watch(m_sandboxes->list(filter, this, [this, statuses](const ApiResult<SandboxList> &result) {
        if (!result)
            return done(m_output.apiError(result.error()));
        if (m_command.json)
            return m_output.json(statuses.filterBody(m_context.callBody())), done(0);
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

void KlavisSandboxCommands::get()
{
    const auto &args = m_command.arguments;
    m_context.watch(
        m_sandboxes->details(args[0], args[1], this, [this](const ApiResult<SandboxDetails> &result) {
            if (!result)
                return done(m_output.apiError(result.error()));
            if (m_command.json)
                return m_output.json(m_context.callBody()), done(0);
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

void KlavisSandboxCommands::acquire()
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
    m_context.recorder().begin(
        LedgerOperationKind::Acquire, LedgerProvider::Klavis, {request.serverName}, {}, {}, request.benchmark,
        request.tag.isEmpty() ? QStringList() : QStringList{request.tag}, request.ttlSeconds.value_or(0),
        [this, request](qint64 intent) {
            m_context.watch(m_sandboxes->acquire(
                request, this, [this, intent, request](const ApiResult<AcquiredSandbox> &result) {
                    m_context.recorder().finish(intent, result.error(),
                                                result ? result->sandboxId : QString());
                    if (result)
                        m_context.recorder().acquired(
                            LedgerProvider::Klavis, result->sandboxId, {request.serverName}, {},
                            request.benchmark,
                            request.tag.isEmpty() ? QStringList() : QStringList{request.tag},
                            request.ttlSeconds.value_or(0), result->serverUrls.values());
                    if (!result) {
                        m_output.noteAcquireMayHaveGoneThrough(result.error(), u"list"_s);
                        return done(m_output.apiError(result.error()));
                    }
                    if (m_command.json)
                        return m_output.json(m_context.callBody()), done(0);
                    m_output.out(u"Acquired %1 sandbox %2 (%3)\n"_s.arg(
                        TerminalText::escape(result->serverName), TerminalText::escape(result->sandboxId),
                        TerminalText::escape(result->status)));
                    for (auto it = result->serverUrls.cbegin(); it != result->serverUrls.cend(); ++it)
                        m_output.field(u"MCP URL"_s, it.value());
                    done(0);
                }));
        });
}

void KlavisSandboxCommands::release()
{
    const auto &args = m_command.arguments;
    m_context.recorder().begin(
        LedgerOperationKind::Release, LedgerProvider::Klavis, {args[0]}, args[1], [this](qint64 intent) {
            const auto &args = m_command.arguments;
            m_context.watch(m_sandboxes->release(
                args[0], args[1], this,
                [this, intent](const ApiResult<SandboxActionResult> &result) {
                    m_context.recorder().finish(intent, result.error(), m_command.arguments[1]);
                    if (result)
                        m_context.recorder().released(LedgerProvider::Klavis, m_command.arguments[1]);
                    if (!result)
                        return done(m_output.apiError(result.error()));
                    if (m_command.json)
                        return m_output.json(m_context.callBody()), done(0);
                    m_output.out(u"Released %1 (%2). %3\n"_s.arg(m_command.arguments[1],
                                                                 TerminalText::escape(result->status),
                                                                 TerminalText::escape(result->message)));
                    done(0);
                },
                m_command.has(u"is-ttl"_s), m_command.option(u"instance-id"_s)));
        });
}

void KlavisSandboxCommands::reset()
{
    const auto &args = m_command.arguments;
    m_context.recorder().begin(
        LedgerOperationKind::Reset, LedgerProvider::Klavis, {args[0]}, args[1], [this](qint64 intent) {
            const auto &args = m_command.arguments;
            m_context.watch(m_sandboxes->reset(
                args[0], args[1], this, [this, intent](const ApiResult<SandboxActionResult> &result) {
                    m_context.recorder().finish(intent, result.error(), m_command.arguments[1]);
                    if (!result)
                        return done(m_output.apiError(result.error()));
                    if (m_command.json)
                        return m_output.json(m_context.callBody()), done(0);
                    m_output.out(u"Reset %1 (%2). %3\n"_s.arg(m_command.arguments[1],
                                                              TerminalText::escape(result->status),
                                                              TerminalText::escape(result->message)));
                    done(0);
                }));
        });
}

void KlavisSandboxCommands::prepare()
{
    m_context.watch(m_sandboxes->prepare(m_command.option(u"benchmark"_s), m_command.option(u"server"_s),
                                         this, [this](const ApiResult<bool> &result) {
                                             if (!result)
                                                 return done(m_output.apiError(result.error()));
                                             if (m_command.json)
                                                 return m_output.json(m_context.callBody()), done(0);
                                             m_output.out(u"Capacity requested.\n"_s);
                                             done(0);
                                         }));
}
