#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>

QT_BEGIN_NAMESPACE
class QMutex;
class QUrlQuery;
class QWebSocket;
QT_END_NAMESPACE

namespace Emulator {

class BlaxelTerminalSession;

// The terminals of every sandbox's GET /terminal/ws: sessions by sandbox and sessionId, at most
// maxPerSandbox shells each, a dropped one kept idleMs for a reconnect. The frames and the query follow
// Blaxel's sandbox API (blaxel-ai/sandbox, sandbox-api/src/handler/terminal.go: {type: "input"|"output"|
// "resize"|"error", data, cols, rows}; cols, rows, sessionId (default "default"), shell, workingDir);
// @blaxel/core itself has no terminal client. Used under the server's mutex on its thread; a session that
// ends takes the mutex to leave.
class BlaxelTerminals
{
public:
    static constexpr int maxPerSandbox = 8;
    static constexpr int defaultIdleMs = 5 * 60 * 1000;

    explicit BlaxelTerminals(QMutex &mutex);
    ~BlaxelTerminals();
    Q_DISABLE_COPY_MOVE(BlaxelTerminals)

    void setIdleMs(int ms) { m_idleMs = ms; }
    // `key`: workspace/name; `root`: the sandbox's canonical folder; `environment`: NAME=value the sandbox
    // sets (spec.runtime.envs). Takes the socket; refuses it with an error frame and a close.
    void open(std::unique_ptr<QWebSocket> socket, const QString &key, const QString &root,
              const QStringList &environment, const QUrlQuery &query);
    // The sandbox is gone: its shells are killed.
    void forget(const QString &key);
    int count(const QString &key) const;

    static void refuse(std::unique_ptr<QWebSocket> socket, const QString &message);

private:
    void remove(const QString &key, const QString &sessionId, BlaxelTerminalSession *session);

    QMutex &m_mutex;
    int m_idleMs = defaultIdleMs;
    QHash<QString, std::map<QString, BlaxelTerminalSession *>> m_sessions;
};

} // namespace Emulator
