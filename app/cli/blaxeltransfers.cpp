// `blaxel upload` and `blaxel dump`: the same BlaxelUploadJob and BlaxelDumpJob as the app's Transfers view,
// wired to a terminal by CliRunner::runTransfer like the `local` transfers.
#include "cli/clirunner.h"

#include "api/blaxelsandboxfiles.h"
#include "api/blaxelsandboxservice.h"
#include "api/httptransport.h"
#include "cli/interruptnotifier.h"
#include "workspace/blaxeldumpjob.h"
#include "workspace/blaxeluploadjob.h"

#include <QFileInfo>

#include <memory>

using namespace Qt::StringLiterals;

void CliRunner::openBlaxelSandbox(const std::function<void(BlaxelSandboxFiles *)> &then)
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
            return done(130);
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
        then(new BlaxelSandboxFiles(name, result->url, m_transport->config().apiKey,
                                    m_command.option(u"workspace"_s), m_transport->networkAccessManager(),
                                    this));
    };
    BlaxelOperation *lookup = m_blaxel->get(name, this, std::move(onRecord));
    connect(interrupt, &InterruptNotifier::interrupted, lookup, [interrupted, lookup] {
        *interrupted = true;
        lookup->abort(); // the handler runs with a Cancelled error
    });
}

void CliRunner::blaxelUpload()
{
    QStringList sources;
    if (!collectUploadSources(&sources))
        return;
    openBlaxelSandbox([this, sources](BlaxelSandboxFiles *files) {
        runTransfer(new BlaxelUploadJob(files, sources, this));
    });
}

void CliRunner::blaxelDump()
{
    if (!dumpTargetAcceptable())
        return;
    const bool extract = m_command.has(u"extract"_s);
    const QString target = QFileInfo(m_command.option(extract ? u"extract"_s : u"out"_s)).absoluteFilePath();
    openBlaxelSandbox([this, extract, target](BlaxelSandboxFiles *files) {
        runTransfer(new BlaxelDumpJob(
            files, extract ? BlaxelDumpJob::Mode::Extract : BlaxelDumpJob::Mode::SaveArchive, target, this));
    });
}
