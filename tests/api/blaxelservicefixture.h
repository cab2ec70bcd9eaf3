#pragma once

// What tst_blaxelservice and tst_blaxelservicelifecycle share: BlaxelSandboxService over real HTTP against
// the emulator's Blaxel control plane, made for each test, with the emulator's switches and what it saw.

#include "api/blaxelsandboxservice.h"
#include "api/httptransport.h"
#include "blaxelservicecalls.h"
#include "emulator/emulatorserver.h"
#include "emulatorprobe.h"

#include <QTest>

#include <functional>
#include <memory>

class BlaxelServiceFixture : protected BlaxelServiceCalls
{
protected:
    std::unique_ptr<Emulator::EmulatorServer> server;

    // The control plane's calls the emulator saw (the sandboxes' own API and the Klavis routes left out).
    QList<Emulator::RecordedRequest> seen() const
    {
        QList<Emulator::RecordedRequest> calls;
        for (const auto &request : EmulatorProbe(server).apiRequests()) {
            if (request.path.startsWith(u"/v0/"_s))
                calls.append(request);
        }
        return calls;
    }

    void configure(const std::function<void(TransportConfig &)> &change)
    {
        TransportConfig config = transport->config();
        change(config);
        transport->setConfig(config);
    }
    void blaxelSettings(const std::function<void(Emulator::BlaxelSettings &)> &change)
    {
        Emulator::BlaxelSettings settings = EmulatorProbe(server).blaxelSettings();
        change(settings);
        server->setBlaxelSettings(settings);
    }
    void faults(const std::function<void(Emulator::FaultSettings &)> &change)
    {
        Emulator::FaultSettings settings = EmulatorProbe(server).faults();
        change(settings);
        server->setFaults(settings);
    }

    static QStringList names(const BlaxelSandboxList &list)
    {
        QStringList result;
        for (const auto &sandbox : list.items)
            result.append(sandbox.name);
        return result;
    }
    // For init(): a failure is recorded, and the test does not run.
    void startService()
    {
        server = std::make_unique<Emulator::EmulatorServer>();
        Emulator::BlaxelSettings settings = EmulatorProbe(server).blaxelSettings();
        settings.transitionMs = 300;
        server->setBlaxelSettings(settings);
        server->recordRequests();
        QVERIFY(server->listen());
        connectService(QUrl(server->apiBaseUrl().toString() + u"/v0"_s), server->apiKey());
    }
    void stopService()
    {
        service.reset();
        transport.reset();
        server.reset();
    }
};
