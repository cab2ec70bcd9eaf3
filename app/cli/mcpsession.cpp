#include "cli/mcpsession.h"

#include "api/apicall.h"
#include "api/httptransport.h"
#include "api/urlpolicy.h"
#include "cli/clicontext.h"
#include "cli/interruptnotifier.h"
#include "mcp/mcpcall.h"
#include "mcp/mcpclient.h"

#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

constexpr int troubleExitCode = 2;
// How long the CLI waits for the DELETE that ends a session before it exits anyway.
constexpr int closeGraceMs = 300;

} // namespace

McpSession::McpSession(CliContext &context, QObject *parent) : QObject(parent), m_context(context) {}

void McpSession::cancelOnInterrupt()
{
    auto *interrupt = new InterruptNotifier(this);
    connect(interrupt, &InterruptNotifier::interrupted, this, [this] {
        m_interrupted = true;
        if (m_call)
            m_call->cancel(); // finished() with Cancelled follows
        else if (ApiCall *call = m_context.watchedCall())
            call->abort();
        else
            m_context.done(InterruptNotifier::interruptedExitCode);
    });
}

bool McpSession::open(const QString &url)
{
    const QUrl parsed(url, QUrl::StrictMode);
    if (const QString problem = UrlPolicy::checkMcpUrl(parsed); !problem.isEmpty()) {
        m_context.output().err(u"error: "_s + problem + u'\n');
        m_context.done(troubleExitCode);
        return false;
    }
    // mcp diff's first side, listed by now: its session ends (a DELETE) before the second side's opens.
    if (m_client && !m_client->serverInfo().sessionId.isEmpty())
        m_client->close();
    m_client = new McpClient(m_context.transport()->networkAccessManager(), this);
    m_client->setTimeoutMs(m_context.command().timeoutSeconds * 1000);
    m_client->setUrl(parsed);
    return true;
}

void McpSession::watch(McpCall *call, const std::function<void(McpCall *)> &handle)
{
    watch(call, handle, false);
}

void McpSession::watchAsTrouble(McpCall *call, const std::function<void(McpCall *)> &handle)
{
    watch(call, handle, true);
}

void McpSession::watch(McpCall *call, const std::function<void(McpCall *)> &handle, bool everyErrorIsTrouble)
{
    m_call = call;
    connect(call, &McpCall::finished, this, [this, call, handle, everyErrorIsTrouble] {
        if (m_interrupted || call->error().kind == McpError::Kind::Cancelled) {
            m_context.output().err(u"Cancelled.\n"_s);
            return finish(InterruptNotifier::interruptedExitCode);
        }
        if (call->error().isError()) {
            m_context.output().err(u"error: "_s + call->error().describe() + u'\n');
            const bool refused = call->error().kind == McpError::Kind::Refused;
            return finish(everyErrorIsTrouble || refused ? troubleExitCode : 1);
        }
        handle(call);
    });
}

void McpSession::finish(int exitCode)
{
    // A server that keeps sessions is told this one ends (DELETE); a short wait lets it go out.
    if (m_client && !m_client->serverInfo().sessionId.isEmpty()) {
        m_client->close();
        QTimer::singleShot(closeGraceMs, this, [this, exitCode] { m_context.done(exitCode); });
        return;
    }
    m_context.done(exitCode);
}
