#pragma once

#include "api/apicall.h"
#include "api/httptransport.h"
#include "emulator/emulatorserver.h"

#include <QTest>

#include <memory>
#include <optional>

// An emulator on loopback and a transport pointed at it, with short back-offs so retry tests are quick.
struct ServiceHarness
{
    ServiceHarness()
    {
        emulator = std::make_unique<Emulator::EmulatorServer>();
        emulator->recordRequests(); // the tests count what it received
        if (!emulator->listen())
            qFatal("emulator did not start");
        TransportConfig config;
        config.baseUrl = emulator->apiBaseUrl();
        config.apiKey = emulator->apiKey();
        config.requestsPerSecond = 0; // unlimited unless a test is about the limit
        config.backoffBaseMs = 20;
        transport = std::make_unique<HttpTransport>(config);
    }

    void setConfig(const std::function<void(TransportConfig &)> &change)
    {
        auto config = transport->config();
        change(config);
        transport->setConfig(config);
    }

    // Runs one service call to the end and returns its result.
    template <typename T, typename Start> ApiResult<T> await(Start start, int timeoutMs = 15000)
    {
        std::optional<ApiResult<T>> result;
        QObject context;
        lastAttempts = 0;
        lastCall = start(&context, [&result](const ApiResult<T> &r) { result = r; });
        // The call deletes itself once finished: its attempt count is read while it still exists.
        QObject::connect(lastCall, &ApiCall::finished, lastCall,
                         [this, call = lastCall.data()] { lastAttempts = call->attempts(); });
        if (!QTest::qWaitFor([&] { return result.has_value(); }, timeoutMs))
            return ApiError::local(QStringLiteral("the test timed out waiting for the call"));
        return *result;
    }

    std::unique_ptr<Emulator::EmulatorServer> emulator;
    std::unique_ptr<HttpTransport> transport;
    QPointer<ApiCall> lastCall;
    int lastAttempts = 0; // of the last await()ed call, as it finished
};
