#include "cli/blaxelcommands.h"

#include "api/blaxeldecoder.h"
#include "api/blaxelsandboxfiles.h"
#include "api/blaxelsandboxservice.h"
#include "api/httptransport.h"
#include "cli/blaxelterminaltext.h"
#include "cli/interruptnotifier.h"
#include "cli/texttable.h"
#include "cli/transferconsole.h"
#include "workspace/blaxeldumpjob.h"
#include "workspace/blaxeluploadjob.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

// The sandbox as sent, with secret values masked: all --json ever prints of a sandbox.
QJsonObject masked(const BlaxelSandbox &sandbox)
{
    return BlaxelDecoder::maskedSecrets(sandbox.raw);
}

QByteArray jsonArray(const QList<QJsonObject> &objects)
{
    QJsonArray array;
    for (const auto &object : objects)
        array.append(object);
    return QJsonDocument(array).toJson(QJsonDocument::Compact);
}

// `key=value` of --label and --env, split at the first '=' (the parser checked there is one).
QPair<QString, QString> split(const QString &pair)
{
    const auto equals = pair.indexOf(u'=');
    return {pair.left(equals), pair.mid(equals + 1)};
}

} // namespace

const QMap<QString, BlaxelCommands::Handler> &BlaxelCommands::handlers()
{
    static const QMap<QString, Handler> handlers = {
        {u"blaxel list"_s, &BlaxelCommands::list},     {u"blaxel get"_s, &BlaxelCommands::get},
        {u"blaxel create"_s, &BlaxelCommands::create}, {u"blaxel delete"_s, &BlaxelCommands::remove},
        {u"blaxel upload"_s, &BlaxelCommands::upload}, {u"blaxel dump"_s, &BlaxelCommands::dump},
    };
    return handlers;
}

bool BlaxelCommands::handles(const QString &command)
{
    return handlers().contains(command);
}

BlaxelCommands::BlaxelCommands(CliContext &context, QObject *parent)
    : CliCommandGroup(context, parent),
      m_blaxel(new BlaxelSandboxService(context.transport(), context.command().option(u"workspace"_s), this))
{}

void BlaxelCommands::start()
{
    (this->*handlers().value(m_command.name))();
}

void BlaxelCommands::list()
{
    BlaxelSandboxFilter filter;
    filter.statuses = m_command.option(u"status"_s).split(u',', Qt::SkipEmptyParts);
    filter.search = m_command.option(u"search"_s);
    filter.showTerminated = m_command.has(u"all"_s);
    m_blaxel->list(filter, this, [this](const ApiResult<BlaxelSandboxList> &result) {
        if (!result)
            return done(m_output.apiError(result.error()));
        if (!result->incompleteReason.isEmpty())
            m_output.err(u"note: "_s + result->incompleteReason + u'\n');
        if (m_command.json) {
            QList<QJsonObject> rows;
            for (const auto &sandbox : result->items)
                rows << masked(sandbox);
            return m_output.jsonAsIs(jsonArray(rows)), done(0);
        }
        TextTable table({u"NAME"_s, u"STATUS"_s, u"STATE"_s, u"REGION"_s, u"IMAGE"_s, u"MEMORY"_s,
                         u"LABELS"_s, u"CREATED"_s, u"EXPIRES IN"_s});
        for (const auto &s : result->items)
            table.addRow({s.name, s.status, s.state, s.region, s.image, BlaxelTerminalText::memory(s),
                          BlaxelTerminalText::labels(s), CliOutput::age(s.createdAt),
                          BlaxelTerminalText::expiresIn(s)});
        const bool filtered = m_command.has(u"status"_s) || m_command.has(u"search"_s);
        if (table.isEmpty() && filtered)
            m_output.out(u"No Blaxel sandboxes match.\n"_s);
        else if (table.isEmpty())
            m_output.out(
                u"No Blaxel sandboxes. Create one with: sandboxdeck-cli blaxel create NAME --image I\n"_s);
        else
            m_output.out(table.render() + u"\n%1 sandboxes\n"_s.arg(result->items.size()));
        done(0);
    });
}

void BlaxelCommands::get()
{
    m_blaxel->get(m_command.arguments[0], this, [this](const ApiResult<BlaxelSandbox> &result) {
        if (!result)
            return done(m_output.apiError(result.error()));
        if (m_command.json)
            return m_output.jsonAsIs(QJsonDocument(masked(result.value())).toJson(QJsonDocument::Compact)),
                   done(0);
        BlaxelTerminalText::print(m_output, result.value());
        done(0);
    });
}

void BlaxelCommands::create()
{
    BlaxelCreateRequest request;
    request.name = m_command.arguments[0];
    request.image = m_command.option(u"image"_s);
    request.displayName = m_command.option(u"display-name"_s);
    request.region = m_command.option(u"region"_s);
    request.ttl = m_command.option(u"ttl"_s);
    request.memoryMb = m_command.option(u"memory"_s).toLongLong();
    for (const auto &pair : m_command.values(u"label"_s))
        request.labels.insert(split(pair).first, split(pair).second);
    for (const auto &port : m_command.values(u"port"_s))
        request.ports << BlaxelSandbox::Port{{}, port.toInt(), u"HTTP"_s};
    for (const auto &pair : m_command.values(u"env"_s))
        request.envs << BlaxelSandbox::Env{split(pair).first, split(pair).second, false};
    for (const auto &pair : m_command.values(u"secret-env"_s)) {
        if (pair.contains(u'=')) {
            request.envs << BlaxelSandbox::Env{split(pair).first, split(pair).second, true};
            continue;
        }
        // A value on the command line is in `ps` for everyone; one from the environment is not.
        if (!qEnvironmentVariableIsSet(pair.toLocal8Bit().constData())) {
            m_output.err(u"sandboxdeck-cli: --secret-env %1: the variable %1 is not set\n"_s.arg(pair));
            return done(2);
        }
        request.envs << BlaxelSandbox::Env{pair, qEnvironmentVariable(pair.toLocal8Bit().constData()), true};
    }
    // Checked here as the dialog checks it: a name or a pair the API would refuse is a usage error.
    if (const QString problem = request.problem(); !problem.isEmpty()) {
        m_output.err(u"sandboxdeck-cli: "_s + problem + u'\n');
        return done(2);
    }
    m_blaxel->create(request, this, [this](const ApiResult<BlaxelSandbox> &result) {
        if (!result)
            return done(m_output.apiError(result.error()));
        if (m_command.json)
            return m_output.jsonAsIs(QJsonDocument(masked(result.value())).toJson(QJsonDocument::Compact)),
                   done(0);
        const QString status = result->status.isEmpty() ? u"status unknown"_s : result->status;
        m_output.out(u"Created Blaxel sandbox %1 (%2)\n"_s.arg(result->name, status));
        if (result->url.isValid())
            m_output.field(u"URL"_s, result->url.toString());
        done(0);
    });
}

void BlaxelCommands::remove()
{
    removeNext(0);
}

void BlaxelCommands::removeNext(qsizetype index)
{
    if (index == m_command.arguments.size()) {
        if (m_command.has(u"wait"_s) && !m_deleted.isEmpty())
            return waitNext(0);
        if (m_command.json)
            m_output.jsonAsIs(jsonArray(m_deletedRecords));
        return done(m_someFailed ? 1 : 0);
    }
    const QString name = m_command.arguments[index];
    m_blaxel->remove(name, this, [this, index, name](const ApiResult<BlaxelSandbox> &result) {
        if (!result) {
            m_output.err(u"%1: "_s.arg(name));
            m_output.apiError(result.error());
            m_someFailed = true;
        } else {
            m_deleted << name;
            m_deletedRecords << masked(result.value());
            if (!m_command.json)
                m_output.out(u"Deleting %1 (%2); its data is gone for good.\n"_s.arg(
                    name, result->status.isEmpty() ? u"status unknown"_s : result->status));
        }
        removeNext(index + 1);
    });
}

void BlaxelCommands::waitNext(qsizetype index)
{
    if (index == m_deleted.size()) {
        if (m_command.json)
            m_output.jsonAsIs(jsonArray(m_deletedRecords));
        return done(m_someFailed ? 1 : 0);
    }
    const QString name = m_deleted[index];
    m_blaxel->waitUntilTerminated(
        name, this, [this, index, name](const ApiResult<BlaxelTermination> &result) {
            if (!result) {
                m_output.err(u"%1: "_s.arg(name));
                m_output.apiError(result.error());
                m_someFailed = true;
            } else {
                if (!result->recordGone)
                    m_deletedRecords[index] = masked(result->last);
                if (!m_command.json)
                    m_output.out(result->recordGone ? u"%1 is gone.\n"_s.arg(name)
                                                    : u"%1 is TERMINATED.\n"_s.arg(name));
            }
            waitNext(index + 1);
        });
}

void BlaxelCommands::openSandbox(const std::function<void(BlaxelSandboxFiles *)> &then)
{
    const QString name = m_command.arguments[0];
    // Ctrl+C before the transfer starts ends the command as cancelled too (the job installs its own).
    auto *interrupt = new InterruptNotifier(this);
    auto interrupted = std::make_shared<bool>(false);
    // The sandbox's own API is at the URL its record names: read it first, as the app does.
    auto onRecord = [this, name, then, interrupt, interrupted](const ApiResult<BlaxelSandbox> &result) {
        if (*interrupted) {
            interrupt->deleteLater(); // not now: this runs inside its own signal
            m_output.err(u"Cancelled; nothing was transferred.\n"_s);
            return done(InterruptNotifier::interruptedExitCode);
        }
        // Gone before the job's own notifier is made: there is one at a time.
        delete interrupt;
        if (!result)
            return done(m_output.apiError(result.error()));
        if (!result->url.isValid()) {
            m_output.err(
                u"error: Blaxel sandbox %1 names no URL its files can be reached at (https, or http to "
                "this machine)%2; nothing was transferred.\n"_s.arg(
                    name, result->urlText.isEmpty() ? QString() : u": "_s + result->urlText));
            return done(1);
        }
        then(new BlaxelSandboxFiles(name, result->url, m_context.transport()->config().apiKey,
                                    m_command.option(u"workspace"_s),
                                    m_context.transport()->networkAccessManager(), this));
    };
    BlaxelOperation *lookup = m_blaxel->get(name, this, std::move(onRecord));
    connect(interrupt, &InterruptNotifier::interrupted, lookup, [interrupted, lookup] {
        *interrupted = true;
        lookup->abort(); // the handler runs with a Cancelled error
    });
}

void BlaxelCommands::upload()
{
    QStringList sources;
    if (!TransferConsole::collectUploadSources(m_context, &sources))
        return;
    openSandbox([this, sources](BlaxelSandboxFiles *files) {
        TransferConsole::run(m_context, new BlaxelUploadJob(files, sources, this));
    });
}

void BlaxelCommands::dump()
{
    if (!TransferConsole::dumpTargetAcceptable(m_context))
        return;
    const bool extract = m_command.has(u"extract"_s);
    const QString target = QFileInfo(m_command.option(extract ? u"extract"_s : u"out"_s)).absoluteFilePath();
    openSandbox([this, extract, target](BlaxelSandboxFiles *files) {
        TransferConsole::run(m_context, new BlaxelDumpJob(files,
                                                          extract ? BlaxelDumpJob::Mode::Extract
                                                                  : BlaxelDumpJob::Mode::SaveArchive,
                                                          target, this));
    });
}
