#include "emulator/blaxel/blaxelrouter.h"

#include "emulator/blaxel/blaxelcreaterequest.h"
#include "emulator/blaxel/blaxelfilesystemapi.h"
#include "emulator/blaxel/blaxelfilesystemremove.h"
#include "emulator/blaxel/blaxelfilesystemsearch.h"
#include "emulator/blaxel/blaxelreplies.h"
#include "emulator/blaxel/blaxelseed.h"
#include "emulator/server/incomingrequest.h"
#include "emulator/state/emulatorstate.h"

#include <QMutexLocker>
#include <QObject>
#include <QRegularExpression>
#include <QTimer>
#include <QUrlQuery>
#include <QWebSocket>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

HttpReply methodNotAllowed(const QByteArray &allowed, bool sandboxShape)
{
    HttpReply reply = sandboxShape ? BlaxelReplies::sandboxError(405, u"Method Not Allowed"_s)
                                   : BlaxelReplies::controlError(405, u"Method Not Allowed"_s);
    reply.setHeader("Allow", allowed);
    return reply;
}

QByteArray effectiveMethod(const IncomingRequest &request)
{
    return request.method == "HEAD" ? QByteArray("GET") : request.method;
}

} // namespace

BlaxelRouter::BlaxelRouter(EmulatorState &state, QMutex &mutex)
    : m_state(state), m_control(m_settings), m_processes(m_settings, mutex), m_terminals(mutex),
      m_mutex(mutex)
{
    m_control.seed(BlaxelSeed::demo(state.startTime));
}

BlaxelRouter::~BlaxelRouter() = default;

bool BlaxelRouter::owns(const IncomingRequest &request)
{
    if (request.segments.isEmpty())
        return false;
    const QString &first = request.segments.constFirst();
    return first == u"v0" || first == u"blaxel-sandbox";
}

std::optional<HttpReply> BlaxelRouter::authenticate(const IncomingRequest &request, bool sandboxShape) const
{
    QByteArray authorization = request.header("Authorization").trimmed();
    if (authorization.isEmpty())
        authorization = request.header("X-Blaxel-Authorization").trimmed();
    const qsizetype space = authorization.indexOf(' ');
    const QByteArray scheme = space < 0 ? authorization : authorization.left(space);
    const QByteArray token = space < 0 ? QByteArray() : authorization.mid(space + 1).trimmed();
    const auto refuse = [&](int status, const QString &message) {
        HttpReply reply = sandboxShape ? BlaxelReplies::sandboxError(status, message)
                                       : BlaxelReplies::controlError(status, message);
        if (status == 401)
            reply.setHeader("WWW-Authenticate", "Bearer");
        return reply;
    };
    if (scheme.compare("Bearer", Qt::CaseInsensitive) != 0 || token.isEmpty())
        return refuse(401, u"Missing Bearer token (Authorization or X-Blaxel-Authorization)"_s);
    if (token != m_state.apiKey.toUtf8())
        return refuse(403, u"Invalid API key or token"_s);
    return std::nullopt;
}

void BlaxelRouter::advance()
{
    for (const auto &[workspace, name] : m_control.advance(QDateTime::currentDateTimeUtc())) {
        forgetApi(workspace + u'/' + name);
        m_storage.destroy(workspace, name, m_settings.dataDir);
    }
}

void BlaxelRouter::forgetApi(const QString &key)
{
    m_processes.forget(key);
    m_terminals.forget(key);
    m_previews.forget(key);
    m_watches.forget(key);
    m_uploads.forget(key);
}

std::optional<HttpReply> BlaxelRouter::handle(const IncomingRequest &request,
                                              const BlaxelProcesses::LateReply &later)
{
    if (request.segments.constFirst() == u"blaxel-sandbox")
        return sandboxApi(request, later);
    QStringList segments = request.segments.mid(1);
    if (!segments.isEmpty() && segments.constLast().isEmpty())
        segments.removeLast();
    return controlPlane(request, segments);
}

HttpReply BlaxelRouter::controlPlane(const IncomingRequest &request, const QStringList &segments)
{
    const QByteArray method = effectiveMethod(request);
    // A sandbox's previews (and their tokens) sit below it: /sandboxes/{name}/previews/...
    const bool previews = segments.size() > 2 && segments.size() <= 6 && segments.at(2) == u"previews";
    if (segments.isEmpty() || segments.constFirst() != u"sandboxes" || (segments.size() > 2 && !previews) ||
        segments.contains(QString()))
        return BlaxelReplies::controlError(404, u"Not Found"_s);
    const bool collection = segments.size() == 1;
    const QByteArrayList allowed =
        collection ? QByteArrayList{"GET", "POST"} : QByteArrayList{"GET", "PUT", "DELETE"};
    if (!previews && !allowed.contains(method))
        return methodNotAllowed(allowed.join(", "), false);
    if (auto denied = authenticate(request, false))
        return *denied;
    const QString workspace = QString::fromUtf8(request.header("X-Blaxel-Workspace").trimmed());
    if (workspace.isEmpty())
        return BlaxelReplies::controlError(400, u"The X-Blaxel-Workspace header is required"_s);
    if (!BlaxelCreateRequest::validName(workspace))
        return BlaxelReplies::controlError(400, u"X-Blaxel-Workspace is not a workspace name"_s);
    const QByteArray version = request.header("Blaxel-Version").trimmed();
    static const QRegularExpression date(u"^\\d{4}-\\d{2}-\\d{2}$"_s);
    if (!version.isEmpty() && !date.match(QString::fromLatin1(version)).hasMatch())
        return BlaxelReplies::controlError(
            400, u"Blaxel-Version must be a date like %1"_s.arg(QLatin1StringView(currentVersion)));
    // Earlier dates get the earliest stable version's bare array.
    const bool versioned = !version.isEmpty() && version >= QByteArray(currentVersion);
    advance();
    const QUrl &apiBase = m_state.apiBase;
    if (collection) {
        if (method == "GET")
            return m_control.list(request, workspace, versioned, apiBase);
        QString created;
        HttpReply reply = m_control.create(request, workspace, apiBase, &created);
        if (!created.isEmpty()) {
            // A name used before (or a data dir from an earlier run) starts with an empty folder.
            m_processes.forget(workspace + u'/' + created);
            m_previews.forget(workspace + u'/' + created);
            m_watches.forget(workspace + u'/' + created);
            m_uploads.forget(workspace + u'/' + created);
            m_storage.destroy(workspace, created, m_settings.dataDir);
        }
        return reply;
    }
    const QString &name = segments.at(1);
    if (previews) {
        const BlaxelSandbox *sandbox = m_control.find(workspace, name);
        if (!sandbox || sandbox->status == u"TERMINATED" || sandbox->status == u"DELETING")
            return BlaxelReplies::controlError(404, u"Sandbox %1 not found"_s.arg(name));
        return m_previews.handle(request, method, workspace + u'/' + name, workspace, name, segments.mid(2),
                                 apiBase, m_state.ids);
    }
    if (method == "GET")
        return m_control.get(workspace, name, apiBase);
    if (method == "PUT")
        return m_control.update(request, workspace, name, apiBase);
    HttpReply reply = m_control.remove(workspace, name, apiBase);
    if (reply.status == 200) {
        // Its API is gone with the DELETING status.
        forgetApi(workspace + u'/' + name);
    }
    return reply;
}

std::optional<HttpReply> BlaxelRouter::sandboxApi(const IncomingRequest &request,
                                                  const BlaxelProcesses::LateReply &later)
{
    const QStringList &s = request.segments;
    if (s.size() < 4)
        return BlaxelReplies::sandboxError(404, u"Not Found"_s);
    if (auto denied = authenticate(request, true))
        return *denied;
    advance();
    const QString &workspace = s.at(1);
    const QString &name = s.at(2);
    BlaxelSandbox *sandbox = m_control.find(workspace, name);
    if (!sandbox || sandbox->status == u"TERMINATED" || sandbox->status == u"DELETING")
        return BlaxelReplies::sandboxError(404, u"sandbox %1 not found"_s.arg(name.left(64)));
    if (sandbox->status == u"DEPLOYING" && holdUntilDeployed(*sandbox, request, later))
        return std::nullopt;
    if (sandbox->status != u"DEPLOYED") {
        HttpReply reply = BlaxelReplies::sandboxError(
            503, u"sandbox %1 is %2: its API answers once it is DEPLOYED"_s.arg(name, sandbox->status));
        reply.setHeader("Retry-After", "1");
        return reply;
    }
    const QByteArray method = effectiveMethod(request);
    const QString &area = s.at(3);
    const QStringList rest = s.mid(4);
    if (area == u"filesystem") {
        if (method != "GET" && method != "PUT" && method != "DELETE")
            return methodNotAllowed("GET, PUT, DELETE", true);
    } else if (BlaxelFilesystemSearch::owns(area)) {
        if (method != "GET")
            return methodNotAllowed("GET", true);
    } else if (area == u"filesystem-multipart") {
        const QByteArray allowed = BlaxelMultipartUploads::allowedMethods(rest);
        if (allowed == "404")
            return BlaxelReplies::sandboxError(404, u"Not Found"_s);
        if (method != allowed)
            return methodNotAllowed(allowed, true);
    } else if (area == u"process") {
        const bool collection = rest.isEmpty() || (rest.size() == 1 && rest.constFirst().isEmpty());
        const bool logs = (rest.size() == 2 && rest.at(1) == u"logs") ||
                          (rest.size() == 3 && rest.at(1) == u"logs" && rest.at(2) == u"stream");
        const bool kill = rest.size() == 2 && rest.at(1) == u"kill";
        if (!collection && rest.size() != 1 && !logs && !kill)
            return BlaxelReplies::sandboxError(404, u"Not Found"_s);
        const QByteArrayList allowed = collection ? QByteArrayList{"GET", "POST"}
                                       : logs     ? QByteArrayList{"GET"}
                                       : kill     ? QByteArrayList{"DELETE"}
                                                  : QByteArrayList{"GET", "DELETE"};
        if (!allowed.contains(method))
            return methodNotAllowed(allowed.join(", "), true);
    } else if (area == u"watch") {
        if (rest.isEmpty() || rest.constFirst() != u"filesystem")
            return BlaxelReplies::sandboxError(404, u"Not Found"_s);
        if (method != "GET")
            return methodNotAllowed("GET", true);
    } else if (area == u"network") {
        if (rest.size() != 3 || rest.at(0) != u"process" || rest.at(2) != u"ports")
            return BlaxelReplies::sandboxError(404, u"Not Found"_s);
        if (method != "GET")
            return methodNotAllowed("GET", true);
    } else {
        return BlaxelReplies::sandboxError(404, u"Not Found"_s);
    }
    // Any call to its API wakes a sandbox in standby, as on Blaxel.
    m_control.touch(*sandbox);
    QString error;
    const QString root = m_storage.prepare(*sandbox, m_settings.dataDir, &error);
    if (root.isEmpty())
        return BlaxelReplies::sandboxError(500, error);
    const QString key = workspace + u'/' + name;
    if (area == u"filesystem") {
        if (method == "DELETE")
            return BlaxelFilesystemRemove::remove(request, root, rest);
        return method == "PUT" ? BlaxelFilesystemApi::put(request, root, rest, m_settings.maxFileBytes)
                               : BlaxelFilesystemApi::get(request, root, rest);
    }
    if (BlaxelFilesystemSearch::owns(area))
        return BlaxelFilesystemSearch::search(request, area, root, rest);
    if (area == u"filesystem-multipart")
        return m_uploads.handle(request, key, root, rest, m_settings.maxFileBytes);
    if (area == u"watch")
        return m_watches.open(request, key, root, rest.mid(1), m_settings);
    if (area == u"network")
        return m_processes.ports(key, rest.at(1));
    if (rest.isEmpty() || rest.constFirst().isEmpty())
        return method == "POST" ? m_processes.start(request, key, root, sandbox->envs, later)
                                : m_processes.list(key);
    const QString &identifier = rest.constFirst();
    if (rest.size() == 3)
        return m_processes.logStream(key, identifier);
    if (rest.size() == 2)
        return rest.at(1) == u"kill" ? m_processes.kill(key, identifier) : m_processes.logs(key, identifier);
    return method == "DELETE" ? m_processes.stop(key, identifier) : m_processes.get(key, identifier);
}

void BlaxelRouter::openTerminal(std::unique_ptr<QWebSocket> socket)
{
    const QUrl url = socket->requestUrl();
    QStringList s = url.path().split(u'/');
    if (!s.isEmpty() && s.constFirst().isEmpty())
        s.removeFirst();
    if (s.size() != 5 || s.at(0) != u"blaxel-sandbox" || s.at(3) != u"terminal" || s.at(4) != u"ws")
        return BlaxelTerminals::refuse(std::move(socket), u"Not Found"_s);
    const QUrlQuery query(url);
    QByteArray authorization = socket->request().rawHeader("Authorization").trimmed();
    if (authorization.isEmpty())
        authorization = socket->request().rawHeader("X-Blaxel-Authorization").trimmed();
    QByteArray token;
    if (authorization.size() > 7 && authorization.left(7).compare("Bearer ", Qt::CaseInsensitive) == 0)
        token = authorization.mid(7).trimmed();
    else if (authorization.isEmpty())
        token = query.queryItemValue(u"token"_s, QUrl::FullyDecoded).toUtf8();
    if (token.isEmpty())
        return BlaxelTerminals::refuse(std::move(socket), u"Missing Bearer token"_s);
    if (token != m_state.apiKey.toUtf8())
        return BlaxelTerminals::refuse(std::move(socket), u"Invalid API key or token"_s);
    advance();
    BlaxelSandbox *sandbox = m_control.find(s.at(1), s.at(2));
    if (!sandbox || sandbox->status != u"DEPLOYED")
        return BlaxelTerminals::refuse(std::move(socket),
                                       u"sandbox %1 is not DEPLOYED"_s.arg(s.at(2).left(64)));
    m_control.touch(*sandbox);
    QString error;
    const QString root = m_storage.prepare(*sandbox, m_settings.dataDir, &error);
    if (root.isEmpty())
        return BlaxelTerminals::refuse(std::move(socket), error);
    QStringList environment;
    for (const auto &env : std::as_const(sandbox->envs)) {
        const QString name = env[u"name"_s].toString();
        static const QRegularExpression valid(u"^[A-Za-z_][A-Za-z0-9_]{0,127}$"_s);
        if (valid.match(name).hasMatch() && name != u"PATH" && !name.startsWith(u"LD_"))
            environment.append(name + u'=' + env[u"value"_s].toString());
    }
    m_terminals.open(std::move(socket), s.at(1) + u'/' + s.at(2), root, environment, query);
}

bool BlaxelRouter::holdUntilDeployed(const BlaxelSandbox &sandbox, const IncomingRequest &request,
                                     const BlaxelProcesses::LateReply &later)
{
    if (!sandbox.transitionAt.isValid())
        return false; // a seeded one that stays DEPLOYING until touched
    const qint64 waitMs = QDateTime::currentDateTimeUtc().msecsTo(sandbox.transitionAt);
    if (waitMs > m_settings.edgeHoldMs)
        return false;
    if (!m_holding)
        m_holding = std::make_unique<QObject>();
    // A little after the transition, so that advance() finds it due.
    QTimer::singleShot(std::max<qint64>(waitMs, 0) + 5, m_holding.get(), [this, request, later] {
        QMutexLocker locker(&m_mutex);
        if (std::optional<HttpReply> reply = sandboxApi(request, later))
            later(*reply);
    });
    return true;
}

} // namespace Emulator
