#include "emulator/control/controlapi.h"

#include "emulator/server/bearerauth.h"
#include "emulator/server/incomingrequest.h"
#include "emulator/server/requestrecorder.h"
#include "emulator/state/emulatorstate.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Emulator {

ControlApi::ControlApi(EmulatorState &state) : m_state(state) {}

bool ControlApi::owns(const IncomingRequest &request)
{
    return !request.segments.isEmpty() && request.segments.constFirst() == u"_emulator";
}

HttpReply ControlApi::handle(const IncomingRequest &request)
{
    if (auto denied = BearerAuth::check(request, m_state.apiKey))
        return *denied;
    const QString what = request.segments.size() == 2 ? request.segments.at(1) : QString();
    if (what == u"faults") {
        if (request.method == "POST") {
            QJsonParseError error{};
            const QJsonDocument document = QJsonDocument::fromJson(request.body, &error);
            if (error.error != QJsonParseError::NoError || !document.isObject())
                return HttpReply::detail(400, u"Expected a JSON object of fault settings"_s);
            if (const QString problem = m_state.faults.merge(document.object()); !problem.isEmpty())
                return HttpReply::detail(400, problem);
        } else if (request.method == "DELETE") {
            m_state.faults = FaultSettings();
        } else if (request.method != "GET") {
            return HttpReply::detail(405, u"Method Not Allowed"_s);
        }
        return HttpReply::json(200, m_state.faults.toJson());
    }
    if (what == u"requests")
        return requests(request);
    if (what == u"rate_limit")
        return rateLimit(request);
    if (what == u"churn")
        return churn(request);
    if (what == u"executions")
        return executions(request);
    return HttpReply::detail(404, u"Not Found"_s);
}

// GET: the requests recorded on the API origin and the store's, oldest first, with how many the bound pushed
// out. POST {"keep_last": N} records the last N of each from now on (0 stops recording); DELETE forgets what
// was recorded, keeping the setting.
HttpReply ControlApi::requests(const IncomingRequest &request)
{
    if (request.method == "POST") {
        const QJsonValue keepLast = QJsonDocument::fromJson(request.body).object().value(u"keep_last"_s);
        if (!keepLast.isDouble() || keepLast.toDouble() < 0 || keepLast.toDouble() > maxKeepLast ||
            keepLast.toDouble() != std::floor(keepLast.toDouble()))
            return HttpReply::detail(
                400, u"Expected {\"keep_last\": N} with N a whole number in 0..%1"_s.arg(maxKeepLast));
        m_state.apiRequests.setKeepLast(qsizetype(keepLast.toDouble()));
        m_state.storeRequests.setKeepLast(qsizetype(keepLast.toDouble()));
    } else if (request.method == "DELETE") {
        m_state.apiRequests.clear();
        m_state.storeRequests.clear();
    } else if (request.method != "GET") {
        return HttpReply::detail(405, u"Method Not Allowed"_s);
    }
    const auto list = [](const RequestRecorder &recorder) {
        QJsonArray requests;
        for (const RecordedRequest &recorded : recorder.requests())
            requests.append(recorded.toRedactedJson());
        return requests;
    };
    return HttpReply::json(200,
                           QJsonObject{{u"api"_s, list(m_state.apiRequests)},
                                       {u"object_store"_s, list(m_state.storeRequests)},
                                       {u"keep_last"_s, double(m_state.apiRequests.keepLast())},
                                       {u"api_dropped"_s, double(m_state.apiRequests.dropped())},
                                       {u"object_store_dropped"_s, double(m_state.storeRequests.dropped())}});
}

// GET: the Klavis API's rate limit and its counters. POST {"requests_per_second": R, "rate_burst": B} sets
// either (0 requests per second: unlimited); DELETE zeroes the counters and refills every bucket, keeping R
// and B (the limit is the provider's behaviour, not a fault to switch off between tests).
HttpReply ControlApi::rateLimit(const IncomingRequest &request)
{
    RequestRateLimiter &limiter = m_state.rateLimiter;
    if (request.method == "POST") {
        QJsonParseError error{};
        const QJsonDocument document = QJsonDocument::fromJson(request.body, &error);
        if (error.error != QJsonParseError::NoError || !document.isObject())
            return HttpReply::detail(400, u"Expected a JSON object of rate limit settings"_s);
        if (const QString problem = limiter.merge(document.object()); !problem.isEmpty())
            return HttpReply::detail(400, problem);
    } else if (request.method == "DELETE") {
        limiter.clearCounters();
    } else if (request.method != "GET") {
        return HttpReply::detail(405, u"Method Not Allowed"_s);
    }
    return HttpReply::json(200, limiter.toJson());
}

// POST {"count": N}: N hosted sandboxes change as between two refreshes of a busy account (an idle one
// becomes occupied and the other way round, with a new updated_at), for measuring a client's diff refresh.
HttpReply ControlApi::churn(const IncomingRequest &request)
{
    if (request.method != "POST")
        return HttpReply::detail(405, u"Method Not Allowed"_s);
    const QJsonObject body = QJsonDocument::fromJson(request.body).object();
    const int count = body.value(u"count"_s).toInt(-1);
    if (count < 0 || m_state.remote.isEmpty())
        return HttpReply::detail(400, u"Expected {\"count\": N} with N >= 0 and sandboxes to change"_s);
    const QDateTime now = EmulatorState::now();
    int changed = 0;
    for (int i = 0; i < count; ++i) {
        RemoteSandbox &sandbox = m_state.remote[m_state.ids.bounded(int(m_state.remote.size()))];
        if (sandbox.status == u"error")
            continue;
        sandbox.status = sandbox.status == u"idle" ? u"occupied"_s : u"idle"_s;
        sandbox.updatedAt = now;
        ++changed;
    }
    return HttpReply::json(200, QJsonObject{{u"changed"_s, changed}});
}

// GET: the bounds of local sandboxes' executions. POST {"max_log_bytes": N, "time_limit_seconds": S,
// "max_running": R} sets any of them for executions started afterwards; DELETE restores the defaults.
HttpReply ControlApi::executions(const IncomingRequest &request)
{
    ExecutionSettings &settings = m_state.executionSettings;
    if (request.method == "POST") {
        const QJsonObject body = QJsonDocument::fromJson(request.body).object();
        const QJsonValue logBytes = body.value(u"max_log_bytes"_s);
        const QJsonValue seconds = body.value(u"time_limit_seconds"_s);
        const QJsonValue running = body.value(u"max_running"_s);
        const auto outside = [](const QJsonValue &value, double low, double high) {
            return !value.isUndefined() &&
                   (!value.isDouble() || value.toDouble() < low || value.toDouble() > high);
        };
        if (outside(logBytes, 1, 1e15) || outside(seconds, 1, 86400) || outside(running, 1, 64))
            return HttpReply::detail(400,
                                     u"Expected {\"max_log_bytes\": N >= 1, \"time_limit_seconds\": S in "
                                     "1..86400, \"max_running\": R in 1..64} (any of them)"_s);
        if (!logBytes.isUndefined())
            settings.maxLogBytes = qint64(logBytes.toDouble());
        if (!seconds.isUndefined())
            settings.timeLimitSeconds = seconds.toInt();
        if (!running.isUndefined())
            settings.maxRunning = running.toInt();
    } else if (request.method == "DELETE") {
        settings = ExecutionSettings();
    } else if (request.method != "GET") {
        return HttpReply::detail(405, u"Method Not Allowed"_s);
    }
    return HttpReply::json(200, QJsonObject{{u"max_log_bytes"_s, double(settings.maxLogBytes)},
                                            {u"time_limit_seconds"_s, settings.timeLimitSeconds},
                                            {u"max_running"_s, settings.maxRunning}});
}

} // namespace Emulator
