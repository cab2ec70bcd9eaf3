#pragma once

#include "emulator/blaxel/blaxelcontrolplane.h"
#include "emulator/blaxel/blaxelfilewatches.h"
#include "emulator/blaxel/blaxelmultipartuploads.h"
#include "emulator/blaxel/blaxelpreviews.h"
#include "emulator/blaxel/blaxelprocesses.h"
#include "emulator/blaxel/blaxelsandboxstorage.h"
#include "emulator/blaxel/blaxelsettings.h"
#include "emulator/blaxel/blaxelterminals.h"
#include "emulator/server/httpreply.h"

#include <memory>
#include <optional>

QT_BEGIN_NAMESPACE
class QMutex;
class QObject;
class QWebSocket;
QT_END_NAMESPACE

namespace Emulator {

struct EmulatorState;
struct IncomingRequest;

// Blaxel beside Klavis on the emulator's API port: the control plane under /v0/sandboxes (Bearer key, the
// X-Blaxel-Workspace header on every call, Blaxel-Version choosing the list's shape) and each sandbox's own
// API at its metadata.url, /blaxel-sandbox/<workspace>/<name>/ followed by filesystem, filesystem-find,
// filesystem-search, filesystem-content-search, watch/filesystem (a stream) or process. Runs under the
// server's mutex like every handler; `mutex` is that one, for the commands that finish later. A command run
// with waitForCompletion is answered later through the LateReply given with its request, and so is any call
// to a sandbox still DEPLOYING: held until it is up (within BlaxelSettings::edgeHoldMs), as Blaxel's edge
// does, so that a client may use a sandbox from the moment create answers.
class BlaxelRouter
{
public:
    static constexpr char currentVersion[] = "2026-04-28";

    BlaxelRouter(EmulatorState &state, QMutex &mutex);
    ~BlaxelRouter();
    Q_DISABLE_COPY_MOVE(BlaxelRouter)

    static bool owns(const IncomingRequest &request);
    // Nothing when the answer comes later, through `later`.
    std::optional<HttpReply> handle(const IncomingRequest &request, const BlaxelProcesses::LateReply &later);

    // GET /terminal/ws, upgraded by the listener before any handler saw it: the same key as every sandbox
    // call (the Authorization header, or the `token` query the sandbox API also reads), then a shell. A
    // refusal is an error frame and a close, as the upgrade is already done.
    void openTerminal(std::unique_ptr<QWebSocket> socket);

    void setSettings(const BlaxelSettings &settings)
    {
        m_settings = settings;
        m_terminals.setIdleMs(settings.terminalIdleMs);
    }
    const BlaxelSettings &settings() const { return m_settings; }

private:
    HttpReply controlPlane(const IncomingRequest &request, const QStringList &segments);
    std::optional<HttpReply> sandboxApi(const IncomingRequest &request,
                                        const BlaxelProcesses::LateReply &later);
    // 401 without a key, 403 with the wrong one; `sandboxShape`: the sandbox API's {"error"} body.
    std::optional<HttpReply> authenticate(const IncomingRequest &request, bool sandboxShape) const;
    void advance();
    // One place for all a sandbox's API holds, so that none of the three ways a sandbox goes misses a part.
    void forgetApi(const QString &key);
    // Answers `request` through `later` once `sandbox` is up; false when it will not be up within the hold.
    bool holdUntilDeployed(const BlaxelSandbox &sandbox, const IncomingRequest &request,
                           const BlaxelProcesses::LateReply &later);

    EmulatorState &m_state;
    BlaxelSettings m_settings;
    BlaxelControlPlane m_control;
    BlaxelSandboxStorage m_storage;
    BlaxelProcesses m_processes;
    BlaxelTerminals m_terminals;
    BlaxelPreviews m_previews;
    BlaxelFileWatches m_watches;
    BlaxelMultipartUploads m_uploads;
    QMutex &m_mutex;
    // The context of the held calls' timers, made in the server's thread on first use: they end with the
    // router.
    std::unique_ptr<QObject> m_holding;
};

} // namespace Emulator
