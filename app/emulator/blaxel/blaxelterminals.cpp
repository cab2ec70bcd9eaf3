#include "emulator/blaxel/blaxelterminals.h"

#include "emulator/blaxel/blaxelsandboxpaths.h"
#include "emulator/blaxel/blaxelterminalsession.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QMutexLocker>
#include <QUrlQuery>
#include <QWebSocket>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

// The shell runs on the user's own machine: only the usual ones, by absolute path, are offered.
QString chosenShell(const QString &asked)
{
    static const QStringList shells{u"/bin/bash"_s, u"/usr/bin/bash"_s, u"/bin/sh"_s,
                                    u"/bin/dash"_s, u"/usr/bin/zsh"_s,  u"/bin/zsh"_s};
    if (asked.isEmpty())
        return QFileInfo(u"/bin/bash"_s).isExecutable() ? u"/bin/bash"_s : u"/bin/sh"_s;
    return shells.contains(asked) && QFileInfo(asked).isExecutable() ? asked : QString();
}

int dimension(const QUrlQuery &query, const QString &name, int fallback)
{
    bool ok = false;
    const int value = query.queryItemValue(name).toInt(&ok);
    return ok && value > 0 ? std::min(value, 1000) : fallback;
}

} // namespace

BlaxelTerminals::BlaxelTerminals(QMutex &mutex) : m_mutex(mutex) {}

BlaxelTerminals::~BlaxelTerminals()
{
    for (auto &sessions : m_sessions) {
        for (auto &[id, session] : sessions)
            delete session;
    }
}

void BlaxelTerminals::refuse(std::unique_ptr<QWebSocket> socket, const QString &message)
{
    socket->sendTextMessage(
        QString::fromUtf8(QJsonDocument(QJsonObject{{u"type"_s, u"error"_s}, {u"data"_s, message}})
                              .toJson(QJsonDocument::Compact)));
    socket->close(QWebSocketProtocol::CloseCodePolicyViolated, message.left(120));
    socket.release()->deleteLater();
}

void BlaxelTerminals::open(std::unique_ptr<QWebSocket> socket, const QString &key, const QString &root,
                           const QStringList &environment, const QUrlQuery &query)
{
    const QString sessionId = query.queryItemValue(u"sessionId"_s, QUrl::FullyDecoded).isEmpty()
                                  ? u"default"_s
                                  : query.queryItemValue(u"sessionId"_s, QUrl::FullyDecoded).left(128);
    const int cols = dimension(query, u"cols"_s, 80);
    const int rows = dimension(query, u"rows"_s, 24);
    auto &sessions = m_sessions[key];
    if (auto found = sessions.find(sessionId); found != sessions.end() && found->second->isAlive()) {
        // A reconnect takes the new client's size, as the sandbox API does.
        found->second->resize(cols, rows);
        found->second->attach(socket.release());
        return;
    }
    if (int(sessions.size()) >= maxPerSandbox)
        return refuse(std::move(socket),
                      u"this sandbox has %1 terminal sessions already"_s.arg(maxPerSandbox));
    const QString shell = chosenShell(query.queryItemValue(u"shell"_s, QUrl::FullyDecoded));
    if (shell.isEmpty())
        return refuse(std::move(socket), u"shell must be one of /bin/bash, /bin/sh, /bin/dash, /bin/zsh"_s);
    QString error;
    QString directory = root + BlaxelSandboxPaths::workingDirectory();
    if (const QString asked = query.queryItemValue(u"workingDir"_s, QUrl::FullyDecoded); !asked.isEmpty()) {
        const std::optional<QString> inside = BlaxelSandboxPaths::sandboxPath(asked, &error);
        const std::optional<QString> real =
            inside ? BlaxelSandboxPaths::realPath(root, *inside, &error) : std::nullopt;
        if (!real || !QFileInfo(*real).isDir())
            return refuse(std::move(socket), error.isEmpty()
                                                 ? u"workingDir %1 is not a directory"_s.arg(asked.left(200))
                                                 : error);
        directory = *real;
    }
    BlaxelTerminalSession::Spec spec;
    spec.shell = shell;
    spec.workingDir = directory;
    spec.cols = cols;
    spec.rows = rows;
    spec.environment =
        QStringList{u"TERM=xterm-256color"_s, u"HOME="_s + root + BlaxelSandboxPaths::workingDirectory(),
                    u"PATH=/usr/local/bin:/usr/bin:/bin"_s, u"LANG=C.UTF-8"_s} +
        environment;
    auto session = std::make_unique<BlaxelTerminalSession>(m_idleMs);
    if (!session->start(spec, &error))
        return refuse(std::move(socket), error);
    BlaxelTerminalSession *started = session.release();
    if (auto old = sessions.find(sessionId); old != sessions.end())
        old->second->deleteLater(); // a dead shell under the same id: a reconnect gets a new one
    sessions[sessionId] = started;
    QObject::connect(started, &BlaxelTerminalSession::finished, started, [this, key, sessionId, started] {
        QMutexLocker locker(&m_mutex);
        remove(key, sessionId, started);
    });
    started->attach(socket.release());
}

void BlaxelTerminals::remove(const QString &key, const QString &sessionId, BlaxelTerminalSession *session)
{
    auto sandbox = m_sessions.find(key);
    if (sandbox == m_sessions.end())
        return;
    auto found = sandbox->find(sessionId);
    if (found == sandbox->end() || found->second != session)
        return;
    sandbox->erase(found);
    if (sandbox->empty())
        m_sessions.erase(sandbox);
    session->shutdown();
    session->deleteLater(); // it may be emitting the signal that brought us here
}

void BlaxelTerminals::forget(const QString &key)
{
    const auto sessions = m_sessions.take(key);
    for (const auto &[id, session] : sessions) {
        session->shutdown();
        session->deleteLater();
    }
}

int BlaxelTerminals::count(const QString &key) const
{
    const auto found = m_sessions.constFind(key);
    return found == m_sessions.constEnd() ? 0 : int(found->size());
}

} // namespace Emulator
