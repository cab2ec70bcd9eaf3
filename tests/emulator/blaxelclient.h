#pragma once

// Calls to the emulator's Blaxel side for the tests: the control plane with its headers, and a sandbox's own
// API at its metadata.url. Built on TestClient, so each test sees exactly what the emulator answered.

#include "emulator/emulatorserver.h"
#include "emulatorprobe.h"
#include "testclient.h"

#include <QTest>

#include <functional>
#include <memory>

namespace EmulatorTest {

// How a control-plane call is made: its workspace header, version header and key.
struct BlaxelCall
{
    QString workspace = QStringLiteral("demo"); // empty: no X-Blaxel-Workspace header
    bool versioned = true;
    QByteArray key = "demo-key"; // empty: no Authorization header
};

class BlaxelClient
{
public:
    static constexpr char version[] = "2026-04-28";

    explicit BlaxelClient(const QUrl &base) : m_client(base) {}

    using Call = BlaxelCall;

    Answer control(const QByteArray &method, const QString &pathAndQuery, const QByteArray &body = {},
                   const Call &call = Call())
    {
        QList<QPair<QByteArray, QByteArray>> headers;
        if (!call.workspace.isEmpty())
            headers.append(qMakePair(QByteArray("X-Blaxel-Workspace"), call.workspace.toUtf8()));
        if (call.versioned)
            headers.append(qMakePair(QByteArray("Blaxel-Version"), QByteArray(version)));
        m_client.setApiKey(call.key);
        return m_client.api(method, QStringLiteral("/v0/sandboxes") + pathAndQuery, body, headers);
    }

    // `url` is a sandbox's metadata.url; `rest` starts with '/' (e.g. "/filesystem/README.md").
    Answer sandbox(const QByteArray &method, const QString &url, const QString &rest,
                   const QByteArray &body = {}, QList<QPair<QByteArray, QByteArray>> headers = {},
                   const QByteArray &key = "demo-key", int timeoutMs = 20000)
    {
        if (!key.isEmpty())
            headers.append(qMakePair(QByteArray("Authorization"), QByteArray("Bearer " + key)));
        return m_client.send(method, QUrl(url + rest, QUrl::StrictMode), body, headers, timeoutMs);
    }

    Answer process(const QString &url, const QJsonObject &request)
    {
        return sandbox("POST", url, QStringLiteral("/process"), json(request),
                       {{"Content-Type", "application/json"}});
    }

    // The sandbox's details, or an empty object when the call fails (recorded as a failure).
    QJsonObject details(const QString &name, const QString &workspace = QStringLiteral("demo"))
    {
        Call call;
        call.workspace = workspace;
        const Answer answer = control("GET", QStringLiteral("/") + name, {}, call);
        QTest::qCompare(answer.status, 200, "answer.status", "200", __FILE__, __LINE__);
        return answer.object();
    }

    QString status(const QString &name, const QString &workspace = QStringLiteral("demo"))
    {
        return details(name, workspace).value(QLatin1String("status")).toString();
    }

    QString url(const QString &name)
    {
        return details(name)
            .value(QLatin1String("metadata"))
            .toObject()
            .value(QLatin1String("url"))
            .toString();
    }

    static QByteArray createBody(const QString &name, const QJsonObject &extraSpec = {})
    {
        QJsonObject runtime{{QStringLiteral("image"), QStringLiteral("blaxel/base-image:latest")},
                            {QStringLiteral("memory"), 2048}};
        QJsonObject spec{{QStringLiteral("runtime"), runtime}};
        for (auto it = extraSpec.constBegin(); it != extraSpec.constEnd(); ++it)
            spec.insert(it.key(), it.value());
        return json(QJsonObject{{QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), name}}},
                                {QStringLiteral("spec"), spec}});
    }

    TestClient &client() { return m_client; }

private:
    TestClient m_client;
};

// An emulator (not listening yet) whose Blaxel sandboxes keep their files under `dataDir`; `adjust` sets
// the rest (transition times, limits).
inline std::unique_ptr<Emulator::EmulatorServer>
blaxelEmulator(const QString &dataDir, const std::function<void(Emulator::BlaxelSettings &)> &adjust)
{
    auto server = std::make_unique<Emulator::EmulatorServer>();
    Emulator::BlaxelSettings settings = EmulatorProbe(server).blaxelSettings();
    settings.dataDir = dataDir;
    adjust(settings);
    server->setBlaxelSettings(settings);
    return server;
}

} // namespace EmulatorTest
