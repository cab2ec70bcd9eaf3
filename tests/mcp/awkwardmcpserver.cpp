#include "awkwardmcpserver.h"

#include <memory>

AwkwardMcpServer::AwkwardMcpServer()
{
    m_clock.start();
    connect(&m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *socket = m_server.nextPendingConnection()) {
            connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readFrom(socket); });
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        }
    });
    if (!m_server.listen(QHostAddress::LocalHost))
        qFatal("awkward MCP server did not start");
}

QList<AwkwardMcpServer::Request> AwkwardMcpServer::requests(const QString &rpcMethod) const
{
    QList<Request> matching;
    for (const Request &request : m_requests) {
        if (request.rpcMethod() == rpcMethod)
            matching.append(request);
    }
    return matching;
}

QList<AwkwardMcpServer::Request> AwkwardMcpServer::requestsByHttpMethod(const QByteArray &method) const
{
    QList<Request> matching;
    for (const Request &request : m_requests) {
        if (request.method == method)
            matching.append(request);
    }
    return matching;
}

QList<QJsonObject> AwkwardMcpServer::answers() const
{
    QList<QJsonObject> found;
    for (const Request &request : m_requests) {
        if (request.method == "POST" && !request.json.contains(u"method"_s))
            found.append(request.json);
    }
    return found;
}

QJsonArray AwkwardMcpServer::sampleTools(int count)
{
    static const char *const verbs[] = {"list", "create", "update", "delete", "search", "get", "archive"};
    static const char *const nouns[] = {"issue", "pull_request", "message", "channel",
                                        "page",  "file",         "event"};
    QJsonArray list;
    for (int i = 0; i < count; ++i) {
        const QString verb = QString::fromLatin1(verbs[i % 7]);
        const QString noun = QString::fromLatin1(nouns[(i / 7) % 7]);
        const QString name = u"%1_%2_%3"_s.arg(verb, noun).arg(i);
        const QJsonObject properties{
            {u"owner"_s, QJsonObject{{u"type"_s, u"string"_s},
                                     {u"description"_s, u"Account that owns the repository"_s}}},
            {u"repo"_s, QJsonObject{{u"type"_s, u"string"_s}, {u"minLength"_s, 1}, {u"maxLength"_s, 100}}},
            {u"state"_s, QJsonObject{{u"type"_s, u"string"_s},
                                     {u"enum"_s, QJsonArray{u"open"_s, u"closed"_s, u"all"_s}},
                                     {u"default"_s, u"open"_s}}},
            {u"labels"_s,
             QJsonObject{{u"type"_s, u"array"_s}, {u"items"_s, QJsonObject{{u"type"_s, u"string"_s}}}}},
            {u"per_page"_s, QJsonObject{{u"type"_s, u"integer"_s}, {u"minimum"_s, 1}, {u"maximum"_s, 100}}},
            {u"draft"_s, QJsonObject{{u"type"_s, QJsonArray{u"boolean"_s, u"null"_s}}}},
            {u"body"_s,
             QJsonObject{{u"type"_s, u"object"_s},
                         {u"properties"_s, QJsonObject{{u"title"_s, QJsonObject{{u"type"_s, u"string"_s}}},
                                                       {u"text"_s, QJsonObject{{u"type"_s, u"string"_s}}}}},
                         {u"required"_s, QJsonArray{u"title"_s}}}}};
        list.append(QJsonObject{
            {u"name"_s, name},
            {u"title"_s, u"%1 %2"_s.arg(verb, noun)},
            {u"description"_s, u"%1 a %2 in the sandbox's workspace. Returns the %2 as JSON with its id, "
                               u"author, timestamps and the fields that changed."_s.arg(verb, noun)},
            {u"inputSchema"_s, QJsonObject{{u"type"_s, u"object"_s},
                                           {u"properties"_s, properties},
                                           {u"required"_s, QJsonArray{u"owner"_s, u"repo"_s}},
                                           {u"additionalProperties"_s, false}}},
            {u"annotations"_s, QJsonObject{{u"readOnlyHint"_s, verb == u"list"_s || verb == u"get"_s},
                                           {u"destructiveHint"_s, verb == u"delete"_s}}}});
    }
    return list;
}

QByteArray AwkwardMcpServer::status(int code, const QByteArray &contentType, const QByteArray &extra)
{
    return "HTTP/1.1 " + QByteArray::number(code) + " X\r\n" +
           (contentType.isEmpty() ? QByteArray() : "Content-Type: " + contentType + "\r\n") + extra;
}

QByteArray AwkwardMcpServer::event(const QJsonObject &message, const QByteArray &id)
{
    return (id.isEmpty() ? QByteArray() : "id: " + id + "\n") +
           "event: message\ndata: " + QJsonDocument(message).toJson(QJsonDocument::Compact) + "\n\n";
}

QJsonObject AwkwardMcpServer::result(const QJsonValue &id, const QJsonValue &value)
{
    return {{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"result"_s, value}};
}

QJsonObject AwkwardMcpServer::notification(const QString &method, const QJsonObject &params)
{
    return {{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, method}, {u"params"_s, params}};
}

void AwkwardMcpServer::send(QTcpSocket *socket, int code, const QByteArray &contentType,
                            const QByteArray &body, const QByteArray &extra)
{
    socket->write(status(code, contentType, extra + sessionHeader()) + "Content-Length: " +
                  QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
    socket->disconnectFromHost();
}

void AwkwardMcpServer::stream(QTcpSocket *socket, const QByteArray &body)
{
    socket->write(status(200, "text/event-stream", sessionHeader()) + "Connection: close\r\n\r\n");
    if (!byteByByte) {
        socket->write(body);
        socket->disconnectFromHost();
        return;
    }
    QPointer<QTcpSocket> guard = socket;
    auto *timer = new QTimer(socket);
    auto position = std::make_shared<qsizetype>(0);
    connect(timer, &QTimer::timeout, socket, [guard, timer, body, position] {
        if (!guard)
            return;
        if (*position >= body.size()) {
            timer->stop();
            guard->disconnectFromHost();
            return;
        }
        guard->write(body.mid((*position)++, 1));
        guard->flush();
    });
    timer->start(1);
}

QByteArray AwkwardMcpServer::sessionHeader() const
{
    return m_session.isEmpty() ? QByteArray() : "Mcp-Session-Id: " + m_session + "\r\n";
}

void AwkwardMcpServer::reply(QTcpSocket *socket, const QJsonObject &message, const QByteArray &before)
{
    if (sse)
        stream(socket, before + event(message));
    else
        send(socket, 200, "application/json", QJsonDocument(message).toJson(QJsonDocument::Compact));
}

void AwkwardMcpServer::handle(QTcpSocket *socket, const Request &request)
{
    if (request.method == "DELETE") {
        send(socket, deleteStatus, {}, {});
        return;
    }
    if (request.method == "GET") {
        if (!m_pendingToolCall.isEmpty() && !request.header("Last-Event-ID").isEmpty()) {
            if (resumeGetsWithoutResult-- > 0) {
                stream(socket, "id: get-" + QByteArray::number(m_eventCounter++) +
                                   "\nretry: " + QByteArray::number(retryMs) + "\ndata: \n\n");
                return;
            }
            const QJsonObject pending = std::exchange(m_pendingToolCall, {});
            stream(socket, event(pending, "ev-result"));
            return;
        }
        send(socket, 405, {}, {});
        return;
    }
    if (!redirectFromPath.isEmpty() && request.path == redirectFromPath) {
        send(socket, 307, {}, {}, "Location: " + redirectTo.toEncoded() + "\r\n");
        return;
    }
    const QString method = request.rpcMethod();
    const QJsonValue id = request.json.value(u"id"_s);
    if (!sessionPrefix.isEmpty() && method != u"initialize"_s) {
        const QByteArray given = request.header("Mcp-Session-Id");
        if (given.isEmpty()) {
            send(socket, 400, "application/json",
                 "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32000,\"message\":\"No session "
                 "id\"}}");
            return;
        }
        if (given != m_session) {
            send(socket, 404, "application/json",
                 "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32001,\"message\":\"Session not "
                 "found\"}}");
            return;
        }
    }
    if (id.isUndefined() || !request.json.contains(u"method"_s)) {
        send(socket, 202, {}, {}); // a notification, or the client's answer to our request
        return;
    }
    if (method == u"initialize"_s) {
        if (!sessionPrefix.isEmpty())
            m_session = sessionPrefix + QByteArray::number(++m_sessions);
        reply(socket, result(id, QJsonObject{{u"protocolVersion"_s, protocolVersion},
                                             {u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject()}}},
                                             {u"serverInfo"_s, QJsonObject{{u"name"_s, u"awkward"_s},
                                                                           {u"title"_s, u"Awkward server"_s},
                                                                           {u"version"_s, u"1.2.3"_s}}},
                                             {u"instructions"_s, u"Be patient."_s}}));
    } else if (method == u"ping"_s) {
        reply(socket, result(id, QJsonObject()));
    } else if (method == u"tools/list"_s) {
        const int start = request.json.value(u"params"_s)[u"cursor"_s].toString().mid(5).toInt();
        const int size = pageSize > 0 ? pageSize : int(tools.size());
        QJsonObject page{{u"tools"_s, QJsonArray()}};
        QJsonArray slice;
        for (int i = start; i < std::min<int>(start + size, tools.size()); ++i)
            slice.append(tools.at(i));
        page[u"tools"_s] = slice;
        if (start + size < tools.size())
            page[u"nextCursor"_s] = u"page-%1"_s.arg(start + size);
        reply(socket, result(id, page));
    } else if (method == u"tools/call"_s) {
        callTool(socket, request, id);
    } else {
        reply(socket,
              {{u"jsonrpc"_s, u"2.0"_s},
               {u"id"_s, id},
               {u"error"_s, QJsonObject{{u"code"_s, -32601}, {u"message"_s, u"Method not found"_s}}}});
    }
}

void AwkwardMcpServer::callTool(QTcpSocket *socket, const Request &request, const QJsonValue &id)
{
    const QJsonObject params = request.json.value(u"params"_s).toObject();
    const QString name = params.value(u"name"_s).toString();
    const QJsonObject arguments = params.value(u"arguments"_s).toObject();
    const QJsonValue token = params.value(u"_meta"_s)[u"progressToken"_s];
    QJsonObject value;
    if (name == u"echo"_s) {
        value = {{u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s},
                                                       {u"text"_s, arguments.value(u"text"_s).toString()}}}},
                 {u"structuredContent"_s, QJsonObject{{u"echoed"_s, arguments}}}};
    } else if (name == u"image"_s) {
        value = {
            {u"content"_s,
             QJsonArray{QJsonObject{{u"type"_s, u"image"_s},
                                    {u"mimeType"_s, u"image/png"_s},
                                    {u"data"_s, QString::fromLatin1(
                                                    QByteArray("\x89PNG\r\n\x1a\n\0\x01", 10).toBase64())}},
                        QJsonObject{{u"type"_s, u"resource"_s},
                                    {u"resource"_s, QJsonObject{{u"uri"_s, u"file:///notes.txt"_s},
                                                                {u"mimeType"_s, u"text/plain"_s},
                                                                {u"text"_s, u"notes"_s}}}}}}};
    } else if (name == u"fail"_s) {
        value = {
            {u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"no such repo"_s}}}},
            {u"isError"_s, true}};
    } else if (name == u"rpcerror"_s) {
        reply(socket, {{u"jsonrpc"_s, u"2.0"_s},
                       {u"id"_s, id},
                       {u"error"_s, QJsonObject{{u"code"_s, -32602},
                                                {u"message"_s, u"Unknown tool: rpcerror"_s},
                                                {u"data"_s, QJsonObject{{u"tool"_s, name}}}}}});
        return;
    } else if (name == u"nullid"_s) {
        send(socket, 200, "application/json",
             "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}");
        return;
    } else if (name == u"progressing"_s) {
        // Progress every 100 ms for `steps` steps, then the result: longer than a short timeout in all.
        const int steps = arguments.value(u"steps"_s).toInt();
        socket->write(status(200, "text/event-stream", sessionHeader()) + "Connection: close\r\n\r\n");
        QPointer<QTcpSocket> guard = socket;
        auto *timer = new QTimer(socket);
        auto step = std::make_shared<int>(0);
        connect(timer, &QTimer::timeout, socket, [guard, timer, step, steps, token, id] {
            if (!guard)
                return;
            if (++*step <= steps) {
                guard->write(event(notification(u"notifications/progress"_s,
                                                {{u"progressToken"_s, token}, {u"progress"_s, *step}})));
                return;
            }
            timer->stop();
            guard->write(event(result(id, QJsonObject{{u"content"_s, QJsonArray()}})));
            guard->disconnectFromHost();
        });
        timer->start(100);
        return;
    } else if (name == u"slow"_s) {
        return; // never answers
    } else if (name == u"garbage"_s) {
        if (sse)
            stream(socket, "event: message\ndata: {not json\n\n");
        else
            send(socket, 200, "application/json", "{not json");
        return;
    } else if (name == u"oversized"_s) {
        value = {{u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s},
                                                       {u"text"_s, QString::fromLatin1(oversizedFill)}}}}};
    }
    const QJsonObject answer = result(id, value);
    if (resumeToolCall) {
        m_pendingToolCall = answer;
        socket->write(status(200, "text/event-stream", sessionHeader()) + "Connection: close\r\n\r\n" +
                      "id: ev-1\nretry: " + QByteArray::number(retryMs) + "\ndata: \n\n");
        QPointer<QTcpSocket> guard = socket;
        QTimer::singleShot(50, this, [this, guard] {
            m_toolStreamClosedAt = m_clock.elapsed();
            if (guard)
                guard->disconnectFromHost();
        });
        return;
    }
    QByteArray before;
    if (notificationsFirst) {
        before += event(notification(u"notifications/progress"_s, {{u"progressToken"_s, token},
                                                                   {u"progress"_s, 1},
                                                                   {u"total"_s, 2},
                                                                   {u"message"_s, u"halfway"_s}}));
        before += event(notification(u"notifications/message"_s,
                                     {{u"level"_s, u"info"_s}, {u"data"_s, u"working on it"_s}}));
    }
    if (serverRequestsFirst) {
        before += event({{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, u"srv-ping"_s}, {u"method"_s, u"ping"_s}});
        before += event({{u"jsonrpc"_s, u"2.0"_s},
                         {u"id"_s, 77},
                         {u"method"_s, u"sampling/createMessage"_s},
                         {u"params"_s, QJsonObject()}});
    }
    reply(socket, answer, before);
}

void AwkwardMcpServer::readFrom(QTcpSocket *socket)
{
    QByteArray &buffer = m_buffers[socket];
    buffer += socket->readAll();
    while (std::optional<RawHttpRequest> raw = RawHttpRequest::take(buffer)) {
        Request request;
        static_cast<RawHttpRequest &>(request) = *std::move(raw);
        request.json = QJsonDocument::fromJson(request.body).object();
        request.atMs = m_clock.elapsed();
        m_requests.append(request);
        handle(socket, request);
    }
}
