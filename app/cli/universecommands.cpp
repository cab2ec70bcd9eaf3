#include "cli/universecommands.h"

#include "api/apicall.h"
#include "api/httptransport.h"
#include "api/klavisuniverseservice.h"
#include "catalog/mcpclientconfig.h"
#include "cli/texttable.h"
#include "ledger/ledgerwords.h"
#include "ledger/runledger.h"
#include "runs/ledgerrecorder.h"
#include "runs/runexporter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {

// `universe verify`: like diff(1), trouble is 2 so that a script can tell it from a failed task.
constexpr int verifyFailedExitCode = 1;
constexpr int verifyTroubleExitCode = 2;

QByteArray indentable(const QJsonValue &value)
{
    if (value.isObject())
        return QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    // A scalar: QJsonDocument holds none, so it is written inside a list and taken out of it.
    const QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return text.mid(1, text.size() - 2);
}

} // namespace

const QMap<QString, UniverseCommands::Handler> &UniverseCommands::handlers()
{
    static const QMap<QString, Handler> handlers = {
        {u"universe list"_s, &UniverseCommands::list},
        {u"universe data"_s, &UniverseCommands::data},
        {u"universe acquire"_s, &UniverseCommands::acquire},
        {u"universe release"_s, &UniverseCommands::release},
        {u"universe task"_s, &UniverseCommands::task},
        {u"universe verify"_s, &UniverseCommands::verify},
    };
    return handlers;
}

bool UniverseCommands::handles(const QString &command)
{
    return handlers().contains(command);
}

UniverseCommands::UniverseCommands(CliContext &context, QObject *parent)
    : CliCommandGroup(context, parent), m_universes(new KlavisUniverseService(context.transport(), this))
{}

void UniverseCommands::start()
{
    (this->*handlers().value(m_command.name))();
}

void UniverseCommands::list()
{
    m_context.watch(m_universes->list(this, [this](const ApiResult<QList<Universe>> &result) {
        if (!result)
            return done(m_output.apiError(result.error()));
        if (m_command.json)
            return m_output.json(m_context.callBody()), done(0);
        TextTable table({u"UNIVERSE ID"_s, u"NAME"_s, u"DOMAIN"_s, u"TASKS"_s, u"PERSONAS"_s});
        for (const auto &universe : result.value())
            table.addRow({universe.id, universe.name, universe.domain,
                          QString::number(universe.taskNumbers.size()),
                          QString::number(universe.personas.size())});
        if (table.isEmpty())
            m_output.out(u"No universes.\n"_s);
        else
            m_output.out(table.render() + u"\n%1 universes\n"_s.arg(result->size()));
        done(0);
    }));
}

void UniverseCommands::data()
{
    const QString universeId = m_command.arguments[0];
    m_context.watch(m_universes->initialData(universeId, this, [this](const ApiResult<QJsonValue> &result) {
        if (!result)
            return done(m_output.apiError(result.error()));
        if (!m_command.has(u"service"_s))
            return m_output.json(indentable(result.value())), done(0);
        const QString service = m_command.option(u"service"_s);
        const QJsonObject services = result->toObject();
        if (!result->isObject() || !services.contains(service)) {
            m_output.err(u"error: universe %1 has no service '%2'; it has: %3\n"_s.arg(
                m_command.arguments[0], service, services.keys().join(u", "_s)));
            return done(1);
        }
        m_output.json(indentable(services.value(service)));
        done(0);
    }));
}

void UniverseCommands::acquire()
{
    const QString run = m_command.option(u"run"_s);
    if (run.isEmpty())
        return acquireRecorded({});
    // A run is a ledger's thing: without the ledger the instance could not be given back by the run.
    if (!m_context.openLedger())
        return;
    auto known = m_context.ledger()->run(run);
    if (!known && known.error().kind == LedgerError::Kind::NotFound) {
        LedgerRun created;
        created.name = run;
        created.state = LedgerRunState::Open;
        created.apiBaseUrl = m_context.transport()->config().baseUrl.toString();
        created.benchmark = m_command.arguments[0];
        if (auto status = m_context.ledger()->createRun(created); !status) {
            m_output.err(u"error: the run ledger: %1\n"_s.arg(status.error().message));
            return done(1);
        }
    } else if (!known) {
        m_output.err(u"error: the run ledger: %1\n"_s.arg(known.error().message));
        return done(1);
    } else if (known->state != LedgerRunState::Open && known->state != LedgerRunState::Provisioning) {
        m_output.err(u"error: run %1 is closed (%2); name a new run or an open one\n"_s.arg(
            run, LedgerWords::word(known->state)));
        return done(2);
    }
    acquireRecorded(run);
}

void UniverseCommands::acquireRecorded(const QString &run)
{
    const QString universeId = m_command.arguments[0];
    m_context.recorder().begin(
        LedgerOperationKind::Acquire, LedgerProvider::KlavisUniverse, {}, {}, run, universeId, {}, 0,
        [this, universeId, run](qint64 intent) {
            // A run's acquire is never sent without its intent: `run release` could not know what it took.
            if (intent == 0 && !run.isEmpty()) {
                m_output.err(u"error: the run ledger: %1\n"_s.arg(m_context.recorder().problem()));
                return done(1);
            }
            m_context.watch(m_universes->acquire(
                universeId, this, [this, intent, universeId, run](const ApiResult<UniverseInstance> &result) {
                    m_context.recorder().finish(intent, result.error(),
                                                result ? result->instanceId : QString());
                    if (!result) {
                        m_output.noteAcquireMayHaveGoneThrough(result.error(), u"universe list"_s);
                        return done(m_output.apiError(result.error()));
                    }
                    const UniverseInstance &instance = result.value();
                    m_context.recorder().acquiredUniverse(instance, universeId, run);
                    for (auto it = instance.refusedServers.cbegin(); it != instance.refusedServers.cend();
                         ++it)
                        m_output.err(
                            u"warning: the URL of service %1 was refused and is not used: %2\n"_s.arg(
                                it.key(), it.value()));
                    if (m_command.has(u"mcp-config"_s)) {
                        QList<QPair<QString, QString>> named;
                        for (auto it = instance.mcpServers.cbegin(); it != instance.mcpServers.cend(); ++it)
                            named.append({it.key(), it.value()});
                        const QString problem = RunExporter::writeAtomically(
                            m_command.option(u"mcp-config"_s), McpClientConfig::build(named));
                        if (!problem.isEmpty()) {
                            m_output.err(
                                u"error: %1\nThe instance %2 is held; give it back with: sandboxdeck-cli "
                                "universe release %2\n"_s.arg(problem, instance.instanceId));
                            return done(1);
                        }
                    }
                    if (m_command.json)
                        return m_output.json(m_context.callBody()), done(0);
                    m_output.out(
                        u"Acquired instance %1 of universe %2\n"_s.arg(instance.instanceId, universeId));
                    if (!run.isEmpty())
                        m_output.field(u"Run"_s, run);
                    for (auto it = instance.mcpServers.cbegin(); it != instance.mcpServers.cend(); ++it)
                        m_output.field(u"MCP URL"_s, it.value() + u"  ("_s + it.key() + u')');
                    done(0);
                }));
        });
}

void UniverseCommands::release()
{
    const QString instanceId = m_command.arguments[0];
    m_context.recorder().begin(
        LedgerOperationKind::Release, LedgerProvider::KlavisUniverse, {}, instanceId,
        [this, instanceId](qint64 intent) {
            m_context.watch(m_universes->release(
                instanceId, this, [this, intent, instanceId](const ApiResult<SandboxActionResult> &result) {
                    m_context.recorder().finish(intent, result.error(), instanceId);
                    // 404: the server no longer knows it; the ledger stops holding it either way.
                    const bool gone =
                        result.error().kind() == ApiError::Kind::Http && result.error().httpStatus() == 404;
                    if (result || gone)
                        m_context.recorder().releasedUniverse(instanceId, gone ? LedgerRelease::Vanished
                                                                               : LedgerRelease::Released);
                    if (!result)
                        return done(m_output.apiError(result.error()));
                    if (m_command.json)
                        return m_output.json(m_context.callBody()), done(0);
                    m_output.out(u"Released %1. %2\n"_s.arg(instanceId, result->message));
                    done(0);
                }));
        });
}

void UniverseCommands::task()
{
    const auto &args = m_command.arguments;
    m_context.watch(m_universes->task(args[0], args[1], this, [this](const ApiResult<UniverseTask> &result) {
        if (!result)
            return done(m_output.apiError(result.error()));
        if (m_command.has(u"prompt"_s)) {
            const QString &prompt = result->prompt;
            m_output.out(prompt.endsWith(u'\n') ? prompt : prompt + u'\n');
            return done(0);
        }
        if (m_command.json)
            return m_output.json(m_context.callBody()), done(0);
        m_output.field(u"Task"_s, result->taskNumber);
        m_output.field(u"Universe"_s, result->universeId);
        m_output.field(u"Title"_s, result->title);
        m_output.field(u"Difficulty"_s, result->difficulty);
        m_output.out(u"\nDescription:\n"_s + result->description + u"\n\nPrompt:\n"_s + result->prompt +
                     u"\n\nVerification:\n"_s + result->verificationRationale + u'\n');
        done(0);
    }));
}

void UniverseCommands::verify()
{
    const auto &args = m_command.arguments;
    m_context.watch(m_universes->verify(args[0], args[1], this, [this](const ApiResult<TaskVerdict> &result) {
        if (!result) {
            m_output.apiError(result.error());
            return done(verifyTroubleExitCode);
        }
        if (m_command.json)
            m_output.json(m_context.callBody());
        else if (result->passed)
            m_output.out(u"PASSED\n"_s);
        else
            m_output.out(u"FAILED: %1\n"_s.arg(
                result->failureReason.isEmpty() ? u"the server gave no reason"_s : result->failureReason));
        done(result->passed ? 0 : verifyFailedExitCode);
    }));
}
