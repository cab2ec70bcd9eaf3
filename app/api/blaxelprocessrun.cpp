#include "api/blaxelprocessrun.h"

#include "api/apirequest.h"
#include "api/blaxelsandboxreply.h"
#include "api/retrypolicy.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRandomGenerator>

#include <memory>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

// A process answer; nullopt when it is no object. `running` tells a command that has not ended yet.
std::optional<BlaxelProcessResult> readProcess(const QByteArray &body, int maxLogChars, bool *running)
{
    const QJsonDocument document = QJsonDocument::fromJson(body);
    if (!document.isObject())
        return std::nullopt;
    const QJsonObject object = document.object();
    BlaxelProcessResult result;
    result.name = object.value(u"name"_s).toString().left(128);
    result.status = object.value(u"status"_s).toString().left(64);
    result.workingDir = object.value(u"workingDir"_s).toString().left(4096);
    result.logs = object.value(u"logs"_s).toString().right(maxLogChars);
    const QJsonValue exitCode = object.value(u"exitCode"_s);
    result.exitCode = exitCode.isDouble() ? exitCode.toInt(-1) : -1;
    *running = !exitCode.isDouble() &&
               (result.status == u"running" || result.status == u"starting" || result.status.isEmpty());
    return result;
}

} // namespace

void BlaxelProcessRun::start(BlaxelSandboxFiles *files, BlaxelSandboxCall *call, const QString &command,
                             const QString &workingDir,
                             const std::shared_ptr<ResultHandler<BlaxelProcessResult>> &handler)
{
    call->setDeadline(files->limits().processDeadlineMs);
    post(files, call, command, workingDir, handler);
}

void BlaxelProcessRun::post(BlaxelSandboxFiles *files, BlaxelSandboxCall *call, const QString &command,
                            const QString &workingDir,
                            const std::shared_ptr<ResultHandler<BlaxelProcessResult>> &handler)
{
    // A name of ours, so that a command the edge stopped waiting for can be asked about.
    const QString name =
        u"sandboxdeck-%1"_s.arg(QString::number(QRandomGenerator::system()->generate64(), 16));
    QJsonObject body{{u"command"_s, command}, {u"waitForCompletion"_s, true}, {u"name"_s, name}};
    if (!workingDir.isEmpty())
        body.insert(u"workingDir"_s, workingDir);
    QNetworkRequest request = files->request(u"/process"_s);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    // No byte moves while the command runs: the whole command's deadline bounds the wait instead.
    request.setTransferTimeout(files->limits().processDeadlineMs);
    QNetworkReply *reply =
        files->network()->post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
    call->track(reply, files->limits().maxJsonBytes);
    const BlaxelSandboxFiles::Limits limits = files->limits();
    const QPointer<BlaxelSandboxFiles> self(files);
    QObject::connect(
        reply, &QNetworkReply::finished, call,
        [self, call, reply, handler, name, limits, key = files->apiKeyToRedact(), command, workingDir] {
            if (call->isFinished())
                return;
            const BlaxelSandboxReply::Outcome outcome = BlaxelSandboxReply::read(
                reply, limits.maxJsonBytes, limits.processDeadlineMs, tr("the command"), key);
            // The edge gives up on a blocking call after about a minute; the command runs on and is asked
            // about.
            if ((outcome.status == 504 || outcome.status == 502) && self) {
                poll(self, call, name, *handler);
                return;
            }
            if (outcome.error) {
                const ApiError &error = *outcome.error;
                // A 503 says the command was not started: the sandbox is not up yet.
                if (outcome.status == 503 && self &&
                    call->retryWhileStarting(error, limits.startupWaitMs,
                                             [self, call, command, workingDir, handler] {
                                                 if (self)
                                                     post(self, call, command, workingDir, handler);
                                                 else
                                                     call->fail(ApiError::cancelled());
                                             }))
                    return;
                call->fail(error);
                return;
            }
            bool running = false;
            const std::optional<BlaxelProcessResult> result =
                readProcess(outcome.body, limits.maxLogChars, &running);
            if (!result) {
                call->fail(ApiError::decode(tr("the sandbox's answer to a command"), outcome.body));
                return;
            }
            if (running && self) {
                poll(self, call, result->name.isEmpty() ? name : result->name, *handler);
                return;
            }
            call->finishWith([&] { (*handler)(*result); });
        });
}

void BlaxelProcessRun::poll(const QPointer<BlaxelSandboxFiles> &self, BlaxelSandboxCall *call,
                            const QString &processName, ResultHandler<BlaxelProcessResult> done)
{
    call->waitThen(self->limits().processPollMs, [self, call, processName, done] {
        if (!self) {
            call->fail(ApiError::cancelled());
            return;
        }
        QNetworkReply *reply =
            self->network()->get(self->request(u"/process/"_s + ApiRequest::encodeSegment(processName)));
        call->track(reply, self->limits().maxJsonBytes);
        const BlaxelSandboxFiles::Limits limits = self->limits();
        QObject::connect(
            reply, &QNetworkReply::finished, call,
            [self, call, reply, processName, done, limits, key = self->apiKeyToRedact()] {
                if (call->isFinished())
                    return;
                const int status = BlaxelSandboxReply::status(reply);
                const QByteArray answer =
                    BlaxelSandboxReply::boundedBody(reply, limits.maxJsonBytes).value_or(QByteArray());
                bool running = false;
                const std::optional<BlaxelProcessResult> result =
                    status >= 200 && status < 300 ? readProcess(answer, limits.maxLogChars, &running)
                                                  : std::nullopt;
                // A poll that did not answer is asked again, within the command's deadline.
                if ((!result && (status == 0 || RetryPolicy::isRetryableStatus(status))) || running) {
                    if (self)
                        poll(self, call, processName, done);
                    else
                        call->fail(ApiError::cancelled());
                    return;
                }
                if (!result) {
                    call->fail(BlaxelSandboxReply::httpError(reply, answer, processName, key));
                    return;
                }
                call->finishWith([&] { done(*result); });
            });
    });
}
