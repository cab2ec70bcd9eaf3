// The `blaxel ...` commands of CliRunner, kept apart so each file stays about one area.
#include "cli/clirunner.h"

#include "api/blaxeldecoder.h"
#include "api/blaxelsandboxservice.h"
#include "api/remotetext.h"
#include "cli/texttable.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

// "45 s", "12 min", "3 h 20 min", "2 d 5 h": a countdown for a cell, two units at most.
QString duration(qint64 seconds)
{
    if (seconds < 0)
        return u"-"_s;
    if (seconds < 60)
        return u"%1 s"_s.arg(seconds);
    if (seconds < 3600)
        return u"%1 min"_s.arg(seconds / 60);
    if (seconds < 86400)
        return seconds % 3600 >= 60 ? u"%1 h %2 min"_s.arg(seconds / 3600).arg(seconds % 3600 / 60)
                                    : u"%1 h"_s.arg(seconds / 3600);
    return seconds % 86400 >= 3600 ? u"%1 d %2 h"_s.arg(seconds / 86400).arg(seconds % 86400 / 3600)
                                   : u"%1 d"_s.arg(seconds / 86400);
}

QString expiresIn(const BlaxelSandbox &sandbox)
{
    return sandbox.expiresInSeconds ? duration(*sandbox.expiresInSeconds) : u"-"_s;
}

QString memory(const BlaxelSandbox &sandbox)
{
    return sandbox.memoryMb > 0 ? u"%1 MB"_s.arg(sandbox.memoryMb) : u"-"_s;
}

QString labels(const BlaxelSandbox &sandbox)
{
    QStringList pairs;
    for (auto it = sandbox.labels.cbegin(); it != sandbox.labels.cend(); ++it)
        pairs << it.key() + u'=' + it.value();
    return pairs.join(u", "_s);
}

QString timeField(const QDateTime &when)
{
    return when.isValid() ? when.toString(Qt::ISODate) + u" ("_s + CliOutput::age(when) + u')' : QString();
}

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

void printSandbox(CliOutput &output, const BlaxelSandbox &s)
{
    output.field(u"Sandbox"_s, s.name);
    output.field(u"Display name"_s, s.displayName);
    output.field(u"Workspace"_s, s.workspace);
    output.field(u"Status"_s, s.status);
    output.field(u"State"_s, s.state);
    output.field(u"Region"_s, s.region);
    output.field(u"Image"_s, s.image);
    output.field(u"Memory"_s, s.memoryMb > 0 ? memory(s) : QString());
    output.field(u"Labels"_s, labels(s));
    output.field(u"Created"_s, timeField(s.createdAt));
    output.field(u"Updated"_s, timeField(s.updatedAt));
    output.field(u"Last used"_s, timeField(s.lastUsedAt));
    output.field(u"Expires in"_s, s.expiresInSeconds ? expiresIn(s) : QString());
    output.field(u"TTL"_s, !s.ttl.isEmpty() ? s.ttl
                           : s.legacyTtl    ? QString::number(*s.legacyTtl)
                                            : QString());
    if (!s.expires.isEmpty())
        output.field(u"Expires"_s, s.expires);
    for (const auto &policy : s.expirationPolicies)
        output.field(u"Expiration"_s, u"%1 %2 (%3)"_s.arg(policy.type, policy.value, policy.action));
    // Only a URL the decoder accepted is offered as a place to connect to; another is shown as sent.
    output.field(u"URL"_s, s.url.isValid() ? s.url.toString() : s.urlText);
    if (s.url.isValid())
        output.field(u"MCP endpoint"_s, s.url.toString() + u"/mcp"_s);
    if (!s.revision.isEmpty())
        output.field(u"Revision"_s, s.revision);
    for (const auto &flavor : s.flavors)
        output.field(u"Flavor"_s,
                     flavor.type.isEmpty() ? flavor.name : flavor.name + u" ("_s + flavor.type + u')');
    for (const auto &port : s.ports)
        output.field(u"Port"_s, u"%1 %2 %3"_s.arg(port.target).arg(port.protocol, port.name).trimmed());
    for (const auto &env : s.envs)
        output.field(u"Env"_s,
                     env.name + u'=' + (env.secret ? RemoteText::mask() + u" (secret)"_s : env.value));
    for (const auto &event : s.events)
        output.field(u"Event"_s, u"%1  %2 %3 %4"_s.arg(event.time.toString(Qt::ISODate), event.type,
                                                       event.status, event.message));
    for (const auto &error : s.errors)
        output.field(u"Error"_s,
                     u"%1  %2%3 %4"_s.arg(error.time.toString(Qt::ISODate), error.code,
                                          error.fatal ? u" (fatal)"_s : QString(), error.message));
}

} // namespace

void CliRunner::blaxelList()
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
            table.addRow({s.name, s.status, s.state, s.region, s.image, memory(s), labels(s),
                          CliOutput::age(s.createdAt), expiresIn(s)});
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

void CliRunner::blaxelGet()
{
    m_blaxel->get(m_command.arguments[0], this, [this](const ApiResult<BlaxelSandbox> &result) {
        if (!result)
            return done(m_output.apiError(result.error()));
        if (m_command.json)
            return m_output.jsonAsIs(QJsonDocument(masked(result.value())).toJson(QJsonDocument::Compact)),
                   done(0);
        printSandbox(m_output, result.value());
        done(0);
    });
}

void CliRunner::blaxelCreate()
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

void CliRunner::blaxelDelete()
{
    blaxelDeleteNext(0);
}

void CliRunner::blaxelDeleteNext(qsizetype index)
{
    if (index == m_command.arguments.size()) {
        if (m_command.has(u"wait"_s) && !m_deleted.isEmpty())
            return blaxelWaitNext(0);
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
        blaxelDeleteNext(index + 1);
    });
}

void CliRunner::blaxelWaitNext(qsizetype index)
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
            blaxelWaitNext(index + 1);
        });
}
