#pragma once

#include "api/blaxelsandboxservice.h"
#include "api/httptransport.h"

#include <QObject>
#include <QTest>

#include <memory>
#include <optional>

using namespace Qt::StringLiterals;

// The calls of a BlaxelSandboxService as a test makes them: each waits (15 s at most) for its answer. The
// test sets `service` up (against the emulator or a replay server) and resets it in cleanup().
class BlaxelServiceCalls
{
protected:
    std::unique_ptr<HttpTransport> transport;
    std::unique_ptr<BlaxelSandboxService> service;

    // The service at `baseUrl` (the API root, with /v0) in workspace demo: no rate limit, short backoff
    // and polls, so that tests take milliseconds where real use waits seconds.
    void connectService(const QUrl &baseUrl, const QString &apiKey)
    {
        TransportConfig config;
        config.baseUrl = baseUrl;
        config.apiKey = apiKey;
        config.requestsPerSecond = 0;
        config.backoffBaseMs = 20;
        transport = std::make_unique<HttpTransport>(config);
        service = std::make_unique<BlaxelSandboxService>(transport.get(), u"demo"_s);
        BlaxelSandboxService::Limits limits;
        limits.pollFirstDelayMs = 20;
        limits.pollMaxDelayMs = 50;
        service->setLimits(limits);
    }

    template <typename T, typename Start> static ApiResult<T> await(Start start, int timeoutMs = 15000)
    {
        std::optional<ApiResult<T>> result;
        QObject context;
        start(&context, [&result](const ApiResult<T> &r) { result = r; });
        if (!QTest::qWaitFor([&] { return result.has_value(); }, timeoutMs))
            return ApiError::local(u"the test timed out waiting for the call"_s);
        return *result;
    }
    ApiResult<BlaxelSandboxList> list(const BlaxelSandboxFilter &filter = {})
    {
        return await<BlaxelSandboxList>(
            [&](QObject *c, auto done) { return service->list(filter, c, done); });
    }
    ApiResult<BlaxelSandbox> get(const QString &name)
    {
        return await<BlaxelSandbox>([&](QObject *c, auto done) { return service->get(name, c, done); });
    }
    ApiResult<BlaxelSandbox> create(const BlaxelCreateRequest &request)
    {
        return await<BlaxelSandbox>([&](QObject *c, auto done) { return service->create(request, c, done); });
    }
    ApiResult<BlaxelSandbox> update(const QString &name, const BlaxelSandboxUpdate &change)
    {
        return await<BlaxelSandbox>(
            [&](QObject *c, auto done) { return service->update(name, change, c, done); });
    }
    ApiResult<BlaxelSandbox> remove(const QString &name)
    {
        return await<BlaxelSandbox>([&](QObject *c, auto done) { return service->remove(name, c, done); });
    }
    ApiResult<BlaxelTermination> waitGone(const QString &name)
    {
        return await<BlaxelTermination>(
            [&](QObject *c, auto done) { return service->waitUntilTerminated(name, c, done); });
    }

    // A secret env value, for the tests that look for it in errors.
    static BlaxelCreateRequest createRequest(const QString &name = u"svc-test"_s)
    {
        BlaxelCreateRequest request;
        request.name = name;
        request.image = u"blaxel/base-image:latest"_s;
        request.envs = {{u"TOKEN"_s, u"very-secret-value-42"_s, true}};
        return request;
    }
};
