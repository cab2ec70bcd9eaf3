#include "cli/blaxelterminaltext.h"

#include "api/blaxelsandbox.h"
#include "api/remotetext.h"
#include "cli/clioutput.h"
#include "models/durationtext.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

QString timeField(const QDateTime &when)
{
    return when.isValid() ? when.toString(Qt::ISODate) + u" ("_s + CliOutput::age(when) + u')' : QString();
}

} // namespace

QString BlaxelTerminalText::expiresIn(const BlaxelSandbox &sandbox)
{
    return sandbox.expiresInSeconds ? DurationText::span(std::max<qint64>(0, *sandbox.expiresInSeconds))
                                    : u"-"_s;
}

QString BlaxelTerminalText::memory(const BlaxelSandbox &sandbox)
{
    return sandbox.memoryMb > 0 ? u"%1 MB"_s.arg(sandbox.memoryMb) : u"-"_s;
}

QString BlaxelTerminalText::labels(const BlaxelSandbox &sandbox)
{
    QStringList pairs;
    for (auto it = sandbox.labels.cbegin(); it != sandbox.labels.cend(); ++it)
        pairs << it.key() + u'=' + it.value();
    return pairs.join(u", "_s);
}

void BlaxelTerminalText::print(CliOutput &output, const BlaxelSandbox &s)
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
