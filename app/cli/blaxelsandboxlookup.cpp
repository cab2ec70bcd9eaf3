#include "cli/blaxelsandboxlookup.h"

#include "api/blaxelsandboxfiles.h"
#include "api/blaxelsandboxservice.h"
#include "api/blaxelstatus.h"
#include "api/httptransport.h"
#include "cli/clicontext.h"

using namespace Qt::StringLiterals;

void BlaxelSandboxLookup::open(CliContext &context, BlaxelSandboxService *service, QObject *owner,
                               const std::function<void(BlaxelSandboxFiles *)> &then)
{
    const QString name = context.command().arguments.value(0);
    service->get(name, owner, [&context, owner, name, then](const ApiResult<BlaxelSandbox> &result) {
        CliOutput &output = context.output();
        if (!result)
            return context.done(output.apiError(result.error()));
        // Its API would answer 503 until the wait for a start runs out: a sandbox that will not start is
        // said at once.
        const BlaxelStatus::Kind kind = BlaxelStatus::of(result->status);
        if (kind == BlaxelStatus::Gone || kind == BlaxelStatus::Failed ||
            result->status.compare(BlaxelStatus::deleting(), Qt::CaseInsensitive) == 0) {
            output.err(u"error: Blaxel sandbox %1 is %2: its files and processes cannot be reached.\n"_s.arg(
                name, result->status));
            return context.done(1);
        }
        if (!result->url.isValid()) {
            output.err(u"error: Blaxel sandbox %1 names no URL its API can be reached at (https, or http to "
                       "this machine)%2.\n"_s.arg(
                           name, result->urlText.isEmpty() ? QString() : u": "_s + result->urlText));
            return context.done(1);
        }
        then(new BlaxelSandboxFiles(name, result->url, context.transport()->config().apiKey,
                                    context.command().option(u"workspace"_s),
                                    context.transport()->networkAccessManager(), owner));
    });
}
